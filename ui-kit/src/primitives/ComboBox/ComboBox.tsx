import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import {
  ComboBox as AriaComboBox,
  FieldError,
  Group,
  Input,
  Label,
  ListBox,
  Popover,
  Text,
  Button as AriaButton,
  composeRenderProps,
  type ComboBoxProps as AriaComboBoxProps,
  type Key,
  type ValidationResult,
} from 'react-aria-components';
import { useT } from '../../i18n/locale-context';
import { displayText } from '../display-text';
import { Icon } from '../Icon/Icon';
import { SelectItem } from '../Select/Select';
import { Spinner } from '../Spinner/Spinner';

/** The spec's search debounce and minimum (contact search). */
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_MIN_CHARS = 3;

export type ComboBoxStatus = 'idle' | 'short' | 'loading' | 'done' | 'error';

export interface ComboBoxProps<T extends object> extends Omit<
  AriaComboBoxProps<T>,
  'children' | 'items' | 'defaultItems' | 'onSelectionChange' | 'inputValue' | 'defaultInputValue'
> {
  label: string;
  /** Async search: called with the typed text once it has `minChars` and typing paused `debounceMs`. */
  loadItems?: (query: string, signal: AbortSignal) => Promise<T[]>;
  /** Static choices, filtered as the user types (when there is no loadItems). */
  items?: T[];
  /** Default: item.id. */
  getKey?: (item: T) => Key;
  /** Default: item.label ?? item.name. */
  getLabel?: (item: T) => string;
  /** The option's content (the label by default). */
  renderItem?: (item: T) => ReactNode;
  onSelectionChange?: (key: Key | null, item: T | null) => void;
  /** Text in the input at start. */
  defaultInputValue?: string;
  /**
   * With `loadItems`: the item chosen at start (a form's preset). Its label fills the input and it is the one
   * option until the user types: no search is made for it. Pass its key as `defaultSelectedKey` too.
   */
  defaultItem?: T | null;
  minChars?: number;
  debounceMs?: number;
  description?: string;
  errorMessage?: string | ((validation: ValidationResult) => string);
  placeholder?: string;
  ref?: Ref<HTMLInputElement>;
}

const defaultKey = (item: object) => (item as { id: Key }).id;
const defaultLabel = (item: object) => {
  const { label, name } = item as { label?: unknown; name?: unknown };
  return displayText(label ?? name);
};

/** What a search was started for: a change of any of these starts a new one. */
interface SearchRequest {
  input: string;
  minChars: number;
  debounceMs: number;
}

/**
 * A text input with a list of suggestions. With `loadItems` it searches as the user types:
 * debounced 500 ms, from 3 characters, with a loading state, and an empty state that says
 * whether to type more or that nothing was found. With `items` it filters a static list.
 */
export function ComboBox<T extends object>({
  label,
  loadItems,
  items: staticItems,
  getKey = defaultKey,
  getLabel = defaultLabel,
  renderItem,
  onSelectionChange,
  defaultInputValue = '',
  defaultItem = null,
  minChars = SEARCH_MIN_CHARS,
  debounceMs = SEARCH_DEBOUNCE_MS,
  description,
  errorMessage,
  placeholder,
  className,
  ref,
  ...props
}: ComboBoxProps<T>) {
  const t = useT();
  const async = Boolean(loadItems);
  const presetLabel = async && defaultItem ? getLabel(defaultItem) : null;
  const [inputValue, setInputValue] = useState(presetLabel ?? defaultInputValue);
  const [results, setResults] = useState<T[]>(async && defaultItem ? [defaultItem] : []);
  const [status, setStatus] = useState<ComboBoxStatus>('idle');
  const [chosenLabel, setChosenLabel] = useState<string | null>(presetLabel);
  const [request, setRequest] = useState<SearchRequest | null>(null);
  const known = useRef(new Map<Key, T>(async && defaultItem ? [[getKey(defaultItem), defaultItem]] : []));
  const load = useRef(loadItems);
  useEffect(() => {
    load.current = loadItems;
  });

  // A changed input (or search setting) starts a new search. The status follows while rendering (React's pattern
  // for state that follows a changed value); the effect below runs the debounced request.
  // Choosing an option writes its label into the input: that is not a new search.
  const chosen = chosenLabel !== null && inputValue === chosenLabel;
  if (async && !chosen && (request?.input !== inputValue || request.minChars !== minChars || request.debounceMs !== debounceMs)) {
    setRequest({ input: inputValue, minChars, debounceMs });
    const query = inputValue.trim();
    if (query.length < minChars) {
      setResults([]);
      setStatus(query.length === 0 ? 'idle' : 'short');
    } else {
      setStatus('loading');
    }
  }

  useEffect(() => {
    if (!request) return;
    const query = request.input.trim();
    if (query.length < request.minChars) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      load.current!(query, controller.signal).then(
        (found) => {
          if (controller.signal.aborted) return;
          for (const item of found) known.current.set(getKey(item), item);
          setResults(found);
          setStatus('done');
        },
        () => {
          if (controller.signal.aborted) return;
          setResults([]);
          setStatus('error');
        },
      );
    }, request.debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // getKey is read at resolve time only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);

  const emptyText =
    status === 'loading'
      ? t('status.loading')
      : async && (status === 'short' || status === 'idle')
        ? t('combo.typeMore', { count: minChars })
        : t('combo.noOptions');

  const option = (item: T) => (
    <SelectItem id={getKey(item)} textValue={getLabel(item)}>
      {renderItem ? renderItem(item) : getLabel(item)}
    </SelectItem>
  );

  return (
    <AriaComboBox<T>
      {...props}
      {...(async
        ? { items: results, inputValue, onInputChange: setInputValue, allowsEmptyCollection: true }
        : { defaultItems: staticItems, defaultInputValue })}
      menuTrigger={props.menuTrigger ?? 'input'}
      onSelectionChange={(key) => {
        const item = key === null ? null : (known.current.get(key) ?? staticItems?.find((i) => getKey(i) === key) ?? null);
        setChosenLabel(item ? getLabel(item) : null);
        onSelectionChange?.(key, item);
      }}
      className={composeRenderProps(className, (custom) => (custom ? `atd-ComboBox ${custom}` : 'atd-ComboBox'))}
      data-status={async ? status : undefined}
    >
      <Label className="atd-ComboBox-label">{label}</Label>
      <Group className="atd-ComboBox-group">
        <Input ref={ref} className="atd-ComboBox-input" placeholder={placeholder} />
        {status === 'loading' && <Spinner size="sm" className="atd-ComboBox-spinner" />}
        <AriaButton className="atd-ComboBox-button">
          <Icon name="chevronDown" />
        </AriaButton>
      </Group>
      {description && (
        <Text slot="description" className="atd-ComboBox-description">
          {description}
        </Text>
      )}
      <FieldError className="atd-ComboBox-error">{errorMessage}</FieldError>
      <Popover className="atd-Select-popover atd-ComboBox-popover">
        <ListBox<T>
          className="atd-Select-listbox"
          renderEmptyState={() => (
            <div className="atd-ComboBox-empty" data-status={status}>
              {emptyText}
            </div>
          )}
        >
          {option}
        </ListBox>
      </Popover>
    </AriaComboBox>
  );
}

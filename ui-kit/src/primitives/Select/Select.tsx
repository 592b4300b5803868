import type { ReactNode, Ref } from 'react';
import {
  Button as AriaButton,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  Text,
  composeRenderProps,
  type Key,
  type ListBoxItemProps,
  type SelectProps as AriaSelectProps,
  type ValidationResult,
} from 'react-aria-components';
import { useT } from '../../i18n/locale-context';
import { Icon } from '../Icon/Icon';

export interface SelectOption {
  id: Key;
  label: string;
  isDisabled?: boolean;
}

export interface SelectProps<T extends object = SelectOption> extends Omit<AriaSelectProps<T, 'single'>, 'children' | 'items'> {
  label: string;
  /** The choices; each needs an `id` and a `label` unless `children` renders them. */
  items?: Iterable<T>;
  children?: ReactNode | ((item: T) => ReactNode);
  description?: string;
  errorMessage?: string | ((validation: ValidationResult) => string);
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A single choice from a list: a button that opens a listbox. Pass `items` ({ id, label }) or
 * SelectItem children. `placeholder` defaults to 'Selecione'.
 */
export function Select<T extends object = SelectOption>({
  label,
  items,
  children,
  description,
  errorMessage,
  placeholder,
  className,
  ref,
  ...props
}: SelectProps<T>) {
  const t = useT();
  const render =
    children ??
    ((item: T) => {
      const option = item as unknown as SelectOption;
      return (
        <SelectItem id={option.id} isDisabled={option.isDisabled} textValue={option.label}>
          {option.label}
        </SelectItem>
      );
    });
  return (
    <AriaSelect
      {...props}
      placeholder={placeholder ?? t('select.placeholder')}
      className={composeRenderProps(className, (custom) => (custom ? `atd-Select ${custom}` : 'atd-Select'))}
    >
      <Label className="atd-Select-label">{label}</Label>
      <AriaButton ref={ref} className="atd-Select-button">
        <SelectValue className="atd-Select-value" />
        <Icon name="chevronDown" className="atd-Select-chevron" />
      </AriaButton>
      {description && (
        <Text slot="description" className="atd-Select-description">
          {description}
        </Text>
      )}
      <FieldError className="atd-Select-error">{errorMessage}</FieldError>
      <Popover className="atd-Select-popover">
        <ListBox className="atd-Select-listbox" items={items}>
          {render}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}

/** One option of a Select (or any kit listbox). */
export function SelectItem({ className, children, ...props }: ListBoxItemProps) {
  return (
    <ListBoxItem {...props} className={composeRenderProps(className, (custom) => (custom ? `atd-SelectItem ${custom}` : 'atd-SelectItem'))}>
      {composeRenderProps(children, (content, { isSelected }) => (
        <>
          <span className="atd-SelectItem-label">{content}</span>
          {isSelected && <Icon name="check" className="atd-SelectItem-check" />}
        </>
      ))}
    </ListBoxItem>
  );
}

import { useLayoutEffect, useRef, useState, type CSSProperties, type FocusEvent, type KeyboardEvent } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { useFocusRing } from 'react-aria/useFocusRing';
import { useFocusWithin } from 'react-aria/useFocusWithin';
import { useId } from 'react-aria/useId';
import { isFocusVisible, useInteractionModality } from 'react-aria/private/interactions/useFocusVisible';
import type { Schema } from '../../../client';
import { useT } from '../../../i18n';
import { attendantToolsTexts } from '../attendant-tools.texts';
import { Button } from '../../../primitives/Button/Button';
import { Icon } from '../../../primitives/Icon/Icon';
import { LazyPopoverTrigger, lazyOverlay } from '../../../primitives/LazyOverlay/LazyOverlay';
import { readableOn } from '../../../theme/AtendeRoot';

// The chooser (react-aria's Popover, Dialog, CheckboxGroup) loads when it first opens.
const TicketTagsChooser = lazyOverlay(() => import('./TicketTagsChooser').then((m) => m.TicketTagsChooser));

export type TicketTag = Pick<Schema<'TagDto'>, 'id' | 'name' | 'color'>;

export interface TicketTagsViewProps {
  /** The ticket's tags. */
  applied: TicketTag[];
  /** Every tag of the company (kanban lanes and plain tags), for the chooser. */
  options: TicketTag[];
  /** The ticket's tags become exactly these ids. */
  onChange: (tagIds: number[]) => void;
  isPending?: boolean;
}

const colored = (color: string): CSSProperties => ({ '--atd-chip-bg': color, '--atd-chip-fg': readableOn(color) ?? '#ffffff' }) as CSSProperties;

/**
 * The ticket's tags, a row under the chat header (where Whaticket shows them): the applied tags in their colours as
 * a grid of tags (TagGrid: arrow keys move between them, Delete or Backspace or the x removes one) and the 'Etiquetas'
 * button, a checkbox list of every tag of the company, kanban lane or not.
 */
export function TicketTagsView({ applied, options, onChange, isPending = false }: TicketTagsViewProps) {
  const t = useT(attendantToolsTexts);
  const ids = applied.map((tag) => tag.id);
  return (
    <div className="atd-TicketTags" data-pending={isPending || undefined}>
      <TagGrid tags={applied} onRemove={(id) => onChange(ids.filter((other) => other !== id))} />
      <LazyPopoverTrigger overlay={<TicketTagsChooser ids={ids} options={options} onChange={onChange} />}>
        <Button variant="secondary" className="atd-TicketTags-edit" aria-label={t('ticketTags.editLabel')}>
          <Icon name="add" />
          {t('ticketTags.edit')}
        </Button>
      </LazyPopoverTrigger>
    </div>
  );
}

const rowOf = (target: EventTarget) => (target instanceof Element ? target.closest<HTMLElement>('[role="row"]') : null);

/**
 * The applied tags with the DOM, keyboard and focus behaviour of react-aria-components' TagGroup (which it replaced:
 * TagGroup's collection, selection and grid code was about 16 kB gzip of a list + chat page): a `grid` (a `group` with
 * the empty text when there is none) of one `row` per tag, one tab stop (the last tag focused, else the first, or the
 * last when coming back with Shift+Tab), arrow keys, Home, End, PageUp and PageDown move between tags (wrapping),
 * Delete and Backspace remove the focused tag (focus goes to the next, else the previous, else the grid), and Tab goes
 * from a tag to its x, then out. Additions are announced while focus is in it.
 */
function TagGrid({ tags, onRemove }: { tags: TicketTag[]; onRemove: (id: number) => void }) {
  const t = useT(attendantToolsTexts);
  const gridRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const hintId = useId();
  const [focusedKey, setFocusedKeyState] = useState<number | null>(null);
  const focused = useRef<number | null>(null);
  const setFocusedKey = (key: number | null) => {
    focused.current = key;
    setFocusedKeyState(key);
  };
  const [isFocusWithin, setFocusWithin] = useState(false);
  const { focusWithinProps } = useFocusWithin({ onFocusWithinChange: setFocusWithin });
  const { focusProps, isFocused, isFocusVisible: isGridFocusVisible } = useFocusRing();
  let modality = useInteractionModality();
  if (modality === 'virtual' && typeof window !== 'undefined' && 'ontouchstart' in window) modality = 'pointer';
  const showHint = modality === 'keyboard' || modality === 'virtual';

  const keys = tags.map((tag) => tag.id);
  const rowElement = (key: number) => gridRef.current?.querySelector<HTMLElement>(`[role="row"][data-key="${key}"]`) ?? null;
  const focusRow = (key: number) => {
    setFocusedKey(key);
    rowElement(key)?.focus();
  };

  // The focused tag went away (removed here or elsewhere): the tag now at its place, else the last one, takes the
  // focus when it was in the grid; the grid itself when no tag is left.
  const previousKeys = useRef(keys);
  useLayoutEffect(() => {
    const before = previousKeys.current;
    previousKeys.current = keys;
    const key = focused.current;
    if (key === null || keys.includes(key)) return;
    const next = keys.length ? keys[Math.min(Math.max(before.indexOf(key), 0), keys.length - 1)] : null;
    const grid = gridRef.current;
    const focusWasHere = grid !== null && (grid.contains(document.activeElement) || document.activeElement === document.body) && isFocusWithin;
    setFocusedKey(next);
    if (!focusWasHere) return;
    if (next === null) grid.focus();
    else rowElement(next)?.focus();
  });

  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    const grid = e.currentTarget;
    if (e.relatedTarget instanceof Node && grid.contains(e.relatedTarget)) return; // moving inside
    if (!keys.length) return;
    const current = focused.current !== null && keys.includes(focused.current) ? rowElement(focused.current) : null;
    if (current) {
      if (!current.contains(e.target)) current.focus();
      return;
    }
    const fromAfter = e.relatedTarget instanceof Node && (grid.compareDocumentPosition(e.relatedTarget) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    if (e.target === grid || !rowOf(e.target)) focusRow(fromAfter ? keys[keys.length - 1] : keys[0]);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const grid = e.currentTarget;
    const row = rowOf(e.target);
    if (e.key === 'Tab') {
      if (e.shiftKey) {
        if (row === e.target) grid.focus(); // the browser then moves on from the grid: out, backwards
      } else if (row !== e.target) {
        // From a tag's x: to the last tab stop in the grid, so that the browser's Tab leaves it.
        const stops = grid.querySelectorAll<HTMLElement>('[tabindex="0"], button:not([tabindex="-1"])');
        stops[stops.length - 1]?.focus();
      }
      return;
    }
    if (!keys.length) return;
    const index = focused.current === null ? -1 : keys.indexOf(focused.current);
    const last = keys.length - 1;
    let to: number | undefined;
    switch (e.key) {
      case 'ArrowRight':
      case 'ArrowDown':
        to = index < 0 || index === last ? 0 : index + 1;
        break;
      case 'ArrowLeft':
      case 'ArrowUp':
        to = index <= 0 ? last : index - 1;
        break;
      case 'Home':
      case 'PageUp':
        to = 0;
        break;
      case 'End':
      case 'PageDown':
        to = last;
        break;
      case 'Delete':
      case 'Backspace': {
        const key = row ? Number(row.dataset.key) : NaN;
        if (!row || Number.isNaN(key)) return;
        e.preventDefault();
        onRemove(key);
        return;
      }
      default:
        return;
    }
    e.preventDefault();
    focusRow(keys[to]);
  };

  return (
    <div className="atd-TicketTags-group">
      <div
        ref={gridRef}
        id={id}
        role={keys.length ? 'grid' : 'group'}
        aria-label={t('ticketTags.label')}
        className="atd-TicketTags-list"
        tabIndex={focusedKey === null ? 0 : -1}
        aria-atomic={false}
        aria-relevant="additions"
        aria-live={isFocusWithin ? 'polite' : 'off'}
        data-empty={keys.length === 0 || undefined}
        data-focused={isFocused || undefined}
        data-focus-visible={isGridFocusVisible || undefined}
        {...focusWithinProps}
        onFocus={(e) => {
          focusWithinProps.onFocus?.(e);
          focusProps.onFocus?.(e);
          onFocus(e);
        }}
        onBlur={(e) => {
          focusWithinProps.onBlur?.(e);
          focusProps.onBlur?.(e);
        }}
        onKeyDown={onKeyDown}
      >
        {tags.length === 0 ? (
          <span className="atd-TicketTags-none">{t('ticketTags.none')}</span>
        ) : (
          tags.map((tag) => (
            <TagRow
              key={tag.id}
              tag={tag}
              rowId={`${id}-${tag.id}`}
              tabIndex={focusedKey === tag.id || focusedKey === null ? 0 : -1}
              isFocused={isFocusWithin && focusedKey === tag.id}
              describedBy={showHint ? hintId : undefined}
              onFocusRow={(self) => {
                // A tag's x focused by the pointer makes that tag the focused one; by the keyboard it does not (the
                // grid is one tab stop: focus goes back to the tag it left).
                if (self || !isFocusVisible()) setFocusedKey(tag.id);
              }}
              onRemove={() => onRemove(tag.id)}
            />
          ))
        )}
      </div>
      <span id={hintId} hidden>
        {t('ticketTags.removeHint')}
      </span>
    </div>
  );
}

interface TagRowProps {
  tag: TicketTag;
  rowId: string;
  tabIndex: number;
  isFocused: boolean;
  describedBy: string | undefined;
  onFocusRow: (self: boolean) => void;
  onRemove: () => void;
}

function TagRow({ tag, rowId, tabIndex, isFocused, describedBy, onFocusRow, onRemove }: TagRowProps) {
  const t = useT(attendantToolsTexts);
  const buttonId = useId();
  const { focusProps, isFocusVisible: isRowFocusVisible } = useFocusRing();
  return (
    <div
      id={rowId}
      role="row"
      aria-label={tag.name}
      aria-describedby={describedBy}
      tabIndex={tabIndex}
      className="atd-Chip atd-TicketTags-tag"
      data-colored
      style={colored(tag.color)}
      data-key={tag.id}
      data-allows-removing
      data-focused={isFocused || undefined}
      data-focus-visible={isRowFocusVisible || undefined}
      onFocus={(e) => {
        focusProps.onFocus?.(e);
        onFocusRow(e.target === e.currentTarget);
      }}
      onBlur={focusProps.onBlur}
    >
      <div role="gridcell" aria-colindex={1} style={{ display: 'contents' }}>
        <span className="atd-Chip-label">{tag.name}</span>
        <AriaButton
          id={buttonId}
          className="atd-Chip-remove"
          aria-label={t('ticketTags.remove', { name: tag.name })}
          aria-labelledby={`${buttonId} ${rowId}`}
          onPress={onRemove}
        >
          <Icon name="close" size="0.9rem" />
        </AriaButton>
      </div>
    </div>
  );
}

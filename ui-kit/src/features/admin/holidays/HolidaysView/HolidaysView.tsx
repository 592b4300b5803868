import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocale, useT } from '../../../../i18n';
import { holidaysTexts } from '../holidays.texts';
import { Button } from '../../../../primitives/Button/Button';
import { ConfirmationDialog } from '../../../../primitives/ConfirmationDialog/ConfirmationDialog';
import { LoadFailed } from '../../../../primitives/EmptyState/LoadFailed';
import { Icon } from '../../../../primitives/Icon/Icon';
import { IconButton } from '../../../../primitives/IconButton/IconButton';
import { TextField } from '../../../../primitives/TextField/TextField';
import { LANGUAGE_TAGS } from '../../../../theme/AtendeRoot';
import {
  addDays,
  addMonths,
  addMonthsToDay,
  formatDay,
  formatMonth,
  isoDay,
  monthKey,
  monthOf,
  monthWeeks,
  weekdayIndex,
  weekdayNames,
  type YearMonth,
} from '../holiday-dates';
import type { Holiday } from '../holiday-rules';

export interface HolidaysViewProps {
  /** The company's holidays (every page of GET /holidays, by date; searched when `search` is set); undefined until the first answer. */
  holidays: Holiday[] | undefined;
  isLoading: boolean;
  isError?: boolean;
  onReload?: () => void;
  /** The day the calendar marks as today (`YYYY-MM-DD`, the browser's own day). */
  today: string;
  /** The month shown (controlled); leave out to let the calendar keep it, starting on today's month. */
  month?: YearMonth;
  onMonthChange?: (month: YearMonth) => void;
  /** The search box (name or message); with text, the list shows every match and the calendar only them. */
  search: string;
  onSearchChange: (search: string) => void;
  /** 'Adicionar feriado', or a day of the calendar (its date given). */
  onAdd: (date?: string) => void;
  onOpen: (holiday: Holiday) => void;
  /** After the confirmation; the dialog stays open, pending, until it settles. */
  onDelete: (holiday: Holiday) => Promise<void>;
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
}

/** Chips a day shows before '+n' (the month's list names them all). */
const CHIPS_PER_DAY = 3;

/**
 * The holidays tab (spec administration §2): a month calendar, Monday first, with the locale's month and weekday
 * names; previous, next and today; each day shows its holidays as chips tinted by status (pending, sent, error), and
 * choosing a day adds a holiday on it. Arrow keys move between days (Page Up/Down: months). Under it, the month's
 * holidays as a list (the way in for screen readers and narrow screens), each with delete after a confirmation.
 */
export function HolidaysView({
  holidays,
  isLoading,
  isError = false,
  onReload,
  today,
  month: monthProp,
  onMonthChange,
  search,
  onSearchChange,
  onAdd,
  onOpen,
  onDelete,
  headingLevel = 2,
}: HolidaysViewProps) {
  const t = useT(holidaysTexts);
  const tag = LANGUAGE_TAGS[useLocale()];
  const titleId = useId();
  const monthId = useId();
  const keysId = useId();
  const gridId = useId();
  const Heading = `h${headingLevel}` as const;
  const SubHeading = `h${Math.min(headingLevel + 1, 6)}` as 'h2' | 'h3' | 'h4';
  const [ownMonth, setOwnMonth] = useState<YearMonth>(() => monthOf(today));
  const month = monthProp ?? ownMonth;
  const setMonth = (next: YearMonth) => {
    if (!monthProp) setOwnMonth(next);
    onMonthChange?.(next);
  };
  const [deleting, setDeleting] = useState<Holiday | null>(null);

  // The day that holds the grid's one tab stop; kept inside the month shown.
  const key = monthKey(month);
  const [cursor, setCursor] = useState(today);
  const focusDay = cursor.startsWith(key) ? cursor : today.startsWith(key) ? today : isoDay(month.year, month.month, 1);
  const grid = useRef<HTMLTableElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`button[data-date="${focusDay}"]`)?.focus();
  }, [focusDay]);

  const moveTo = (day: string) => {
    moved.current = true;
    setCursor(day);
    if (!day.startsWith(key)) setMonth(monthOf(day));
  };
  const onGridKey = (event: KeyboardEvent<HTMLButtonElement>, day: string) => {
    const step: Record<string, () => string> = {
      ArrowLeft: () => addDays(day, -1),
      ArrowRight: () => addDays(day, 1),
      ArrowUp: () => addDays(day, -7),
      ArrowDown: () => addDays(day, 7),
      Home: () => addDays(day, -weekdayIndex(day)),
      End: () => addDays(day, 6 - weekdayIndex(day)),
      PageUp: () => addMonthsToDay(day, event.shiftKey ? -12 : -1),
      PageDown: () => addMonthsToDay(day, event.shiftKey ? 12 : 1),
    };
    const next = step[event.key];
    if (!next) return;
    event.preventDefault();
    moveTo(next());
  };

  const byDay = new Map<string, Holiday[]>();
  for (const holiday of holidays ?? []) {
    const day = holiday.dateHoliday.slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), holiday]);
  }
  const searching = search.trim() !== '';
  const listed = searching ? (holidays ?? []) : (holidays ?? []).filter((h) => h.dateHoliday.startsWith(key));
  const weeks = monthWeeks(month);
  const longDays = weekdayNames(tag, 'long');
  const shortDays = weekdayNames(tag, 'short');
  const monthName = formatMonth(tag, month);
  // 'Dezembro de 2026': the first letter only (CSS capitalize would write 'De').
  const monthTitle = monthName.charAt(0).toLocaleUpperCase(tag) + monthName.slice(1);
  const status = (holiday: Holiday) => t(`holidays.status.${holiday.status}`);
  const failed = isError && !holidays;

  return (
    <section className="atd-Holidays" aria-labelledby={titleId}>
      <header className="atd-Holidays-header">
        <Heading id={titleId} className="atd-Holidays-title">
          {t('holidays.title')}
        </Heading>
        <div className="atd-Holidays-tools">
          <TextField
            type="search"
            label={t('holidays.search')}
            placeholder={t('holidays.search.placeholder')}
            value={search}
            onChange={onSearchChange}
            className="atd-Holidays-search"
          />
          <Button onPress={() => onAdd()} className="atd-Holidays-add">
            <Icon name="add" />
            {t('holidays.add')}
          </Button>
        </div>
      </header>

      <div className="atd-Holidays-calendar">
        <div className="atd-Holidays-monthBar">
          <IconButton aria-label={t('holidays.calendar.previous')} onPress={() => setMonth(addMonths(month, -1))}>
            <Icon name="chevronDown" className="atd-Holidays-prev" />
          </IconButton>
          <SubHeading id={monthId} className="atd-Holidays-month" aria-live="polite">
            {monthTitle}
          </SubHeading>
          <IconButton aria-label={t('holidays.calendar.next')} onPress={() => setMonth(addMonths(month, 1))}>
            <Icon name="chevronDown" className="atd-Holidays-next" />
          </IconButton>
          <Button
            variant="secondary"
            className="atd-Holidays-today"
            onPress={() => {
              setCursor(today);
              setMonth(monthOf(today));
            }}
          >
            {t('holidays.calendar.today')}
          </Button>
        </div>
        <p id={keysId} className="atd-visually-hidden">
          {t('holidays.calendar.keys')}
        </p>
        <table ref={grid} className="atd-Holidays-grid" aria-labelledby={monthId} aria-describedby={keysId}>
          <thead>
            <tr>
              {longDays.map((name, i) => (
                <th key={name} scope="col" abbr={name} className="atd-Holidays-weekday" data-weekend={i >= 5 || undefined}>
                  {shortDays[i]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0]}>
                {week.map((day) => {
                  const outside = !day.startsWith(key);
                  const dayHolidays = byDay.get(day) ?? [];
                  const label = t('holidays.calendar.addOn', { date: formatDay(tag, day, 'full') });
                  return (
                    <td
                      key={day}
                      className="atd-Holidays-day"
                      data-outside={outside || undefined}
                      data-today={day === today || undefined}
                      data-weekend={weekdayIndex(day) >= 5 || undefined}
                    >
                      <button
                        type="button"
                        className="atd-Holidays-dayButton"
                        data-date={day}
                        tabIndex={day === focusDay ? 0 : -1}
                        aria-label={label}
                        aria-current={day === today ? 'date' : undefined}
                        aria-describedby={dayHolidays.length > 0 ? `${gridId}-${day}` : undefined}
                        onClick={() => {
                          setCursor(day);
                          onAdd(day);
                        }}
                        onKeyDown={(event) => onGridKey(event, day)}
                      >
                        <span aria-hidden="true">{Number(day.slice(8))}</span>
                      </button>
                      {dayHolidays.length > 0 && (
                        <ul className="atd-Holidays-chips" id={`${gridId}-${day}`}>
                          {dayHolidays.slice(0, CHIPS_PER_DAY).map((holiday) => (
                            <li key={holiday.id}>
                              <button
                                type="button"
                                className="atd-Holidays-chip"
                                data-status={holiday.status}
                                tabIndex={-1}
                                aria-label={t('holidays.chip', { name: holiday.name, status: status(holiday) })}
                                title={holiday.name}
                                onClick={() => onOpen(holiday)}
                              >
                                <span className="atd-Holidays-chipName">{holiday.name}</span>
                              </button>
                            </li>
                          ))}
                          {dayHolidays.length > CHIPS_PER_DAY && (
                            <li className="atd-Holidays-more" aria-hidden="true">
                              {t('holidays.calendar.more', { count: dayHolidays.length - CHIPS_PER_DAY })}
                            </li>
                          )}
                        </ul>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <section className="atd-Holidays-list" aria-labelledby={`${titleId}-list`}>
        <SubHeading id={`${titleId}-list`} className="atd-Holidays-listTitle">
          {searching ? t('holidays.results.title') : t('holidays.month.title', { month: monthName })}
        </SubHeading>
        {failed ? (
          <LoadFailed title={t('holidays.loadError')} onRetry={onReload} />
        ) : isLoading && !holidays ? (
          <p className="atd-Holidays-note" role="status">
            {t('holidays.loading')}
          </p>
        ) : listed.length === 0 ? (
          <p className="atd-Holidays-note">{t(searching ? 'holidays.results.empty' : 'holidays.month.empty')}</p>
        ) : (
          <ul className="atd-Holidays-items">
            {listed.map((holiday) => (
              <li key={holiday.id} className="atd-Holidays-item" data-status={holiday.status}>
                <button
                  type="button"
                  className="atd-Holidays-itemOpen"
                  aria-label={t('holidays.item', {
                    date: formatDay(tag, holiday.dateHoliday.slice(0, 10), 'medium'),
                    name: holiday.name,
                    status: status(holiday),
                  })}
                  onClick={() => onOpen(holiday)}
                >
                  <span className="atd-Holidays-itemDate">{formatDay(tag, holiday.dateHoliday.slice(0, 10), 'medium')}</span>
                  <span className="atd-Holidays-itemName">{holiday.name}</span>
                  <span className="atd-Holidays-status" data-status={holiday.status}>
                    {status(holiday)}
                  </span>
                </button>
                <IconButton
                  icon="delete"
                  size="sm"
                  variant="danger"
                  aria-label={t('holidays.delete', { name: holiday.name })}
                  onPress={() => setDeleting(holiday)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <ConfirmationDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('holidays.confirmDelete.title', { name: deleting?.name ?? '' })}
        confirmLabel={t('action.delete')}
        onConfirm={async () => {
          if (deleting) await onDelete(deleting);
        }}
      >
        <p className="atd-Holidays-confirmText">{t('holidays.confirmDelete.body')}</p>
      </ConfirmationDialog>
    </section>
  );
}

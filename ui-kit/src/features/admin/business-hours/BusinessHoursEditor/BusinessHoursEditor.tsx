import { useId } from 'react';
import { useT } from '../../../../i18n';
import { queuesTexts } from '../../../../i18n/queues';
import { TextField } from '../../../../primitives/TextField/TextField';
import { isClosed, maskTime, scheduleErrors, type Schedule } from '../business-hours';

export interface BusinessHoursEditorProps {
  /** The seven days, Monday first (`fullWeek` completes a stored list). */
  value: Schedule[];
  onChange: (next: Schedule[]) => void;
  /** Show the days' errors (after a save was tried); until then a half-typed time is not called wrong. */
  showErrors?: boolean;
  isDisabled?: boolean;
  /** The heading's level; the editor is a section of a form or a tab. Default 3. */
  headingLevel?: 2 | 3 | 4;
}

/**
 * The weekly hours (spec administration §3, §4): a row per day with its start and end, typed as HH:MM through the
 * '##:##' mask; 00:00 to 00:00 marks a closed day. Shared by the queue modal's 'Horários de Atendimento' tab and the
 * settings' Horários tab; the form around it saves (the hint says so, as the spec asks).
 */
export function BusinessHoursEditor({ value, onChange, showErrors = false, isDisabled = false, headingLevel = 3 }: BusinessHoursEditorProps) {
  const t = useT(queuesTexts);
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const errors = scheduleErrors(value);
  const set = (index: number, field: 'startTime' | 'endTime', text: string) =>
    onChange(value.map((s, i) => (i === index ? { ...s, [field]: maskTime(text) } : s)));

  return (
    <section className="atd-BusinessHours" aria-labelledby={titleId}>
      <Heading id={titleId} className="atd-BusinessHours-title">
        {t('hours.title')}
      </Heading>
      <p className="atd-BusinessHours-hint">{t('hours.hint')}</p>
      <div className="atd-BusinessHours-head" aria-hidden="true">
        <span>{t('hours.weekday')}</span>
        <span>{t('hours.start')}</span>
        <span>{t('hours.end')}</span>
      </div>
      <ul className="atd-BusinessHours-days">
        {value.map((schedule, index) => {
          const day = t(`hours.day.${schedule.weekdayEn}`);
          const error = showErrors ? errors[index] : {};
          return (
            <li key={schedule.weekdayEn} className="atd-BusinessHours-day" data-closed={isClosed(schedule) || undefined}>
              <span className="atd-BusinessHours-dayName">
                {day}
                {isClosed(schedule) && (
                  <span className="atd-BusinessHours-closed" title={t('hours.closedHint')}>
                    {t('hours.closed')}
                  </span>
                )}
              </span>
              {(['startTime', 'endTime'] as const).map((field) => (
                <TextField
                  key={field}
                  label={t(field === 'startTime' ? 'hours.startOf' : 'hours.endOf', { day })}
                  className="atd-BusinessHours-time"
                  value={schedule[field]}
                  onChange={(text) => set(index, field, text)}
                  inputMode="numeric"
                  placeholder="00:00"
                  maxLength={5}
                  isDisabled={isDisabled}
                  isInvalid={Boolean(error[field])}
                  errorMessage={error[field] ? t(error[field]) : undefined}
                />
              ))}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

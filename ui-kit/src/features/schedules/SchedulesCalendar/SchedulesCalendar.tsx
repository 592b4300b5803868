import FullCalendar from '@fullcalendar/react';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import listPlugin from '@fullcalendar/react/list';
import ptBrLocale from '@fullcalendar/react/locales/pt-br';
import esLocale from '@fullcalendar/react/locales/es';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import { useMemo } from 'react';
import { useLocale, useT } from '../../../i18n';
import { schedulesTexts } from '../schedules.texts';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { isSent, type Schedule } from '../schedule-rules';

/** Below this width a month's cells are too narrow for a name: the calendar opens on the agenda (list) instead. */
const NARROW = '(max-width: 640px)';
const narrowScreen = () => typeof window !== 'undefined' && Boolean(window.matchMedia?.(NARROW).matches);

/** Spec back-office §9: the calendar is 500 pixels high. */
export const SCHEDULES_CALENDAR_HEIGHT = 500;

export type SchedulesCalendarView = 'dayGridMonth' | 'timeGridWeek' | 'timeGridDay' | 'listWeek';

export interface SchedulesCalendarProps {
  schedules: Schedule[];
  onEdit: (schedule: Schedule) => void;
  onDelete: (schedule: Schedule) => void;
  /** The first view (month by default, the agenda on a narrow screen); the toolbar switches among month, week, day and agenda. */
  initialView?: SchedulesCalendarView;
  /** The day shown first (today by default). */
  initialDate?: Date | string;
  height?: number;
}

const FC_LOCALES = { pt: ptBrLocale, es: esLocale, en: undefined } as const;

/**
 * The schedules on FullCalendar (v7, classic theme restyled with the kit's custom properties): each at its sendAt,
 * showing the contact's name and its status, with edit and delete buttons. Month, week, day and agenda views.
 */
export function SchedulesCalendar({ schedules, onEdit, onDelete, initialView, initialDate, height = SCHEDULES_CALENDAR_HEIGHT }: SchedulesCalendarProps) {
  const t = useT(schedulesTexts);
  const locale = useLocale();
  const byId = useMemo(() => new Map(schedules.map((s) => [String(s.id), s])), [schedules]);
  const events = useMemo(
    () =>
      schedules.map((s) => ({
        id: String(s.id),
        title: s.contact.name || s.contact.number,
        start: s.sendAt,
        allDay: false,
        classNames: [`atd-ScheduleEvent--${s.status}`],
      })),
    [schedules],
  );
  const fcLocale = FC_LOCALES[locale] ?? 'en';

  return (
    <div className="atd-SchedulesCalendar" role="region" aria-label={t('schedules.calendar.label')}>
      <FullCalendar
        plugins={[classicThemePlugin, dayGridPlugin, timeGridPlugin, listPlugin]}
        initialView={initialView ?? (narrowScreen() ? 'listWeek' : 'dayGridMonth')}
        initialDate={initialDate}
        locale={fcLocale}
        height={height}
        headingLevel={2}
        toolbarTitleClass="atd-SchedulesCalendar-title"
        headerToolbar={{ start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' }}
        buttons={{
          today: { text: t('schedules.calendar.today'), hint: t('schedules.calendar.today') },
          prev: { hint: t('schedules.calendar.previous') },
          next: { hint: t('schedules.calendar.next') },
          dayGridMonth: { text: t('schedules.calendar.month'), hint: t('schedules.calendar.month') },
          timeGridWeek: { text: t('schedules.calendar.week'), hint: t('schedules.calendar.week') },
          timeGridDay: { text: t('schedules.calendar.day'), hint: t('schedules.calendar.day') },
          listWeek: { text: t('schedules.calendar.agenda'), hint: t('schedules.calendar.agenda') },
        }}
        allDayText={t('schedules.calendar.allDay')}
        noEventsText={t('schedules.calendar.noEvents')}
        moreLinkText={(n: number) => t('schedules.calendar.more', { count: n })}
        dayMaxEvents={3}
        eventDisplay="block"
        events={events}
        eventContent={(info) => {
          const schedule = byId.get(info.event.id);
          if (!schedule) return null;
          const name = schedule.contact.name || schedule.contact.number;
          const label = t('schedules.event', { contact: name, time: info.timeText, status: t(`schedules.status.${schedule.status}`) });
          return (
            <span className="atd-ScheduleEvent" data-status={schedule.status} title={label}>
              <span className="atd-ScheduleEvent-time">{info.timeText}</span>
              <span className="atd-ScheduleEvent-name">{name}</span>
              <span className="atd-visually-hidden">{t(`schedules.status.${schedule.status}`)}</span>
              <span className="atd-ScheduleEvent-actions">
                <IconButton
                  icon={isSent(schedule) ? 'eye' : 'edit'}
                  size="sm"
                  aria-label={t(isSent(schedule) ? 'schedules.view' : 'schedules.edit', { contact: name })}
                  onPress={() => onEdit(schedule)}
                />
                <IconButton icon="delete" size="sm" variant="danger" aria-label={t('schedules.delete', { contact: name })} onPress={() => onDelete(schedule)} />
              </span>
            </span>
          );
        }}
      />
    </div>
  );
}

// Scheduled messages: the calendar page, and the schedule modal shared with the contacts list and the ticket menu.
export {
  DEFAULT_SEND_AHEAD_MS,
  SCHEDULE_MEDIA_MAX_BYTES,
  SCHEDULE_MEDIA_TYPES,
  bodyRule,
  defaultSendAt,
  isScheduleImage,
  type ScheduleContact,
  type ScheduleFormValues,
} from './schedule-rules';
export { ScheduleModal, type ScheduleModalProps } from './ScheduleModal/ScheduleModal';
export { ScheduleStatusBadge } from './ScheduleModal/ScheduleStatusBadge';
export { ScheduleDialog, SCHEDULES_TOAST_MS, type ScheduleDialogProps } from './ScheduleDialog/ScheduleDialog';
export { SchedulesCalendar, SCHEDULES_CALENDAR_HEIGHT, type SchedulesCalendarProps, type SchedulesCalendarView } from './SchedulesCalendar/SchedulesCalendar';
export { SchedulesView, type SchedulesViewProps } from './SchedulesView/SchedulesView';
export { Schedules, type SchedulesProps } from './Schedules/Schedules';
export {
  SCHEDULE_BODY_MAX,
  SCHEDULE_BODY_MIN,
  SCHEDULE_DAYS_AGO,
  SCHEDULE_MEDIA_ACCEPT,
  writeScheduleEvent,
  bySendAt,
  removeSchedule,
  scheduleMediaForm,
  useCreateSchedule,
  useDeleteSchedule,
  useDeleteScheduleMedia,
  useSchedule,
  useSchedules,
  useUpdateSchedule,
  useUploadScheduleMedia,
  writeSchedule,
  type SaveScheduleBody,
  type ScheduleDto,
  type ScheduleEvent,
  type ScheduleFilters,
  type ScheduleStatus,
} from './data/schedules';
export { schedulesRealtime } from './data/realtime';
export { schedulesTexts } from './schedules.texts';

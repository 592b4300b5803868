// The weekly hours editor shared by the queue modal's hours tab and the settings' Horários tab.
export {
  WEEKDAYS,
  WEEKDAY_LABELS,
  defaultSchedules,
  fullWeek,
  hasScheduleErrors,
  isClosed,
  isTime,
  maskTime,
  scheduleErrors,
  type Schedule,
  type ScheduleError,
  type Weekday,
} from './business-hours';
export { BusinessHoursEditor, type BusinessHoursEditorProps } from './BusinessHoursEditor/BusinessHoursEditor';

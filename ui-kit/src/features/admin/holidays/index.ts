// The holidays tab of the settings page: a month calendar with the month's list, the holiday dialog (image, sent and
// error states), and the connected tab on the holiday hooks (data/holidays.ts).
export {
  HOLIDAY_MEDIA_MAX_BYTES,
  HOLIDAY_MEDIA_TYPES,
  canManageHolidays,
  holidayBody,
  holidayDateRule,
  holidayFormValues,
  holidayMessageRule,
  holidayNameRule,
  imageProblem,
  isSent,
  type Holiday,
  type HolidayBody,
  type HolidayFormValues,
  type HolidaySave,
  type HolidayStatus,
} from './holiday-rules';
export { HolidaysView, type HolidaysViewProps } from './HolidaysView/HolidaysView';
export { HolidayModal, type HolidayModalProps } from './HolidayModal/HolidayModal';
export { Holidays, type HolidaysProps } from './Holidays/Holidays';
export { holidaysTexts } from './holidays.texts';
export {
  byHolidayDate,
  holidayMediaForm,
  removeHoliday,
  useCreateHoliday,
  useDeleteHoliday,
  useDeleteHolidayMedia,
  useHoliday,
  useHolidays,
  useUpdateHoliday,
  useUploadHolidayMedia,
  writeHoliday,
  type HolidayDto,
} from './data/holidays';
export { holidaysRealtime } from './data/realtime';
export { addDays, isValidIsoDay, localToday, parseIsoDay } from './holiday-dates';

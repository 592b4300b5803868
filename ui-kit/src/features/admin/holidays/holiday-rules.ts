import type { Schema } from '../../../client';
import { compose, maxLength, minLength, required, type Rule } from '../../../forms/validators';
import { can, type Me } from '../../../provider/session-rules';
import { isValidIsoDay } from './holiday-dates';

export type Holiday = Schema<'HolidayDto'>;
export type HolidayStatus = Schema<'HolidayStatus'>;
export type HolidayBody = Schema<'CreateHolidayDto'>;

/** What the modal edits; the image travels beside it (uploaded after the save). */
export interface HolidayFormValues {
  name: string;
  /** `YYYY-MM-DD`. */
  dateHoliday: string;
  body: string;
}

/** What the modal hands to its caller: the fields, and what to do with the image. */
export interface HolidaySave {
  values: HolidayFormValues;
  /** A new image to upload after the save (replacing the current one). */
  file: File | null;
  /** The current image is to be removed (and no new one was chosen). */
  removeMedia: boolean;
}

/** What the API takes (its image limit, WhatsApp's): PNG or JPEG, at most 16 MB. */
export const HOLIDAY_MEDIA_TYPES = ['image/png', 'image/jpeg'];
export const HOLIDAY_MEDIA_ACCEPT = ['image/png', 'image/jpeg', '.png', '.jpg', '.jpeg'];
export const HOLIDAY_MEDIA_MAX_BYTES = 16 * 1024 * 1024;

/** Why a picked file cannot be the image, or null when it can (the API checks the bytes again). */
export function imageProblem(file: File): 'holidays.attachment.type' | 'holidays.attachment.tooLarge' | null {
  const byName = /\.(png|jpe?g)$/i.test(file.name);
  if (!(HOLIDAY_MEDIA_TYPES.includes(file.type) || (file.type === '' && byName))) return 'holidays.attachment.type';
  if (file.size > HOLIDAY_MEDIA_MAX_BYTES) return 'holidays.attachment.tooLarge';
  return null;
}

export function holidayFormValues(holiday: Holiday | null | undefined, date?: string): HolidayFormValues {
  return {
    name: holiday?.name ?? '',
    dateHoliday: (holiday?.dateHoliday ?? date ?? '').slice(0, 10),
    body: holiday?.body ?? '',
  };
}

/** POST /holidays and PUT /holidays/{id}: trimmed texts, the day as `YYYY-MM-DD` (the API's form; no time, no zone). */
export function holidayBody(values: HolidayFormValues): HolidayBody {
  return { name: values.name.trim(), dateHoliday: values.dateHoliday.trim(), body: values.body.trim() };
}

/** A sent holiday (sentAt set) is history: read only, no submit (spec §2, §4). */
export const isSent = (holiday: Pick<Holiday, 'sentAt'> | null | undefined): boolean => Boolean(holiday?.sentAt);

const trimmed =
  (rule: Rule<unknown>): Rule<unknown> =>
  (value) =>
    rule(typeof value === 'string' ? value.trim() : value);

/** 1-100 characters ('Obrigatório'). */
export const holidayNameRule: Rule<unknown> = trimmed(compose(required('holidays.validation.required'), maxLength(100, 'holidays.validation.nameTooLong')));

/** Spec §5: at least 5 characters ('Mensagem muito curta'), required ('Obrigatório'); the API's limit is 4096. */
export const holidayMessageRule: Rule<unknown> = trimmed(
  compose(required('holidays.validation.required'), minLength(5, 'holidays.validation.tooShort'), maxLength(4096, 'holidays.validation.bodyTooLong')),
);

/** Required ('Obrigatório'), a real day. */
export const holidayDateRule: Rule<unknown> = (value) => {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return 'holidays.validation.required';
  return isValidIsoDay(text) || 'holidays.validation.date';
};

/** holidays:manage (admins): every holiday route, reads included. */
export const canManageHolidays = (me: Me | undefined): boolean => can(me, 'holidays:manage');

import type { MessageKey } from '../../i18n';
import { SCHEDULE_BODY_MAX, SCHEDULE_BODY_MIN, type ScheduleDto } from './data/schedules';

export type Schedule = ScheduleDto;

/** A contact the modal can schedule for (GET /contacts/list answers these fields). */
export interface ScheduleContact {
  id: number;
  name: string;
  number: string;
}

/** The spec's default send time: one hour from now. */
export const DEFAULT_SEND_AHEAD_MS = 60 * 60 * 1000;
export const SCHEDULE_MEDIA_MAX_BYTES = 16 * 1024 * 1024;
/** The file picker's filter (png, jpg, jpeg); the API checks the bytes. */
export const SCHEDULE_MEDIA_TYPES = ['image/png', 'image/jpeg', '.png', '.jpg', '.jpeg'];

/** What the modal hands to its save: the API body, plus the image to upload or the current one to remove. */
export interface ScheduleFormValues {
  body: string;
  contactId: number;
  /** ISO instant. */
  sendAt: string;
  file: File | null;
  removeAttachment: boolean;
}

/** Spec §5: the message is required ('Obrigatório') and at least 5 characters ('Mensagem muito curta'). */
export function bodyRule(value: unknown): MessageKey | true {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return 'schedules.rule.required';
  if (text.length < SCHEDULE_BODY_MIN) return 'schedules.rule.short';
  if (text.length > SCHEDULE_BODY_MAX) return 'schedules.rule.long';
  return true;
}

export const requiredRule = (value: unknown): MessageKey | true => (value === null || value === undefined || value === '' ? 'schedules.rule.required' : true);

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the value of a `datetime-local` input, in the browser's time zone (minutes). */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value back to an instant (null when it is not one). */
export function fromLocalInput(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [, y, m, d, h, min] = match.map(Number);
  const date = new Date(y, m - 1, d, h, min);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The default send time: an hour from `now`, to the minute. */
export function defaultSendAt(now = new Date()): string {
  return toLocalInput(new Date(now.getTime() + DEFAULT_SEND_AHEAD_MS));
}

/** Whether a picked file may be a schedule's image (by its name or type; the API checks the bytes). */
export function isScheduleImage(file: File): boolean {
  return /^image\/(png|jpeg)$/.test(file.type) || /\.(png|jpe?g)$/i.test(file.name);
}

/** A sent schedule is history: its modal shows it without a save. */
export const isSent = (schedule: Pick<Schedule, 'status'> | null | undefined) => schedule?.status === 'ENVIADA';

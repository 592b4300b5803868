import type { AnnouncementDto } from './data/announcements';
import { compose, maxLength, required, type Rule } from '../../forms/validators';

export type Announcement = AnnouncementDto;
export type AnnouncementPriority = 1 | 2 | 3;

/** The API's limits and the spec's defaults (priority 3, active). */
export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_TEXT_MAX = 5000;
export const ANNOUNCEMENT_PRIORITIES: readonly AnnouncementPriority[] = [1, 2, 3];
/** The spec's png, jpg, jpeg (the API checks the bytes again). */
export const ANNOUNCEMENT_MEDIA_ACCEPT = ['image/png', 'image/jpeg', '.png', '.jpg', '.jpeg'];
export const ANNOUNCEMENT_MEDIA_MAX_BYTES = 10 * 1024 * 1024;

/** The dialog's values: the select's key is text. */
export interface AnnouncementFormValues {
  title: string;
  text: string;
  priority: string;
  status: boolean;
}

/** What the dialog hands the page to save: the fields, and the image to upload or the current one to remove. */
export interface AnnouncementSave {
  values: AnnouncementFormValues;
  file: File | null;
  removeMedia: boolean;
}

const trimmed =
  (rule: Rule<unknown>): Rule<unknown> =>
  (value) =>
    rule(typeof value === 'string' ? value.trim() : value);

/** Spec §5: title and text required. */
export const announcementTitleRule: Rule<unknown> = trimmed(
  compose(required('announcements.validation.required'), maxLength(ANNOUNCEMENT_TITLE_MAX, 'announcements.validation.tooLong')),
);
export const announcementTextRule: Rule<unknown> = trimmed(
  compose(required('announcements.validation.required'), maxLength(ANNOUNCEMENT_TEXT_MAX, 'announcements.validation.tooLong')),
);

export function announcementFormValues(announcement?: Announcement | null): AnnouncementFormValues {
  return {
    title: announcement?.title ?? '',
    text: announcement?.text ?? '',
    priority: String(announcement?.priority ?? 3),
    status: announcement?.status ?? true,
  };
}

export function announcementBody(values: AnnouncementFormValues) {
  const priority = Number(values.priority);
  return {
    title: values.title.trim(),
    text: values.text.trim(),
    priority: (ANNOUNCEMENT_PRIORITIES.includes(priority as AnnouncementPriority) ? priority : 3) as AnnouncementPriority,
    status: values.status,
  };
}

/** Why a picked file cannot be the attachment, or null when it can. */
export function attachmentProblem(file: File): 'announcements.attachment.type' | 'announcements.attachment.tooLarge' | null {
  const byName = /\.(png|jpe?g)$/i.test(file.name);
  if (!(['image/png', 'image/jpeg'].includes(file.type) || (file.type === '' && byName))) return 'announcements.attachment.type';
  if (file.size > ANNOUNCEMENT_MEDIA_MAX_BYTES) return 'announcements.attachment.tooLarge';
  return null;
}

/** Spec back-office §7: the search text is lower-cased. */
export const searchParamOf = (search: string): string => search.trim().toLowerCase();

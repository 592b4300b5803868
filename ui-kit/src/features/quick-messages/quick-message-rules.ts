import type { Schema } from '../../client';
import { compose, maxLength, required, type Rule } from '../../forms/validators';
import { can, type Me } from '../../provider/session-rules';

export type QuickMessage = Schema<'QuickMessageDto'>;

/** The API's limit on a shortcode (CreateQuickMessageDto). */
export const SHORTCODE_MAX = 100;

/** Characters of the message shown in the list before it is cut with an ellipsis. */
export const MESSAGE_PREVIEW_MAX = 80;

/** The API's limit on an attachment (QUICK_MESSAGE_MEDIA_MAX_BYTES). */
export const QUICK_MESSAGE_MEDIA_MAX_BYTES = 16 * 1024 * 1024;

/** What the API takes as an attachment (told from the bytes there: PNG, JPEG, GIF, WebP, PDF, OGG, MP3, MP4). */
export const QUICK_MESSAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'audio/ogg', 'audio/mpeg', 'video/mp4'];

/** Spec §5: the shortcode is required ('Obrigatório'); the message is not validated. The API allows 100 characters. */
export const shortcodeRule: Rule = compose(required('quickMessages.validation.required'), maxLength(SHORTCODE_MAX, 'quickMessages.validation.tooLong'));

/**
 * Spec §2, §6: the 'Privado' switch is for roles holding tickets-manager:showall; the API makes a quick message
 * shared (geral) only for them and keeps everyone else's private.
 */
export const canShareQuickMessages = (me: Pick<Me, 'permissions'> | undefined): boolean => can(me, 'tickets-manager:showall');

/** The API's rule for PUT, DELETE and the attachment: the owner, or a tickets-manager:showall holder for a shared one. */
export function canChangeQuickMessage(me: Pick<Me, 'id' | 'permissions'> | undefined, quick: Pick<QuickMessage, 'userId' | 'geral'>): boolean {
  if (!me) return false;
  return quick.userId === me.id || (quick.geral && canShareQuickMessages(me));
}

/** Spec §4: the search text is lower-cased (and trimmed) before it is sent. */
export const searchParamOf = (text: string): string => text.trim().toLowerCase();

/** The message on one line, cut at MESSAGE_PREVIEW_MAX characters with an ellipsis. */
export function messagePreview(message: string): string {
  const flat = message.replace(/\s+/g, ' ').trim();
  return flat.length > MESSAGE_PREVIEW_MAX ? `${flat.slice(0, MESSAGE_PREVIEW_MAX)}…` : flat;
}

/** What the modal hands to its caller on save. */
export interface QuickMessageFormValues {
  shortcode: string;
  message: string;
  /** Shared with the company: the inverse of the 'Privado' switch (false unless the user may share). */
  geral: boolean;
  /** A new file to upload after the save (replaces the current one). */
  file: File | null;
  /** The current attachment is to be removed (DELETE media-upload after the save). */
  removeAttachment: boolean;
}

/** The body of POST /quick-messages or PUT /quick-messages/{id}: `geral` only from who may share. */
export function quickMessageBody(values: Pick<QuickMessageFormValues, 'shortcode' | 'message' | 'geral'>, canShare: boolean): Schema<'CreateQuickMessageDto'> {
  const body: Schema<'CreateQuickMessageDto'> = { shortcode: values.shortcode.trim(), message: values.message };
  if (canShare) body.geral = values.geral;
  return body;
}

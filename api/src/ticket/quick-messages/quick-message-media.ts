import { displayName, sniffExtension } from '../../common/infra/media-type';

/** Attachment kinds a quick message may carry, told from the file's first bytes (never from its name or the client's type). */
export type QuickMessageMediaKind = 'png' | 'jpg' | 'gif' | 'webp' | 'pdf' | 'ogg' | 'mp3' | 'mp4';

export const QUICK_MESSAGE_MEDIA_MAX_BYTES = 16 * 1024 * 1024;

export const QUICK_MESSAGE_MEDIA_KINDS: readonly QuickMessageMediaKind[] = ['png', 'jpg', 'gif', 'webp', 'pdf', 'ogg', 'mp3', 'mp4'];

export const sniffQuickMessageMedia = (buf: Buffer): QuickMessageMediaKind | null => sniffExtension(buf, QUICK_MESSAGE_MEDIA_KINDS);

export { displayName };

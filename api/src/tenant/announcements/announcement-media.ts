import { sniffExtension } from '../../common/infra/media-type';

/** An announcement's attachment: the spec's png, jpg, jpeg, told from the file's first bytes (never its name or type). */
export const ANNOUNCEMENT_MEDIA_KINDS = ['png', 'jpg'] as const;
export type AnnouncementMediaKind = (typeof ANNOUNCEMENT_MEDIA_KINDS)[number];
export const ANNOUNCEMENT_MEDIA_MAX_BYTES = 10 * 1024 * 1024;

export const sniffAnnouncementMedia = (buf: Buffer): AnnouncementMediaKind | null => sniffExtension(buf, ANNOUNCEMENT_MEDIA_KINDS);

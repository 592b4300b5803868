import { sniffExtension, WHATSAPP_SEND_LIMITS } from '../../common/infra/media-type';

/** A holiday's image goes out as a WhatsApp image: PNG or JPEG (the spec's png, jpg, jpeg), told from its bytes. */
export const HOLIDAY_MEDIA_KINDS = ['png', 'jpg'] as const;
export const HOLIDAY_MEDIA_MAX_BYTES = WHATSAPP_SEND_LIMITS.image;

export const sniffHolidayMedia = (buf: Buffer) => sniffExtension(buf, HOLIDAY_MEDIA_KINDS);

import { AppError } from '../../common/errors';
import { SniffedType, sniffMediaType, WHATSAPP_SEND_LIMITS } from '../../common/media-type';
import { MessageError } from './message.errors';

/** Largest file that may be sent, per kind (WhatsApp's own limits are in this range). */
export const SEND_LIMITS = WHATSAPP_SEND_LIMITS;
export const UPLOAD_MAX_BYTES = 64 * 1024 * 1024;
export const UPLOAD_MAX_FILES = 5;

/** A file of a multipart `medias` field, as multer hands it over (kept in memory). */
export interface UploadedMedia {
  buffer: Buffer;
  originalname: string;
  size: number;
}

export interface CheckedUpload {
  file: UploadedMedia;
  type: SniffedType;
}

/**
 * Every file is checked before anything is stored, by its content (never its name or declared type): a bad one
 * refuses the whole send, naming it as `medias[i]`.
 */
export function checkUploads(files: UploadedMedia[]): CheckedUpload[] {
  return files.map((file, index) => {
    const type = sniffMediaType(file.buffer);
    if (!type) throw new AppError(MessageError.ERR_UNSUPPORTED_MEDIA_TYPE, undefined, [{ field: `medias[${index}]`, messages: ['Unsupported file type'] }]);
    if (file.size > SEND_LIMITS[type.kind]) {
      throw new AppError(MessageError.ERR_MEDIA_TOO_LARGE, `The file is larger than ${SEND_LIMITS[type.kind] / 1024 / 1024} MB`, [
        { field: `medias[${index}]`, messages: ['Too large'] },
      ]);
    }
    return { file, type };
  });
}

import { readFile, writeFile } from 'node:fs/promises';
import { Logger } from '@nestjs/common';
import { AppError } from '../../common/http/errors';
import { SniffedType, sniffMediaType, WHATSAPP_SEND_LIMITS } from '../../common/infra/media-type';
import { UPLOAD_HEAD_BYTES, type UploadedFile } from '../../common/http/uploads/uploaded-file';
import { MessageError } from './message.errors';
import { toVoiceNote } from '../../connection/providers/baileys/voice-note';
import { webmOpusToOgg } from './webm-opus-to-ogg';

/** Largest file that may be sent, per kind (WhatsApp's own limits are in this range). */
export const SEND_LIMITS = WHATSAPP_SEND_LIMITS;
export const UPLOAD_MAX_BYTES = 64 * 1024 * 1024;
export const UPLOAD_MAX_FILES = 5;

/** A file of a multipart `medias` field, on disk in the uploads' temp folder (`@Upload`). */
export type UploadedMedia = UploadedFile;

export interface CheckedUpload {
  file: UploadedMedia;
  type: SniffedType;
  /** A recorded voice note, already Ogg Opus: sent as push-to-talk. */
  voiceNote?: boolean;
}

/**
 * Every file is checked before anything is stored, by its first bytes (never its name or declared type): a bad one
 * refuses the whole send, naming it as `medias[i]`.
 */
export function checkUploads(files: UploadedMedia[]): CheckedUpload[] {
  return files.map((file, index) => {
    const type = sniffMediaType(file.head);
    if (!type) throw new AppError(MessageError.ERR_UNSUPPORTED_MEDIA_TYPE, undefined, [{ field: `medias[${index}]`, messages: ['Unsupported file type'] }]);
    if (file.size > SEND_LIMITS[type.kind]) {
      throw new AppError(MessageError.ERR_MEDIA_TOO_LARGE, `The file is larger than ${SEND_LIMITS[type.kind] / 1024 / 1024} MB`, [
        { field: `medias[${index}]`, messages: ['Too large'] },
      ]);
    }
    return { file, type };
  });
}

const log = new Logger('VoiceNote');

/** Ogg whose first packet is an OpusHead: a file WhatsApp plays as a voice note as it is. */
export const isOggOpus = (head: Buffer): boolean => head.subarray(0, 4).toString('latin1') === 'OggS' && head.includes('OpusHead');

/**
 * A voice note recorded in the composer, made Ogg Opus (what WhatsApp plays as a voice note) before it is checked
 * and stored: Ogg Opus (Firefox) stays; WebM Opus (Chromium, Edge) has its packets copied into Ogg without
 * re-encoding; anything else (Safari's recording, converted to WAV) is encoded with the packaged ffmpeg. The temp
 * file is replaced in place. Answers whether the file is now a voice note; when it cannot be made one it goes
 * as the audio file it is.
 */
export async function prepareVoiceNote(file: UploadedMedia, convert: (path: string) => Promise<Buffer> = (path) => toVoiceNote(path)): Promise<boolean> {
  if (isOggOpus(file.head)) return true;
  if (file.size > SEND_LIMITS.audio) return false;
  const type = sniffMediaType(file.head);
  if (!type || (type.kind !== 'audio' && type.ext !== 'webm')) return false;
  let ogg: Buffer | null = type.ext === 'webm' ? webmOpusToOgg(await readFile(file.path)) : null;
  if (!ogg) {
    ogg = await convert(file.path).catch((e: unknown) => {
      log.warn(`a voice note (${type.ext}) could not be converted to Ogg Opus; it goes as an audio file: ${(e as Error).message}`);
      return null;
    });
  }
  if (!ogg || !isOggOpus(ogg.subarray(0, UPLOAD_HEAD_BYTES))) return false;
  await writeFile(file.path, ogg);
  file.originalname = `${file.originalname.replace(/\.[^./\\]*$/, '') || 'audio'}.ogg`;
  file.size = ogg.length;
  file.head = Buffer.from(ogg.subarray(0, UPLOAD_HEAD_BYTES));
  return true;
}

/**
 * The real type of an uploaded or received file, from its first bytes, never from the name or the
 * client-declared mimetype. Covers what WhatsApp carries: images, audio, video, PDF and Office/zip documents.
 */
export interface SniffedType {
  ext: string;
  mimetype: string;
  kind: 'image' | 'audio' | 'video' | 'application';
}

const ascii = (buf: Buffer, start: number, text: string) => buf.subarray(start, start + text.length).toString('latin1') === text;
const bytes = (buf: Buffer, start: number, values: number[]) => values.every((v, i) => buf[start + i] === v);

const typeOf = (ext: string, kind: SniffedType['kind']): SniffedType => ({ ext, mimetype: STORED_MIMETYPES[ext], kind });

/** Largest file WhatsApp carries, per kind: what a message, or anything sent as one (a holiday's image), may be. */
export const WHATSAPP_SEND_LIMITS: Record<SniffedType['kind'], number> = {
  image: 16 * 1024 * 1024,
  audio: 16 * 1024 * 1024,
  video: 64 * 1024 * 1024,
  application: 64 * 1024 * 1024,
};

export function sniffMediaType(buf: Buffer): SniffedType | null {
  if (buf.length < 12) return null;
  if (bytes(buf, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return typeOf('png', 'image');
  if (bytes(buf, 0, [0xff, 0xd8, 0xff])) return typeOf('jpg', 'image');
  if (ascii(buf, 0, 'GIF87a') || ascii(buf, 0, 'GIF89a')) return typeOf('gif', 'image');
  if (ascii(buf, 0, 'RIFF') && ascii(buf, 8, 'WEBP')) return typeOf('webp', 'image');
  if (ascii(buf, 0, 'RIFF') && ascii(buf, 8, 'WAVE')) return typeOf('wav', 'audio');
  if (ascii(buf, 0, '%PDF-')) return typeOf('pdf', 'application');
  if (ascii(buf, 0, 'OggS')) return typeOf('ogg', 'audio');
  // ID3 tag, or a bare MPEG-1/2 layer III frame header: 11 sync bits, then layer bits 01.
  if (ascii(buf, 0, 'ID3') || (buf[0] === 0xff && (buf[1] & 0xe0) === 0xe0 && (buf[1] & 0x06) === 0x02)) {
    return typeOf('mp3', 'audio');
  }
  if (bytes(buf, 0, [0x00, 0x00, 0x01, 0x00]) && buf.readUInt16LE(4) > 0) return typeOf('ico', 'image');
  if (ascii(buf, 4, 'ftyp')) {
    const brand = buf.subarray(8, 12).toString('latin1');
    if (brand.startsWith('M4A')) return typeOf('m4a', 'audio');
    return typeOf('mp4', 'video');
  }
  if (bytes(buf, 0, [0x1a, 0x45, 0xdf, 0xa3])) return typeOf('webm', 'video');
  if (bytes(buf, 0, [0x50, 0x4b, 0x03, 0x04])) return typeOf('zip', 'application');
  return null;
}

/** The sniffed extension when it is one of `allowed`, else null. */
export function sniffExtension<E extends string>(buf: Buffer, allowed: readonly E[]): E | null {
  const t = sniffMediaType(buf);
  return t && (allowed as readonly string[]).includes(t.ext) ? (t.ext as E) : null;
}

/**
 * A client's file name, kept only as a display label: no directories, no control characters, at most 255
 * characters. Multipart file names arrive decoded as latin1; they are re-read as UTF-8 when that is what they were.
 */
export function displayName(original: string | undefined, fallbackExt: string): string {
  let name = original ?? '';
  const utf8 = Buffer.from(name, 'latin1').toString('utf8');
  if (!utf8.includes('\uFFFD')) name = utf8;
  name = name.split(/[\\/]/).pop() ?? '';
  // Control characters and quotes never reach a Content-Disposition header.
  // eslint-disable-next-line no-control-regex
  const unsafe = /[\u0000-\u001f\u007f"]/g;
  name = name.replace(unsafe, '').trim().slice(0, 255);
  return name || `file.${fallbackExt}`;
}

/** The mimetype of a file stored under a name this server made (its extension came from sniffMediaType). */
export function mimetypeOfStoredName(name: string): string {
  return STORED_MIMETYPES[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

const STORED_MIMETYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  wav: 'audio/wav',
  pdf: 'application/pdf',
  ogg: 'audio/ogg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  webm: 'video/webm',
  zip: 'application/zip',
};

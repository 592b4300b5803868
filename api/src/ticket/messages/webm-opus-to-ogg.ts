/**
 * A WebM holding one Opus audio track (what Chromium's MediaRecorder records: `audio/webm;codecs=opus`) rewritten
 * as Ogg Opus (RFC 7845), the format WhatsApp plays as a voice note. The Opus packets are copied as they are: no
 * decoding, no re-encoding, no external program; a minute of speech takes about a millisecond.
 *
 * Only the part of Matroska such recordings use is read: the EBML header, a Segment and Clusters (of known or
 * unknown size), the Tracks, and SimpleBlocks or BlockGroups without lacing. Anything else (a video track, a
 * second track, another codec, laced blocks) answers null: the caller keeps the file as it is or converts it
 * another way.
 */

const ID = {
  EBML: 0x1a45dfa3,
  DocType: 0x4282,
  Segment: 0x18538067,
  Cluster: 0x1f43b675,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackType: 0x83,
  CodecID: 0x86,
  CodecPrivate: 0x63a2,
  CodecDelay: 0x56aa,
  Audio: 0xe1,
  SamplingFrequency: 0xb5,
  Channels: 0x9f,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Block: 0xa1,
} as const;

/** Elements whose children follow in line (their size may be "unknown", as MediaRecorder writes them). */
const ENTERED = new Set<number>([ID.Segment, ID.Cluster]);

interface Element {
  id: number;
  /** Start of the content. */
  start: number;
  /** The content's size; null when unknown. */
  size: number | null;
}

/** An EBML variable-length integer at `pos`: its value (marker bit removed) and length; `unknown` when all ones. */
function readVint(buf: Buffer, pos: number, keepMarker = false): { value: number; length: number; unknown: boolean } | null {
  const first = buf[pos];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || pos + length > buf.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + buf[pos + i];
    if (buf[pos + i] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function readElement(buf: Buffer, pos: number): Element | null {
  const id = readVint(buf, pos, true);
  if (!id || id.length > 4) return null;
  const size = readVint(buf, pos + id.length);
  if (!size) return null;
  const start = pos + id.length + size.length;
  if (!size.unknown && start + size.value > buf.length) return null;
  return { id: id.value, start, size: size.unknown ? null : size.value };
}

/** The children of a master element of known size. */
function* children(buf: Buffer, start: number, end: number): Generator<Element> {
  let pos = start;
  while (pos < end) {
    const el = readElement(buf, pos);
    if (!el || el.size === null || el.start + el.size > end) return;
    yield el;
    pos = el.start + el.size;
  }
}

const uint = (buf: Buffer, el: Element) => {
  let v = 0;
  for (let i = 0; i < el.size!; i++) v = v * 256 + buf[el.start + i];
  return v;
};

const content = (buf: Buffer, el: Element) => buf.subarray(el.start, el.start + el.size!);

interface OpusTrack {
  number: number;
  head: Buffer;
}

/** The single audio track, when it is Opus; null for anything else. */
function opusTrack(buf: Buffer, tracks: Element): OpusTrack | null {
  const entries = [...children(buf, tracks.start, tracks.start + tracks.size!)].filter((e) => e.id === ID.TrackEntry);
  if (entries.length !== 1) return null;
  const entry = entries[0];
  let number = 0;
  let type = 0;
  let codec = '';
  let priv: Buffer | null = null;
  let codecDelay = 0;
  let channels = 1;
  let rate = 48000;
  for (const el of children(buf, entry.start, entry.start + entry.size!)) {
    if (el.id === ID.TrackNumber) number = uint(buf, el);
    else if (el.id === ID.TrackType) type = uint(buf, el);
    else if (el.id === ID.CodecID) codec = content(buf, el).toString('latin1');
    else if (el.id === ID.CodecPrivate) priv = content(buf, el);
    else if (el.id === ID.CodecDelay) codecDelay = uint(buf, el);
    else if (el.id === ID.Audio) {
      for (const a of children(buf, el.start, el.start + el.size!)) {
        if (a.id === ID.Channels) channels = uint(buf, a);
        else if (a.id === ID.SamplingFrequency) rate = a.size === 4 ? buf.readFloatBE(a.start) : a.size === 8 ? buf.readDoubleBE(a.start) : rate;
      }
    }
  }
  if (type !== 2 || codec !== 'A_OPUS' || !number) return null;
  if (priv && priv.length >= 19 && priv.subarray(0, 8).toString('latin1') === 'OpusHead') return { number, head: Buffer.from(priv) };
  // No OpusHead in CodecPrivate: made from the track's fields (channel mapping family 0 is up to 2 channels).
  if (channels < 1 || channels > 2) return null;
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1;
  head[9] = channels;
  head.writeUInt16LE(Math.round((codecDelay * 48000) / 1e9), 10);
  head.writeUInt32LE(Math.round(rate), 12);
  return { number, head };
}

/** The Opus frame(s) of one block of the track, or null when it is laced (not written by MediaRecorder). */
function blockFrame(buf: Buffer, block: Element, track: number): Buffer | null | 'other' {
  const number = readVint(buf, block.start);
  if (!number) return null;
  if (number.value !== track) return 'other';
  const flags = buf[block.start + number.length + 2];
  if (flags & 0x06) return null;
  return buf.subarray(block.start + number.length + 3, block.start + block.size!);
}

/** Samples (at 48 kHz) of one Opus packet, from its TOC byte (RFC 6716 §3.1). */
export function opusPacketSamples(packet: Buffer): number {
  if (!packet.length) return 0;
  const toc = packet[0];
  const config = toc >> 3;
  // Frame duration in units of 2.5 ms: SILK 10/20/40/60 ms, hybrid 10/20 ms, CELT 2.5/5/10/20 ms.
  const units = config < 12 ? [4, 8, 16, 24][config & 3] : config < 16 ? [4, 8][config & 1] : [1, 2, 4, 8][config & 3];
  const code = toc & 3;
  const frames = code === 0 ? 1 : code < 3 ? 2 : (packet[1] ?? 0) & 0x3f;
  return frames * units * 120;
}

/** Ogg Opus from a WebM Opus recording, or null when the file is not one this reads (see the module's comment). */
export function webmOpusToOgg(webm: Buffer): Buffer | null {
  const header = readElement(webm, 0);
  if (!header || header.id !== ID.EBML || header.size === null) return null;
  const docType = [...children(webm, header.start, header.start + header.size)].find((e) => e.id === ID.DocType);
  if (!docType || !['webm', 'matroska'].includes(content(webm, docType).toString('latin1'))) return null;

  let track: OpusTrack | null = null;
  const packets: Buffer[] = [];
  let pos = header.start + header.size;
  while (pos < webm.length) {
    const el = readElement(webm, pos);
    if (!el) break; // a recording cut short: what was read is kept
    if (ENTERED.has(el.id)) {
      pos = el.start;
      continue;
    }
    if (el.size === null) return null;
    if (el.id === ID.Tracks) {
      track = opusTrack(webm, el);
      if (!track) return null;
    } else if (el.id === ID.SimpleBlock || el.id === ID.BlockGroup) {
      if (!track) return null;
      const block = el.id === ID.SimpleBlock ? el : [...children(webm, el.start, el.start + el.size)].find((c) => c.id === ID.Block);
      if (block) {
        const frame = blockFrame(webm, block, track.number);
        // Laced, or another track's block (the Tracks named one): not a recording this reads.
        if (frame === null || frame === 'other') return null;
        packets.push(frame);
      }
    }
    pos = el.start + el.size;
  }
  if (!track || !packets.length) return null;
  return writeOggOpus(track.head, packets);
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

/** Ogg's CRC-32 (polynomial 0x04c11db7, not reflected, no final xor). */
export function oggCrc(data: Buffer): number {
  let crc = 0;
  for (const byte of data) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]) >>> 0;
  return crc;
}

const BOS = 0x02;
const EOS = 0x04;

function oggPage(serial: number, sequence: number, granule: bigint, flags: number, packets: Buffer[]): Buffer {
  const lacing: number[] = [];
  for (const p of packets) {
    for (let n = p.length; ; n -= 255) {
      lacing.push(Math.min(n, 255));
      if (n < 255) break;
    }
  }
  const page = Buffer.alloc(27 + lacing.length);
  page.write('OggS', 0, 'latin1');
  page[4] = 0;
  page[5] = flags;
  page.writeBigInt64LE(granule, 6);
  page.writeUInt32LE(serial, 14);
  page.writeUInt32LE(sequence, 18);
  page[26] = lacing.length;
  lacing.forEach((l, i) => (page[27 + i] = l));
  const whole = Buffer.concat([page, ...packets]);
  whole.writeUInt32LE(oggCrc(whole), 22);
  return whole;
}

/** Segments a page may hold; each packet under 255 × 255 bytes (Opus packets are at most 1275 bytes). */
const PAGE_SEGMENTS = 255;

/** Ogg Opus: the OpusHead page, the OpusTags page, then the audio packets, about a second a page. */
export function writeOggOpus(head: Buffer, packets: Buffer[], serial = 0x41544e44): Buffer {
  const vendor = Buffer.from('Atende', 'latin1');
  const tags = Buffer.alloc(8 + 4 + vendor.length + 4);
  tags.write('OpusTags', 0, 'latin1');
  tags.writeUInt32LE(vendor.length, 8);
  vendor.copy(tags, 12);
  tags.writeUInt32LE(0, 12 + vendor.length);
  const pages = [oggPage(serial, 0, 0n, BOS, [head]), oggPage(serial, 1, 0n, 0, [tags])];
  // A page's granule position counts every sample decoded up to its last packet, the pre-skip ones included.
  let granule = 0n;
  let page: Buffer[] = [];
  let segments = 0;
  let samplesOnPage = 0;
  const flush = (last: boolean) => {
    pages.push(oggPage(serial, pages.length, granule, last ? EOS : 0, page));
    page = [];
    segments = 0;
    samplesOnPage = 0;
  };
  packets.forEach((packet, i) => {
    const needed = Math.floor(packet.length / 255) + 1;
    if (segments + needed > PAGE_SEGMENTS || samplesOnPage >= 48000) flush(false);
    page.push(packet);
    segments += needed;
    const samples = opusPacketSamples(packet);
    samplesOnPage += samples;
    granule += BigInt(samples);
    if (i === packets.length - 1) flush(true);
  });
  return Buffer.concat(pages);
}

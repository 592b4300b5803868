import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packagedFfmpeg } from '../../connection/providers/baileys/voice-note';
import { oggCrc, opusPacketSamples, webmOpusToOgg } from './webm-opus-to-ogg';

/** 1.5 s of a 440 Hz tone recorded by Chromium's MediaRecorder as audio/webm;codecs=opus (unknown-size Segment and Clusters). */
const WEBM = readFileSync(join(__dirname, '..', '..', '..', 'test', 'fixtures', 'voice-chromium.webm'));

interface Page {
  flags: number;
  granule: bigint;
  serial: number;
  sequence: number;
  crcOk: boolean;
  packets: Buffer[];
}

/** Reads an Ogg stream page by page, checking each page's CRC, and joins its packets (RFC 3533). */
function readOgg(ogg: Buffer): Page[] {
  const pages: Page[] = [];
  let pos = 0;
  let partial: Buffer[] = [];
  while (pos < ogg.length) {
    expect(ogg.subarray(pos, pos + 4).toString('latin1')).toBe('OggS');
    const count = ogg[pos + 26];
    const lacing = [...ogg.subarray(pos + 27, pos + 27 + count)];
    const size = 27 + count + lacing.reduce((a, b) => a + b, 0);
    const page = Buffer.from(ogg.subarray(pos, pos + size));
    const crc = page.readUInt32LE(22);
    page.writeUInt32LE(0, 22);
    const packets: Buffer[] = [];
    let at = 27 + count;
    for (const l of lacing) {
      partial.push(page.subarray(at, at + l));
      at += l;
      if (l < 255) {
        packets.push(Buffer.concat(partial));
        partial = [];
      }
    }
    pages.push({
      flags: page[5],
      granule: page.readBigInt64LE(6),
      serial: page.readUInt32LE(14),
      sequence: page.readUInt32LE(18),
      crcOk: oggCrc(page) === crc,
      packets,
    });
    pos += size;
  }
  return pages;
}

describe('webmOpusToOgg', () => {
  it('rewrites a Chromium recording as Ogg Opus, packet for packet, with valid pages', () => {
    const ogg = webmOpusToOgg(WEBM)!;
    expect(ogg.subarray(0, 4).toString('latin1')).toBe('OggS');
    const pages = readOgg(ogg);
    expect(pages.every((p) => p.crcOk)).toBe(true);
    expect(pages.map((p) => p.sequence)).toEqual(pages.map((_, i) => i));
    expect(new Set(pages.map((p) => p.serial)).size).toBe(1);
    expect(pages[0].flags).toBe(0x02);
    expect(pages[0].packets[0].subarray(0, 8).toString('latin1')).toBe('OpusHead');
    expect(pages[0].packets[0][9]).toBe(2); // Chromium records stereo; the head is the track's own
    expect(pages[1].packets[0].subarray(0, 8).toString('latin1')).toBe('OpusTags');
    expect(pages.at(-1)!.flags).toBe(0x04);
    const audio = pages.slice(2).flatMap((p) => p.packets);
    // Every packet is one of the recording's blocks, unchanged: 20 ms CELT frames from MediaRecorder.
    expect(audio.every((p) => WEBM.includes(p))).toBe(true);
    expect(audio.reduce((n, p) => n + opusPacketSamples(p), 0)).toBe(Number(pages.at(-1)!.granule));
    const seconds = Number(pages.at(-1)!.granule) / 48000;
    expect(seconds).toBeGreaterThan(1.2);
    expect(seconds).toBeLessThan(2);
    // Granule positions only grow, page by page.
    const granules = pages.slice(2).map((p) => p.granule);
    expect([...granules].sort((a, b) => (a < b ? -1 : 1))).toEqual(granules);
  });

  it('is decoded without an error by ffmpeg (the packaged one), at the recording length', async () => {
    let ffmpeg: string;
    try {
      ffmpeg = await packagedFfmpeg();
    } catch {
      return; // no packaged ffmpeg for this platform: the page checks above still hold
    }
    const dir = mkdtempSync(join(tmpdir(), 'ogg-'));
    try {
      writeFileSync(join(dir, 'voice.ogg'), webmOpusToOgg(WEBM)!);
      const run = spawnSync(ffmpeg, ['-v', 'error', '-i', join(dir, 'voice.ogg'), '-f', 's16le', '-ac', '1', '-ar', '48000', 'pipe:1'], { maxBuffer: 1 << 24 });
      expect(run.stderr.toString()).toBe('');
      expect(run.status).toBe(0);
      const seconds = run.stdout.length / 2 / 48000;
      expect(seconds).toBeGreaterThan(1.2);
      expect(seconds).toBeLessThan(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps what was recorded when the file ends early', () => {
    const cut = webmOpusToOgg(WEBM.subarray(0, Math.floor(WEBM.length / 2)))!;
    const pages = readOgg(cut);
    expect(pages.every((p) => p.crcOk)).toBe(true);
    expect(Number(pages.at(-1)!.granule) / 48000).toBeGreaterThan(0.4);
  });

  it('answers null for anything but a single Opus audio track', () => {
    expect(webmOpusToOgg(Buffer.from('%PDF-1.4 not a webm at all'))).toBeNull();
    expect(webmOpusToOgg(Buffer.alloc(0))).toBeNull();
    // The same file with its track marked as video (TrackType 1), or with another codec.
    const video = Buffer.from(WEBM);
    video[WEBM.indexOf(Buffer.from([0x83, 0x81, 0x02])) + 2] = 0x01;
    expect(webmOpusToOgg(video)).toBeNull();
    const vorbis = Buffer.from(WEBM);
    vorbis.write('A_VORB', WEBM.indexOf('A_OPUS'), 'latin1');
    expect(webmOpusToOgg(vorbis)).toBeNull();
  });
});

describe('oggCrc', () => {
  it('is CRC-32/POSIX without its final inversion, as RFC 3533 specifies', () => {
    // CRC-32/POSIX's check value for '123456789' is 0x765e7680 (after xor 0xffffffff).
    expect(oggCrc(Buffer.from('123456789'))).toBe(0x89a1897f);
  });
});

describe('opusPacketSamples', () => {
  it('reads the frame count and duration from the TOC byte', () => {
    expect(opusPacketSamples(Buffer.from([(31 << 3) | 0]))).toBe(960); // CELT 20 ms, one frame
    expect(opusPacketSamples(Buffer.from([(28 << 3) | 1]))).toBe(240); // CELT 2.5 ms, two frames
    expect(opusPacketSamples(Buffer.from([(3 << 3) | 0]))).toBe(2880); // SILK 60 ms
    expect(opusPacketSamples(Buffer.from([(13 << 3) | 3, 3]))).toBe(2880); // hybrid 20 ms, three frames
    expect(opusPacketSamples(Buffer.alloc(0))).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { matchQuickReplies, quickReplyLabel } from './quick-replies';
import { encodeWav, toVoiceFile } from './voice-file';
import { MIN_VOICE_BYTES, pickRecordingType, recorderErrorOf } from './voice-recorder';

describe('quick replies', () => {
  const list = [{ shortcode: 'xbom' }, { shortcode: 'bomdia' }, { shortcode: 'tchau' }];

  it('match after / and one more character, shortcodes starting with the text first', () => {
    expect(matchQuickReplies('/', list)).toEqual([]);
    expect(matchQuickReplies('bom', list)).toEqual([]);
    expect(matchQuickReplies('/BOM', list)).toEqual([{ shortcode: 'bomdia' }, { shortcode: 'xbom' }]);
    expect(matchQuickReplies('/bom\nmais', list)).toEqual([]);
  });

  it('labels are /shortcode - message, cut at 35 characters', () => {
    expect(quickReplyLabel({ shortcode: 'oi', message: 'Olá' })).toBe('/oi - Olá');
    const long = quickReplyLabel({ shortcode: 'aviso', message: 'Nosso horário de atendimento é das 8h às 18h' });
    expect(long).toBe('/aviso - Nosso horário de atendimen...');
    expect(long.length).toBe(35 + 3);
  });
});

describe('voice recording format', () => {
  it('asks for Opus, in Ogg (Firefox) or WebM (Chromium), else the browser default', () => {
    expect(pickRecordingType((type) => type === 'audio/ogg;codecs=opus')).toBe('audio/ogg;codecs=opus');
    expect(pickRecordingType((type) => type.startsWith('audio/webm') || type.startsWith('audio/ogg'))).toBe('audio/ogg;codecs=opus');
    expect(pickRecordingType((type) => type === 'audio/webm;codecs=opus')).toBe('audio/webm;codecs=opus');
    expect(pickRecordingType((type) => type === 'audio/mp4')).toBeUndefined();
    expect(
      pickRecordingType(() => {
        throw new Error('old browser');
      }),
    ).toBeUndefined();
  });

  it('tells refused, missing and other microphone failures apart', () => {
    expect(recorderErrorOf(new DOMException('x', 'NotAllowedError'))).toBe('denied');
    expect(recorderErrorOf(new DOMException('x', 'NotFoundError'))).toBe('missing');
    expect(recorderErrorOf(new Error('boom'))).toBe('failed');
  });

  it('encodes 16-bit mono PCM WAV, which the API reads as audio', async () => {
    const wav = encodeWav(new Float32Array([0, 1, -1, 0.5]), 16_000);
    const bytes = new DataView(await wav.arrayBuffer());
    const ascii = (at: number, n: number) => String.fromCharCode(...Array.from({ length: n }, (_, i) => bytes.getUint8(at + i)));
    expect(wav.type).toBe('audio/wav');
    expect([ascii(0, 4), ascii(8, 4), ascii(36, 4)]).toEqual(['RIFF', 'WAVE', 'data']);
    expect(bytes.getUint16(22, true)).toBe(1);
    expect(bytes.getUint32(24, true)).toBe(16_000);
    expect(bytes.getUint32(40, true)).toBe(8);
    expect([bytes.getInt16(44, true), bytes.getInt16(46, true), bytes.getInt16(48, true)]).toEqual([0, 32767, -32768]);
  });

  it('sends an Ogg or WebM Opus recording as is (the API makes WebM Ogg); without Web Audio another one goes unconverted', async () => {
    const ogg = await toVoiceFile(new Blob([new Uint8Array(MIN_VOICE_BYTES)], { type: 'audio/ogg;codecs=opus' }), 1);
    expect([ogg.name, ogg.type, ogg.size]).toEqual(['audio-1.ogg', 'audio/ogg', MIN_VOICE_BYTES]);
    const webm = await toVoiceFile(new Blob([new Uint8Array(10)], { type: 'audio/webm;codecs=opus' }), 2);
    expect([webm.name, webm.type, webm.size]).toEqual(['audio-2.webm', 'audio/webm', 10]);
    // jsdom has no OfflineAudioContext: the WAV fallback keeps the recording.
    const mp4 = await toVoiceFile(new Blob([new Uint8Array(10)], { type: 'audio/mp4' }), 3);
    expect([mp4.name, mp4.size]).toEqual(['audio-3.m4a', 10]);
  });
});

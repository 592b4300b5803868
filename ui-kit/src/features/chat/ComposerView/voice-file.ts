// The recording made a file to send, loaded when a recording is sent (ComposerView imports it on demand): only an
// attendant who records a voice note needs it.

/** 16-bit PCM mono WAV of the samples (-1..1). */
export function encodeWav(samples: Float32Array, sampleRate: number): Blob {
  const buffer = new ArrayBuffer(44 + samples.length * 2);
  const view = new DataView(buffer);
  const ascii = (offset: number, text: string) => [...text].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  samples.forEach((sample, i) => {
    const s = Math.max(-1, Math.min(1, sample));
    view.setInt16(44 + i * 2, s < 0 ? s * 0x8000 : s * 0x7fff, true);
  });
  return new Blob([buffer], { type: 'audio/wav' });
}

/** Voice notes are speech: 16 kHz mono keeps a WAV at 32 KB a second, 8 minutes under the API's 16 MB audio limit. */
const WAV_RATE = 16_000;

async function toWav(blob: Blob): Promise<Blob | null> {
  const Offline = globalThis.OfflineAudioContext;
  if (!Offline) return null;
  try {
    const data = await blob.arrayBuffer();
    // decodeAudioData resamples to the context's rate; an OfflineAudioContext with one channel also downmixes.
    const decoder = new Offline(1, 1, WAV_RATE);
    const decoded = await decoder.decodeAudioData(data);
    const length = Math.max(1, Math.ceil(decoded.duration * WAV_RATE));
    const context = new Offline(1, length, WAV_RATE);
    const source = context.createBufferSource();
    source.buffer = decoded;
    source.connect(context.destination);
    source.start();
    const rendered = await context.startRendering();
    return encodeWav(rendered.getChannelData(0), WAV_RATE);
  } catch {
    return null;
  }
}

/**
 * The file sent as the voice note: Ogg or WebM Opus as recorded, or the recording converted to WAV (see
 * PREFERRED_RECORDING_TYPES). If the browser cannot decode its own recording, the original goes as is.
 */
export async function toVoiceFile(blob: Blob, now: number = Date.now()): Promise<File> {
  const name = `audio-${now}`;
  if (blob.type.startsWith('audio/ogg')) return new File([blob], `${name}.ogg`, { type: 'audio/ogg' });
  if (/^(audio|video)\/webm/.test(blob.type) && /opus/i.test(blob.type)) return new File([blob], `${name}.webm`, { type: 'audio/webm' });
  const wav = await toWav(blob);
  if (wav) return new File([wav], `${name}.wav`, { type: 'audio/wav' });
  const ext = blob.type.includes('mp4') ? 'm4a' : 'webm';
  return new File([blob], `${name}.${ext}`, { type: blob.type });
}

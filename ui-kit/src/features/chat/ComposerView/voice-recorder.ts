import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec §4, message input: recordings under 10000 bytes are discarded. */
export const MIN_VOICE_BYTES = 10_000;

/** Why a recording could not start: permission refused, no microphone, no MediaRecorder, anything else. */
export type RecorderError = 'denied' | 'missing' | 'unsupported' | 'failed';

export type RecorderStatus = 'idle' | 'requesting' | 'recording' | 'stopping';

/**
 * The recording format: Opus, what WhatsApp voice notes are. Firefox records it in Ogg, Chromium and Edge in WebM;
 * both go as recorded, with `voiceNote` set, and the API makes a WebM recording Ogg by copying its packets (no
 * re-encoding). A browser that records neither (Safari's MP4) has its recording converted to WAV here, which the
 * API encodes to Opus: see toVoiceFile.
 */
export const PREFERRED_RECORDING_TYPES = ['audio/ogg;codecs=opus', 'audio/webm;codecs=opus', 'audio/ogg'] as const;

export function pickRecordingType(isTypeSupported: (type: string) => boolean): string | undefined {
  return PREFERRED_RECORDING_TYPES.find((type) => {
    try {
      return isTypeSupported(type);
    } catch {
      return false;
    }
  });
}

/** getUserMedia's and MediaRecorder's failures, as what the attendant should be told. */
export function recorderErrorOf(err: unknown): RecorderError {
  const name = (err as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'missing';
  return 'failed';
}

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

interface Session {
  stream: MediaStream;
  recorder: MediaRecorder;
  chunks: Blob[];
  timer: ReturnType<typeof setInterval>;
  /** Set by finish: receives the recording when the recorder stops. */
  onDone?: (blob: Blob) => void;
}

export interface VoiceRecorder {
  status: RecorderStatus;
  /** Whole seconds since the recording started. */
  elapsed: number;
  /** Asks for the microphone and starts recording; resolves with the failure, if any. */
  start: () => Promise<RecorderError | null>;
  /** Stops and throws the recording away. */
  cancel: () => void;
  /** Stops and answers the recording. */
  finish: () => Promise<Blob | null>;
}

/** A MediaRecorder voice recording: start (asks for the microphone), elapsed seconds, cancel, finish. */
export function useVoiceRecorder(): VoiceRecorder {
  const [status, setStatus] = useState<RecorderStatus>('idle');
  const [elapsed, setElapsed] = useState(0);
  const session = useRef<Session | null>(null);

  const release = useCallback(() => {
    const current = session.current;
    session.current = null;
    if (!current) return;
    clearInterval(current.timer);
    current.stream.getTracks().forEach((track) => track.stop());
  }, []);

  useEffect(
    () => () => {
      const current = session.current;
      if (current && current.recorder.state !== 'inactive') current.recorder.stop();
      release();
    },
    [release],
  );

  const start = useCallback(async (): Promise<RecorderError | null> => {
    if (session.current) return null;
    const media = globalThis.navigator?.mediaDevices;
    const Recorder = globalThis.MediaRecorder;
    if (!media?.getUserMedia || !Recorder) return 'unsupported';
    setStatus('requesting');
    let stream: MediaStream;
    try {
      stream = await media.getUserMedia({ audio: true });
    } catch (err) {
      setStatus('idle');
      return recorderErrorOf(err);
    }
    try {
      const mimeType = pickRecordingType((type) => Recorder.isTypeSupported?.(type) ?? false);
      const recorder = new Recorder(stream, mimeType ? { mimeType } : undefined);
      const startedAt = Date.now();
      const current: Session = {
        stream,
        recorder,
        chunks: [],
        timer: setInterval(() => setElapsed(Math.floor((Date.now() - startedAt) / 1000)), 250),
      };
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) current.chunks.push(event.data);
      };
      recorder.onstop = () => current.onDone?.(new Blob(current.chunks, { type: recorder.mimeType || mimeType || current.chunks[0]?.type || '' }));
      session.current = current;
      recorder.start();
      setElapsed(0);
      setStatus('recording');
      return null;
    } catch (err) {
      stream.getTracks().forEach((track) => track.stop());
      setStatus('idle');
      return recorderErrorOf(err);
    }
  }, []);

  const cancel = useCallback(() => {
    const current = session.current;
    if (current && current.recorder.state !== 'inactive') current.recorder.stop();
    release();
    setStatus('idle');
    setElapsed(0);
  }, [release]);

  const finish = useCallback(async (): Promise<Blob | null> => {
    const current = session.current;
    if (!current) return null;
    setStatus('stopping');
    const blob = await new Promise<Blob>((resolve) => {
      current.onDone = resolve;
      if (current.recorder.state !== 'inactive') current.recorder.stop();
      else resolve(new Blob(current.chunks));
    });
    release();
    setStatus('idle');
    setElapsed(0);
    return blob;
  }, [release]);

  return { status, elapsed, start, cancel, finish };
}

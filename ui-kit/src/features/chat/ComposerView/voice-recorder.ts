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

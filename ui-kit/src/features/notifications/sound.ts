/** Where the top bar keeps the notification volume (0 to 1, step 0.1), in this browser's storage. */
export const VOLUME_KEY = 'volume';
/** Spec attendance §4: the notification sound plays at most once every 500 ms. */
export const SOUND_THROTTLE_MS = 500;
/** Spec attendance §9: the volume's default. */
export const DEFAULT_VOLUME = 1;

/** The volume the top bar stored (VOLUME_KEY), or 1. */
export function storedVolume(): number {
  try {
    const raw = globalThis.localStorage?.getItem(VOLUME_KEY);
    const value = Number(raw);
    return raw != null && raw !== '' && Number.isFinite(value) && value >= 0 && value <= 1 ? value : DEFAULT_VOLUME;
  } catch {
    return DEFAULT_VOLUME;
  }
}

type AudioContextClass = typeof AudioContext;

/**
 * A short two-tone chime made with WebAudio (no file, no network), at `volume` (0 to 1). Does nothing without
 * WebAudio or at volume 0; a browser that blocks audio before a user gesture simply stays silent.
 */
export function playChime(volume: number): void {
  const Context =
    (globalThis as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass }).AudioContext ??
    (globalThis as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Context || volume <= 0) return;
  try {
    const context = new Context();
    const start = context.currentTime;
    const gain = context.createGain();
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(Math.max(0.0001, 0.4 * volume), start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.45);
    gain.connect(context.destination);
    [880, 1320].forEach((frequency, i) => {
      const tone = context.createOscillator();
      tone.type = 'sine';
      tone.frequency.setValueAtTime(frequency, start + i * 0.12);
      tone.connect(gain);
      tone.start(start + i * 0.12);
      tone.stop(start + 0.45);
      if (i === 1) tone.onended = () => void context.close();
    });
  } catch {
    // Audio is a courtesy: no sound device, a closed context... never breaks the notification.
  }
}

/** A gate that lets one sound through every SOUND_THROTTLE_MS: true when this one may play. `now` is injectable for tests. */
export function soundThrottle(now: () => number = Date.now): () => boolean {
  let last = -Infinity;
  return () => {
    const at = now();
    if (at - last < SOUND_THROTTLE_MS) return false;
    last = at;
    return true;
  };
}

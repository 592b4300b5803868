import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../i18n/locale-context';
import { Button } from '../../../primitives/Button/Button';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { ChatIcon } from '../chat-icons';
import { AUDIO_RATES } from '../message-format';

export interface AudioPlayerProps {
  /** A URL the audio element can play (an object URL of the loaded file); null while it loads. */
  src: string | null;
  /** Bar heights from 0 to 1 (see waveformOf: the message's own or 64 placeholder bars). */
  waveform: number[];
  /** Playback speed, one of 0.5, 1, 1.5, 2. */
  rate: number;
  /** The speed button was pressed: the next speed in the cycle (the caller remembers it). */
  onRateChange: (rate: number) => void;
  /** Asked to play before the file is loaded (lazy loading starts on the first press). */
  onRequestLoad?: () => void;
  className?: string;
}

/** The next speed of the spec's cycle 0.5 → 1 → 1.5 → 2 → 0.5. */
export function nextRate(rate: number): number {
  const index = AUDIO_RATES.indexOf(rate as (typeof AUDIO_RATES)[number]);
  return AUDIO_RATES[(index + 1) % AUDIO_RATES.length];
}

const clock = (seconds: number) => {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** A voice note: play/pause, a waveform that fills as it plays, the time, and the speed button. */
export function AudioPlayer({ src, waveform, rate, onRateChange, onRequestLoad, className }: AudioPlayerProps) {
  const t = useT();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [wantsPlay, setWantsPlay] = useState(false);
  const [time, setTime] = useState({ current: 0, duration: 0 });

  useEffect(() => {
    if (audio.current) audio.current.playbackRate = rate;
  }, [rate, src]);

  // A press before the file was loaded plays it as soon as it is there.
  useEffect(() => {
    if (!wantsPlay || !src || !audio.current) return;
    setWantsPlay(false);
    void audio.current.play()?.catch(() => setPlaying(false));
  }, [wantsPlay, src]);

  const toggle = () => {
    const element = audio.current;
    if (!src || !element) {
      onRequestLoad?.();
      setWantsPlay(true);
      return;
    }
    if (element.paused) void element.play()?.catch(() => setPlaying(false));
    else element.pause();
  };

  const progress = time.duration > 0 ? time.current / time.duration : 0;

  return (
    <div className={className ? `atd-Audio ${className}` : 'atd-Audio'} data-playing={playing || undefined}>
      <IconButton className="atd-Audio-toggle" aria-label={playing ? t('chat.audio.pause') : t('chat.audio.play')} aria-pressed={playing} onPress={toggle}>
        <ChatIcon name={playing ? 'pause' : 'play'} />
      </IconButton>
      <div className="atd-Audio-wave" aria-hidden="true">
        {waveform.map((height, i) => (
          <span
            key={i}
            className="atd-Audio-bar"
            data-played={i / waveform.length < progress || undefined}
            style={{ height: `${Math.round(height * 100)}%` }}
          />
        ))}
      </div>
      <span className="atd-Audio-time">{clock(playing || time.current > 0 ? time.current : time.duration)}</span>
      <Button variant="secondary" className="atd-Audio-rate" aria-label={t('chat.audio.speed', { rate })} onPress={() => onRateChange(nextRate(rate))}>
        {`${rate}x`}
      </Button>
      {src && (
        // A contact's voice note has no captions to offer; this element has no controls of its own (the buttons above are).
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <audio
          ref={audio}
          src={src}
          preload="metadata"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => {
            setPlaying(false);
            setTime((old) => ({ ...old, current: 0 }));
          }}
          onLoadedMetadata={(e) => setTime({ current: 0, duration: e.currentTarget.duration })}
          onTimeUpdate={(e) => setTime({ current: e.currentTarget.currentTime, duration: e.currentTarget.duration })}
        />
      )}
    </div>
  );
}

import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AudioPlayer, nextRate } from './AudioPlayer';

const bars = Array.from({ length: 64 }, (_, i) => (i + 1) / 64);

describe('AudioPlayer', () => {
  let play: ReturnType<typeof vi.fn>;
  let pause: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    // jsdom has no media playback: play and pause fire the events a browser would.
    play = vi.fn(function (this: HTMLMediaElement) {
      Object.defineProperty(this, 'paused', { configurable: true, value: false });
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    pause = vi.fn(function (this: HTMLMediaElement) {
      Object.defineProperty(this, 'paused', { configurable: true, value: true });
      this.dispatchEvent(new Event('pause'));
    });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play as () => Promise<void>);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(pause as () => void);
  });
  afterEach(() => vi.restoreAllMocks());

  it('cycles the speeds 0.5 → 1 → 1.5 → 2 → 0.5', () => {
    expect([0.5, 1, 1.5, 2].map(nextRate)).toEqual([1, 1.5, 2, 0.5]);
    expect(nextRate(3)).toBe(0.5);
  });

  it('plays and pauses, at the chosen speed, and draws the waveform bars', async () => {
    const { container } = render(<AudioPlayer src="blob:voice" waveform={bars} rate={1.5} onRateChange={vi.fn()} />);
    const audio = container.querySelector('audio')!;
    expect(audio.playbackRate).toBe(1.5);
    expect(container.querySelectorAll('.atd-Audio-bar')).toHaveLength(64);

    await userEvent.click(screen.getByRole('button', { name: 'Reproduzir áudio' }));
    expect(play).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pausar áudio' })).toHaveAttribute('aria-pressed', 'true');

    Object.defineProperty(audio, 'duration', { configurable: true, value: 10 });
    Object.defineProperty(audio, 'currentTime', { configurable: true, value: 5 });
    fireEvent.timeUpdate(audio);
    expect(container.querySelectorAll('.atd-Audio-bar[data-played]')).toHaveLength(32);
    expect(screen.getByText('0:05')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Pausar áudio' }));
    expect(pause).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Reproduzir áudio' })).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('asks for the next speed when the speed button is pressed', async () => {
    const onRateChange = vi.fn();
    render(<AudioPlayer src="blob:voice" waveform={bars} rate={2} onRateChange={onRateChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Velocidade 2x' }));
    expect(onRateChange).toHaveBeenCalledWith(0.5);
  });

  it('plays as soon as the file arrives when pressed before it loaded', async () => {
    const onRequestLoad = vi.fn();
    const { rerender } = render(<AudioPlayer src={null} waveform={bars} rate={1} onRateChange={vi.fn()} onRequestLoad={onRequestLoad} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reproduzir áudio' }));
    expect(onRequestLoad).toHaveBeenCalled();
    expect(play).not.toHaveBeenCalled();
    rerender(<AudioPlayer src="blob:voice" waveform={bars} rate={1} onRateChange={vi.fn()} onRequestLoad={onRequestLoad} />);
    expect(play).toHaveBeenCalled();
  });
});

import { Logger } from '@nestjs/common';
import { startSweep } from './sweep-timer';

describe('startSweep', () => {
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('runs at start and every round, skips a round while one runs, logs a failure and goes on, stops', async () => {
    const log = new Logger('test');
    const warn = jest.spyOn(log, 'warn').mockImplementation(() => undefined);
    let calls = 0;
    let active = 0;
    let overlapped = false;
    const stop = startSweep(
      log,
      'test sweep',
      10,
      async () => {
        calls += 1;
        active += 1;
        if (active > 1) overlapped = true;
        await wait(25);
        active -= 1;
        if (calls === 1) throw new Error('boom');
      },
      { atStart: true },
    );
    await wait(5);
    expect(calls).toBe(1);
    await wait(120);
    stop();
    const seen = calls;
    expect(seen).toBeGreaterThan(1);
    expect(overlapped).toBe(false);
    expect(warn).toHaveBeenCalledWith('test sweep failed: Error: boom');
    await wait(50);
    expect(calls).toBe(seen);
  });
});

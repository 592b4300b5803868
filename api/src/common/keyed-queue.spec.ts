import { KeyedQueue } from './keyed-queue';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('KeyedQueue', () => {
  it('runs one key in order and keys in parallel, surviving failures', async () => {
    const q = new KeyedQueue();
    const log: string[] = [];
    const started = Date.now();
    await Promise.allSettled([
      q.run('a', async () => { await sleep(30); log.push('a1'); }),
      q.run('a', async () => { log.push('a2'); throw new Error('boom'); }),
      q.run('a', async () => { log.push('a3'); }),
      q.run('b', async () => { await sleep(30); log.push('b1'); }),
    ]);
    expect(log.filter((x) => x.startsWith('a'))).toEqual(['a1', 'a2', 'a3']);
    expect(log).toContain('b1');
    expect(Date.now() - started).toBeLessThan(55); // a and b overlapped
    await q.drain();
    expect(q.pending).toBe(0);
  });
});

import { Lane } from './lane';

describe('Lane', () => {
  it('runs at most its width at once, the rest in arrival order, and goes on after a failure', async () => {
    const lane = new Lane(2);
    let now = 0;
    let most = 0;
    const started: number[] = [];
    const job = (i: number) =>
      lane.run(async () => {
        started.push(i);
        most = Math.max(most, ++now);
        await new Promise((r) => setTimeout(r, 5));
        now -= 1;
        if (i === 1) throw new Error('boom');
        return i;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4].map(job));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
  });
});

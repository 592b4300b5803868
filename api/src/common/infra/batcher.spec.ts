import { Batcher } from './batcher';

describe('Batcher', () => {
  it('runs the calls of one tick as one batch, later calls in the next one, each answered in order', async () => {
    const batches: number[][] = [];
    const batcher = new Batcher<number, number>(async (items) => {
      batches.push(items);
      await new Promise((r) => setTimeout(r, 5));
      return items.map((i) => i * 10);
    });
    const firstTick = Promise.all([batcher.push(1), batcher.push(2), batcher.push(3)]);
    await new Promise((r) => setImmediate(r));
    // The first batch is running: these queue and go together once it is done.
    const whileRunning = Promise.all([batcher.push(4), batcher.push(5)]);
    expect(await firstTick).toEqual([10, 20, 30]);
    expect(await whileRunning).toEqual([40, 50]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('fails every call of a failed batch, and the next batch runs', async () => {
    let fail = true;
    const batcher = new Batcher<number, number>(async (items) => {
      if (fail) throw new Error('down');
      return items;
    });
    const failed = [batcher.push(1), batcher.push(2)];
    await expect(Promise.all(failed)).rejects.toThrow('down');
    await expect(failed[1]).rejects.toThrow('down');
    fail = false;
    expect(await batcher.push(3)).toBe(3);
  });

  it('takes at most `max` items a batch', async () => {
    const sizes: number[] = [];
    const batcher = new Batcher<number, number>(async (items) => {
      sizes.push(items.length);
      return items;
    }, 2);
    expect(await Promise.all([1, 2, 3, 4, 5].map((i) => batcher.push(i)))).toEqual([1, 2, 3, 4, 5]);
    expect(sizes).toEqual([2, 2, 1]);
  });
});

import { IngestLanes, laneOf, Outcome } from './ingest-lanes';

/** A store whose batches wait for the test to commit them, recording what happens when. */
function controlledStore() {
  const log: string[] = [];
  const batches: { items: string[]; commit: (outcomes?: Outcome<string>[]) => void; fail: (e: Error) => void; finish: () => void }[] = [];
  const store = (items: string[], settle: (outcomes: Outcome<string>[]) => void) =>
    new Promise<void>((resolve, reject) => {
      let afterCommit!: () => void;
      const committed = new Promise<void>((r) => (afterCommit = r));
      batches.push({
        items,
        commit: (outcomes) => {
          log.push(`commit ${items.join(',')}`);
          settle(outcomes ?? items.map((i) => ({ ok: true, value: `stored ${i}` })));
          afterCommit();
        },
        fail: (e) => reject(e),
        // The work after commit (events, listeners) ends later.
        finish: () => void committed.then(resolve),
      });
    });
  return { log, batches, store };
}

const flush = () => new Promise((r) => setImmediate(r));

describe('IngestLanes', () => {
  it('resolves each item only after the batch holding it commits, not before and not after the work that follows', async () => {
    const { log, batches, store } = controlledStore();
    const lanes = new IngestLanes<string, string>(store, () => undefined, 1, 3);
    const results: string[] = [];
    const pushed = ['a', 'b', 'c', 'd', 'e'].map((k) => lanes.push('chat', k).then((r) => void results.push(r)));
    await flush();
    // The first item goes at once; the others wait for the lane and go together, at most three at a time.
    expect(batches.map((b) => b.items)).toEqual([['a']]);
    batches[0].commit();
    batches[0].finish();
    await flush();
    await flush();
    expect(batches.map((b) => b.items)).toEqual([['a'], ['b', 'c', 'd']]);
    expect(results).toEqual(['stored a']);
    batches[1].commit();
    await flush();
    // Acknowledged at commit, while the batch's events are still to go out.
    expect(results).toEqual(['stored a', 'stored b', 'stored c', 'stored d']);
    expect(batches).toHaveLength(2);
    batches[1].finish();
    await flush();
    await flush();
    expect(batches.map((b) => b.items)).toEqual([['a'], ['b', 'c', 'd'], ['e']]);
    expect(results).toHaveLength(4);
    batches[2].commit();
    batches[2].finish();
    await Promise.all(pushed);
    expect(results).toEqual(['stored a', 'stored b', 'stored c', 'stored d', 'stored e']);
    expect(log).toEqual(['commit a', 'commit b,c,d', 'commit e']);
  });

  it('rejects every item of a batch that fails, and the lane goes on with the next batch', async () => {
    const { batches, store } = controlledStore();
    const errors: unknown[] = [];
    const lanes = new IngestLanes<string, string>(store, (e) => errors.push(e), 1, 5);
    const first = lanes.push('chat', 'a');
    const second = lanes.push('chat', 'b');
    const third = lanes.push('chat', 'c');
    await flush();
    batches[0].commit();
    batches[0].finish();
    await expect(first).resolves.toBe('stored a');
    await flush();
    expect(batches[1].items).toEqual(['b', 'c']);
    const down = new Error('database unreachable');
    batches[1].fail(down);
    await expect(second).rejects.toBe(down);
    await expect(third).rejects.toBe(down);
    expect(errors).toEqual([down]);
    const fourth = lanes.push('chat', 'd');
    await flush();
    batches[2].commit();
    batches[2].finish();
    await expect(fourth).resolves.toBe('stored d');
  });

  it('rejects only the items whose outcome failed (the one-by-one fallback), and any a batch left unsettled', async () => {
    const lanes = new IngestLanes<string, string>(
      async (items, settle) => {
        if (items.includes('never')) return; // a store that forgot to settle: nothing may be acknowledged
        settle(items.map((i) => (i === 'bad' ? { ok: false, error: new Error(`refused ${i}`) } : { ok: true, value: i })));
      },
      () => undefined,
      1,
      10,
    );
    const outcomes = await Promise.allSettled(['x', 'bad', 'y'].map((i) => lanes.push('chat', i)));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    await expect(lanes.push('chat', 'never')).rejects.toThrow('without settling');
    await lanes.drain();
  });

  it('keeps one key on one lane, and spreads keys over the lanes', () => {
    expect(laneOf('1:5511999990000', 4)).toBe(laneOf('1:5511999990000', 4));
    const used = new Set(Array.from({ length: 64 }, (_, i) => laneOf(`1:55119${i}`, 4)));
    expect(used.size).toBe(4);
  });
});

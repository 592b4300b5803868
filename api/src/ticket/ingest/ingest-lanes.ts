/** What became of one item of a batch: stored (with its result) or not. */
export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * Stores a batch. Calls `settle` once, right after its transaction commits (or once it knows each item's fate),
 * with one outcome per item in order; whatever it does after that (events, listeners) no longer holds the items'
 * acknowledgements. A batch that throws or returns without settling rejects every item it did not settle.
 */
export type StoreBatch<T, R> = (batch: T[], settle: (outcomes: Outcome<R>[]) => void) => Promise<void>;

interface Entry<T, R> {
  item: T;
  resolve: (r: R) => void;
  reject: (e: unknown) => void;
}

/**
 * The lane scheduler of inbound messages. Chats are spread over a few lanes by a hash of their key; each lane
 * hands its waiting items to `store` in batches of at most `batchMax`, one batch at a time, in arrival order.
 * So the messages of one chat are stored in order while chats proceed side by side.
 *
 * Group commit: `push` answers a promise that resolves only when the batch holding the item has committed, and
 * rejects when the item could not be stored. A provider acknowledges a message to its sender on that promise, so
 * nothing acknowledged lives only in this process's memory.
 */
export class IngestLanes<T, R = void> {
  private readonly lanes: Entry<T, R>[][];
  private readonly running: (Promise<void> | null)[];

  constructor(
    private readonly store: StoreBatch<T, R>,
    private readonly onError: (e: unknown) => void,
    readonly laneCount = 4,
    readonly batchMax = 500,
  ) {
    this.lanes = Array.from({ length: laneCount }, () => []);
    this.running = Array.from({ length: laneCount }, () => null);
  }

  /** Queues an item on its key's lane; resolves once its batch has committed, rejects if it was not stored. */
  push(key: string, item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const lane = laneOf(key, this.laneCount);
      this.lanes[lane].push({ item, resolve, reject });
      this.kick(lane);
    });
  }

  /** Resolves once everything pushed so far has been stored (and its batch's work after commit is done). */
  async drain(): Promise<void> {
    while (this.lanes.some((l) => l.length) || this.running.some(Boolean)) {
      await Promise.all(this.running.filter((p): p is Promise<void> => p !== null));
      await new Promise((r) => setImmediate(r));
    }
  }

  private kick(lane: number): void {
    if (this.running[lane] || !this.lanes[lane].length) return;
    const batch = this.lanes[lane].splice(0, this.batchMax);
    let settled = false;
    const settle = (outcomes: Outcome<R>[]) => {
      if (settled) return;
      settled = true;
      batch.forEach((entry, i) => {
        const outcome = outcomes[i] ?? { ok: false, error: new Error('the batch gave no outcome for this item') };
        if (outcome.ok) entry.resolve(outcome.value);
        else entry.reject(outcome.error);
      });
    };
    const failAll = (error: unknown) => settle(batch.map(() => ({ ok: false, error })));
    this.running[lane] = Promise.resolve()
      .then(() =>
        this.store(
          batch.map((e) => e.item),
          settle,
        ),
      )
      .then(
        () => failAll(new Error('the batch ended without settling its items')),
        (e: unknown) => {
          failAll(e);
          this.onError(e);
        },
      )
      .finally(() => {
        this.running[lane] = null;
        this.kick(lane);
      });
  }
}

/**
 * A chat's lane: FNV-1a over the key's UTF-16 code units. Any stable spread will do (lanes live only in this
 * process's memory); an md5 digest per message cost a hash object and a buffer on the ingest's hot path.
 */
export function laneOf(key: string, lanes: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % lanes;
}

import { createHash } from 'node:crypto';

/**
 * The lane scheduler of inbound messages. Chats are spread over a few lanes by a hash of their key; each lane
 * hands its waiting items to `store` in batches of at most `batchMax`, one batch at a time, in arrival order.
 * So the messages of one chat are stored in order while chats proceed side by side.
 */
export class IngestLanes<T> {
  private readonly lanes: T[][];
  private readonly running: (Promise<void> | null)[];

  constructor(
    private readonly store: (batch: T[]) => Promise<void>,
    private readonly onError: (e: unknown) => void,
    readonly laneCount = 4,
    readonly batchMax = 500,
  ) {
    this.lanes = Array.from({ length: laneCount }, () => []);
    this.running = Array.from({ length: laneCount }, () => null);
  }

  push(key: string, item: T): void {
    const lane = laneOf(key, this.laneCount);
    this.lanes[lane].push(item);
    this.kick(lane);
  }

  /** Resolves once everything pushed so far has been stored. */
  async drain(): Promise<void> {
    while (this.lanes.some((l) => l.length) || this.running.some(Boolean)) {
      await Promise.all(this.running.filter((p): p is Promise<void> => p !== null));
      await new Promise((r) => setImmediate(r));
    }
  }

  private kick(lane: number): void {
    if (this.running[lane] || !this.lanes[lane].length) return;
    const batch = this.lanes[lane].splice(0, this.batchMax);
    this.running[lane] = this.store(batch)
      .catch(this.onError)
      .finally(() => {
        this.running[lane] = null;
        this.kick(lane);
      });
  }
}

export function laneOf(key: string, lanes: number): number {
  return createHash('md5').update(key).digest()[0] % lanes;
}

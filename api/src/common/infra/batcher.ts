/**
 * Gathers calls that arrive close together into one batch, for work whose cost is mostly a round trip (an ack
 * update, a ticket read). A call waits for the next turn of the event loop (setImmediate), so calls made in the same
 * tick go together; while a batch runs, later calls queue and go together in the next one, so the busier the process,
 * the larger the batches, and a quiet process adds one tick of latency. One batch runs at a time: what it does is
 * done in the order the calls came.
 */
export class Batcher<T, R> {
  private queue: { item: T; resolve: (r: R | PromiseLike<R>) => void; reject: (e: unknown) => void }[] = [];
  private running = false;
  private scheduled = false;

  /**
   * `run` answers each item's result, in the items' order; a result may be a promise (the batch is over when `run`
   * answers: what follows it, such as an announcement, does not hold the next batch). When it fails, every call of
   * the batch fails with its error.
   */
  constructor(
    private readonly run: (items: T[]) => Promise<(R | PromiseLike<R>)[]>,
    private readonly max = 500,
  ) {}

  push(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.running || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.running = true;
    const batch = this.queue.splice(0, this.max);
    try {
      const results = await this.run(batch.map((b) => b.item));
      batch.forEach((b, i) => b.resolve(results[i]));
    } catch (e) {
      for (const b of batch) b.reject(e);
    } finally {
      this.running = false;
      if (this.queue.length) this.schedule();
    }
  }
}

import type { Logger } from '@nestjs/common';

/**
 * A worker's periodic sweep: `run` every `everyMs` (and at once with `atStart`), a failure logged as a warning and
 * left to the next round, a round skipped while the previous one still runs, the timer never keeping the process
 * alive. Answers the function that stops it (onModuleDestroy).
 */
export function startSweep(log: Logger, what: string, everyMs: number, run: () => Promise<unknown>, options: { atStart?: boolean } = {}): () => void {
  let running = false;
  const round = async () => {
    if (running) return;
    running = true;
    try {
      await run();
    } catch (e) {
      log.warn(`${what} failed: ${String(e)}`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void round(), everyMs);
  timer.unref();
  if (options.atStart) void round();
  return () => clearInterval(timer);
}

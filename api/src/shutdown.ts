import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { INestApplication, Logger } from '@nestjs/common';
import { QueueWatch } from './jobs/queue-watch';
import { RealtimeService } from './realtime/realtime.service';

/** After the grace, how long app.close() may still take before the process ends regardless. */
const CLOSE_WAIT_MS = 5000;
const POLL_MS = 50;

/**
 * A process's graceful shutdown (SIGTERM from a rolling restart or `docker compose stop`, Ctrl-C), in the order
 * that loses nothing, within SHUTDOWN_GRACE_MS:
 *
 * 1. HTTP: the listener closes at once, so the proxy sends new connections to the other replicas; idle keep-alive
 *    connections are closed, and requests in flight finish (their answers say `Connection: close`). At the grace,
 *    any still running are cut.
 * 2. Sockets: this process's socket connections end at the transport, as a lost connection does: each client
 *    reconnects by itself (through the proxy, to another replica) and loads the current state again. Events that
 *    other processes emit meanwhile reach it there (the Redis adapter).
 * 3. Jobs: no queue takes a new job here; running ones finish. Those still running at the grace are handed back:
 *    their Bull locks are released, so the next stall check of another worker (JOB_LOCK_MS) moves them back to
 *    wait. Every job is safe to run again (jobs/README.md), which is what makes handing back safe.
 * 4. `app.close()`: the WhatsApp sessions stop and their leases are freed, and the other workers are told so they
 *    start them at once (ConnectionSessionsService); then Redis and PostgreSQL close. Sessions stop only here, after
 *    the jobs that send through them.
 *
 * If `app.close()` has not returned CLOSE_WAIT_MS after the grace, `run` returns anyway and the caller exits: what is
 * left is covered the way a crash is (the lease lapses, the lock lapses).
 */
export class GracefulShutdown {
  private readonly log = new Logger('Shutdown');
  private readonly inFlight = new Set<ServerResponse>();
  private draining = false;

  constructor(
    private readonly app: INestApplication,
    private readonly graceMs: number,
  ) {
    const server = app.getHttpServer() as Server;
    server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
      this.inFlight.add(res);
      // A request that arrives on a kept-alive connection while draining is served, and its connection then closes.
      if (this.draining) res.setHeader('Connection', 'close');
      res.once('close', () => this.inFlight.delete(res));
    });
  }

  /** Runs steps 1 to 4; resolves when the process may exit. */
  async run(signal: string): Promise<void> {
    const started = Date.now();
    const deadline = started + this.graceMs;
    this.draining = true;
    this.log.log(`${signal}: shutting down (grace ${this.graceMs} ms): no new connections; finishing ${this.inFlight.size} requests and the running jobs`);

    const http = this.drainHttp(deadline);
    const sockets = this.app.get(RealtimeService).closeLocalConnections();
    const jobs = this.app.get(QueueWatch).finishJobs(deadline);
    const [cut, { handedBack }] = await Promise.all([http, jobs]);

    let closed = false;
    const close = this.app.close().then(() => (closed = true));
    await Promise.race([close, sleep(Math.max(0, deadline - Date.now()) + CLOSE_WAIT_MS)]);
    const parts = [`${sockets} sockets closed`, `${cut} requests cut`, `${handedBack} jobs handed back`];
    if (!closed) parts.push('the rest of the shutdown did not finish in time');
    this.log.log(`Shut down in ${Date.now() - started} ms: ${parts.join(', ')}`);
  }

  /** Step 1; answers how many requests were still running at the deadline (and were cut). */
  private async drainHttp(deadline: number): Promise<number> {
    const server = this.app.getHttpServer() as Server;
    // Stops listening; its callback (every connection gone) is not waited for: sockets and keep-alives hold it.
    server.close(() => undefined);
    for (const res of this.inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    while (this.inFlight.size > 0 && Date.now() < deadline) {
      server.closeIdleConnections();
      await sleep(POLL_MS);
    }
    const cut = this.inFlight.size;
    if (cut) this.log.warn(`${cut} requests still running after the grace: cut`);
    server.closeAllConnections();
    return cut;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bull';
import type { Job, Queue } from 'bull';
import { QUEUES } from './jobs';

/**
 * Bull passes its connections' errors on as the queue's 'error' event, which Bull itself only swallows (so that
 * an outage does not end the process). Here each queue's outage is logged once when it starts and once when its
 * connection is ready again; the connections reconnect by themselves (the retry strategy in app.module).
 *
 * A graceful shutdown (src/shutdown.ts) calls `finishJobs` first: the running jobs get until the grace to finish, and
 * those still running then are handed back (below).
 *
 * At shutdown, every queue of the process stops taking jobs at once, before @nestjs/bull closes them one after
 * another. Bull ends a queue's blocking fetch (BRPOPLPUSH) by asking its connection to QUIT, which a blocked connection
 * answers only when the fetch times out, so Bull waits 500 ms and then drops it: six queues closed in turn spent 3 s
 * of every shutdown (and of every test app's close) waiting. Paused locally together (`pause(true, true)`: no new job
 * is fetched, the running ones finish, adding jobs still works), they wait those 500 ms once; each close after it
 * finds no blocked fetch and returns at once, still waiting for the jobs that run as before.
 */
@Injectable()
export class QueueWatch implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger('Queues');
  private readonly queues: Queue[] = [];
  /** The jobs this process is running, by queue and id (Bull's local 'active' to 'completed' or 'failed'). */
  private readonly running = new Map<string, Job>();

  constructor(private readonly modules: ModuleRef) {}

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.pause(true, true).catch(() => undefined)));
  }

  /**
   * Graceful shutdown: no queue takes a new job here; the running ones get until `deadline` to finish. Those still
   * running then are handed back: their locks are released, so the next stall check of another worker (every
   * JOB_LOCK_MS) moves them back to wait, and their queues are closed without waiting for them (app.close() would
   * otherwise wait for them without end). Every job may run again safely: PostgreSQL decides what was done.
   */
  async finishJobs(deadline: number): Promise<{ handedBack: number }> {
    await Promise.all(this.queues.map((queue) => queue.pause(true, true).catch(() => undefined)));
    while (this.running.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const left = [...this.running.values()];
    if (!left.length) return { handedBack: 0 };
    this.log.warn(`${left.length} jobs still running after the grace: handed back (${left.map((j) => `${j.queue.name}:${j.id}`).join(', ')})`);
    await Promise.all(
      left.map((job) => job.releaseLock().catch((e: unknown) => this.log.warn(`job ${job.queue.name}:${job.id}: lock not released: ${String(e)}`))),
    );
    await Promise.all([...new Set(left.map((job) => job.queue))].map((queue) => queue.close(true).catch(() => undefined)));
    return { handedBack: left.length };
  }

  onApplicationBootstrap(): void {
    for (const name of Object.values(QUEUES)) {
      let queue: Queue;
      try {
        queue = this.modules.get<Queue>(getQueueToken(name), { strict: false });
      } catch {
        continue; // not registered in this process's modules
      }
      this.queues.push(queue);
      const key = (job: Job) => `${name}:${String(job.id)}`;
      queue.on('active', (job: Job) => this.running.set(key(job), job));
      queue.on('completed', (job: Job) => this.running.delete(key(job)));
      queue.on('failed', (job: Job) => this.running.delete(key(job)));
      let downSince: number | undefined;
      queue.on('error', (e: Error) => {
        if (downSince !== undefined) return;
        downSince = Date.now();
        this.log.warn(`queue ${name}: ${e.message}; its jobs wait until Redis is back`);
      });
      queue.client.on('ready', () => {
        if (downSince === undefined) return;
        this.log.log(`queue ${name}: Redis is back after ${((Date.now() - downSince) / 1000).toFixed(1)} s`);
        downSince = undefined;
      });
    }
  }
}

import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import { QUEUES } from './jobs';

/**
 * Bull passes its connections' errors on as the queue's 'error' event, which Bull itself only swallows (so that
 * an outage does not end the process). Here each queue's outage is logged once when it starts and once when its
 * connection is ready again; the connections reconnect by themselves (the retry strategy in app.module).
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

  constructor(private readonly modules: ModuleRef) {}

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.pause(true, true).catch(() => undefined)));
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

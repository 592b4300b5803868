import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import { QUEUES } from './jobs';

/**
 * Bull passes its connections' errors on as the queue's 'error' event, which Bull itself only swallows (so that
 * an outage does not end the process). Here each queue's outage is logged once when it starts and once when its
 * connection is ready again; the connections reconnect by themselves (the retry strategy in app.module).
 */
@Injectable()
export class QueueWatch implements OnApplicationBootstrap {
  private readonly log = new Logger('Queues');

  constructor(private readonly modules: ModuleRef) {}

  onApplicationBootstrap(): void {
    for (const name of Object.values(QUEUES)) {
      let queue: Queue;
      try {
        queue = this.modules.get<Queue>(getQueueToken(name), { strict: false });
      } catch {
        continue; // not registered in this process's modules
      }
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

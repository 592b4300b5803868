import { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import Redis from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { echoSkippingParser } from './echo-skipping-parser';

/** socket.io over Redis pub/sub, so an event emitted by one API process reaches sockets held by another. */
export class RedisIoAdapter extends IoAdapter {
  private pub?: Redis;
  private sub?: Redis;

  constructor(
    app: INestApplicationContext,
    private readonly redisUrl: string,
    private readonly prefix: string,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions) {
    const server = super.createIOServer(port, options) as Server;
    // Auto-pipelining: the broadcasts of one tick (an ingest batch's messages) go to Redis in one write, not one
    // system call each (a twentieth of a busy process's CPU in bench:ingest).
    this.pub = new Redis(this.redisUrl, { lazyConnect: false, enableAutoPipelining: true });
    this.sub = this.pub.duplicate();
    server.adapter(createAdapter(this.pub, this.sub, { key: `${this.prefix}:socket.io`, parser: echoSkippingParser() }));
    return server;
  }

  override async dispose() {
    await super.dispose();
    // The broadcasts still queued in the pipeline go out first (it is written on the next tick, and QUIT is never
    // pipelined), then QUIT, so they are sent rather than failed; a Redis that does not answer within a second is dropped.
    const pub = this.pub;
    if (pub) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      const wait = new Promise<void>((resolve) => setTimeout(resolve, 1000).unref());
      await Promise.race([pub.quit().catch(() => undefined), wait]);
      pub.disconnect();
    }
    this.sub?.disconnect();
  }
}

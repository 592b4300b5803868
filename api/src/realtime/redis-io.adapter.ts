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
    this.pub = new Redis(this.redisUrl, { lazyConnect: false });
    this.sub = this.pub.duplicate();
    server.adapter(createAdapter(this.pub, this.sub, { key: `${this.prefix}:socket.io`, parser: echoSkippingParser() }));
    return server;
  }

  override async dispose() {
    await super.dispose();
    this.pub?.disconnect();
    this.sub?.disconnect();
  }
}

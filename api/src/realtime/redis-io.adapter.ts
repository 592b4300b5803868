import { INestApplicationContext, Logger } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { RedisAdapter, RedisAdapterOptions } from '@socket.io/redis-adapter';
import Redis from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { redisOptions, watchRedis } from '../common/infra/redis';
import { echoSkippingParser } from './echo-skipping-parser';

/**
 * The Redis adapter, for a Redis that may be down. While the publishing connection is not ready, this process is the
 * only one it can reach: `serverCount` answers 1 at once, so fetchSockets (forced logouts, who is online), allRooms
 * and serverSideEmitWithAck answer from this process's own sockets instead of waiting for a PUBSUB NUMSUB that
 * cannot be sent and then for answers that cannot come (a login took up to 11 s during an outage).
 */
class OutageTolerantRedisAdapter extends RedisAdapter {
  override serverCount(): Promise<number> {
    if ((this.pubClient as Redis).status !== 'ready') return Promise.resolve(1);
    return super.serverCount().catch(() => 1);
  }
}

/**
 * The adapter publishes each broadcast without waiting for, or catching, the answer. While Redis is down such a
 * publish fails, and an unhandled rejection would end the process (it did, 11 s into an outage under traffic).
 * Here each publish's failure is counted and logged once per outage: broadcasts to other processes are lost
 * meanwhile (sockets of this process still get them), and clients load the current state again when they
 * reconnect. The promise the adapter gets still rejects, for a caller that does wait for it.
 */
function publishingNeverThrows(pub: Redis, log: Logger): Redis {
  const publish = pub.publish.bind(pub) as (...args: unknown[]) => Promise<number>;
  let failed = 0;
  pub.on('ready', () => {
    if (failed) log.warn(`${failed} broadcasts to other processes were lost while Redis was unreachable`);
    failed = 0;
  });
  (pub as unknown as { publish: (...args: unknown[]) => Promise<number> }).publish = (...args: unknown[]) => {
    const sent = publish(...args);
    sent.catch(() => failed++);
    return sent;
  };
  return pub;
}

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
    const log = new Logger('Realtime');
    // Auto-pipelining: the broadcasts of one tick (an ingest batch's messages) go to Redis in one write, not one
    // system call each (a twentieth of a busy process's CPU in bench:ingest).
    const pub = watchRedis(new Redis(this.redisUrl, redisOptions({ lazyConnect: false, enableAutoPipelining: true })), 'socket.io publisher', log);
    // Once connected, a broadcast that cannot be sent fails at once instead of waiting in memory for Redis: events
    // are of the moment, and a long outage must not pile them up (nor hold a caller that waits for one).
    pub.once('ready', () => (pub.options.enableOfflineQueue = false));
    this.pub = publishingNeverThrows(pub, log);
    // The subscriber re-subscribes by itself once Redis is back (ioredis's autoResubscribe).
    this.sub = watchRedis(pub.duplicate({ maxRetriesPerRequest: null, enableAutoPipelining: false, enableOfflineQueue: true }), 'socket.io subscriber', log);
    const opts: Partial<RedisAdapterOptions> = { key: `${this.prefix}:socket.io`, parser: echoSkippingParser() };
    const [pubClient, subClient] = [this.pub, this.sub];
    server.adapter(function (nsp: unknown) {
      return new OutageTolerantRedisAdapter(nsp, pubClient, subClient, opts);
    } as never);
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

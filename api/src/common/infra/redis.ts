import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import Redis, { RedisOptions } from 'ioredis';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { DEFAULT_REDIS_URL } from '../../config/local-redis';

/**
 * Reconnects forever: 100 ms, 200 ms, ... up to 2 s between attempts, with a little jitter so several processes
 * do not knock at once. (Answering null would end the client for good, and the process would run on without Redis.)
 */
export function redisRetryStrategy(times: number): number {
  return Math.min(times * 100, 2000) + Math.floor(Math.random() * 100);
}

/** How long a plain command may wait for an answer, queued while the connection is down included. */
export const REDIS_COMMAND_TIMEOUT_MS = 2000;

/**
 * Every ioredis connection we make goes through here: the retry strategy above and an 'error' listener. Without a
 * listener ioredis prints each failed reconnect (several a second) and libraries complain; with one, an outage
 * is one warning when it starts and one line when the connection is back, per connection.
 *
 * A command that cannot be sent waits in ioredis's offline queue and fails with MaxRetriesPerRequestError after
 * `maxRetriesPerRequest` reconnection attempts (20 by default, about 30 s with this strategy): every caller must
 * handle that rejection (see main.ts's unhandledRejection logging, the safety net, not the plan).
 */
export function redisOptions(extra: RedisOptions = {}): RedisOptions {
  return { retryStrategy: redisRetryStrategy, ...extra };
}

/** Logs a connection's outage once and its return once; answers the connection. */
export function watchRedis<T extends Redis>(client: T, name: string, log = new Logger('Redis')): T {
  let downSince: number | undefined;
  client.on('error', (e: Error) => {
    if (downSince !== undefined) return;
    downSince = Date.now();
    log.warn(`${name}: ${e.message}; reconnecting`);
  });
  client.on('ready', () => {
    if (downSince === undefined) return;
    log.log(`${name}: connected again after ${((Date.now() - downSince) / 1000).toFixed(1)} s`);
    downSince = undefined;
  });
  return client;
}

/**
 * ioredis options for a `redis://` or `rediss://` URL, for libraries that take options rather than a URL (Bull
 * merges its own into them).
 */
export function redisUrlOptions(url: string): RedisOptions {
  const u = new URL(url);
  const db = Number(u.pathname.replace(/^\//, '') || 0);
  return {
    host: u.hostname.replace(/^\[|\]$/g, ''),
    port: Number(u.port || 6379),
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(Number.isFinite(db) && db > 0 ? { db } : {}),
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}

/**
 * The process's Redis connection for plain commands (leases, parked acks, the session RPC bus). Bull, the
 * throttler and the socket.io adapter keep their own connections; subscribers need their own too (a subscribed
 * connection takes no other command).
 *
 * While Redis is down a command waits at most REDIS_COMMAND_TIMEOUT_MS and fails: every user of these commands
 * treats a failure as "unknown" (a lease not confirmed, an early ack not parked), never as an answer.
 */
@Injectable()
export class RedisClient implements OnApplicationShutdown {
  readonly redis: Redis;
  /** Every key of this deployment starts with it (REDIS_PREFIX). */
  readonly prefix: string;
  private readonly listeners = new Set<() => void>();

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.redis = watchRedis(
      new Redis(config.redisUrl ?? DEFAULT_REDIS_URL, redisOptions({ maxRetriesPerRequest: 3, commandTimeout: REDIS_COMMAND_TIMEOUT_MS })),
      'commands',
    );
    this.prefix = config.redisPrefix;
    let wasDown = false;
    this.redis.on('close', () => (wasDown = true));
    this.redis.on('ready', () => {
      if (!wasDown) return;
      wasDown = false;
      for (const listener of this.listeners) listener();
    });
  }

  /** Whether the connection is up now (for /health; commands may still fail a moment later). */
  get up(): boolean {
    return this.redis.status === 'ready';
  }

  /** Calls `listener` each time the connection is ready again after it was lost (not on the first connect). */
  onReconnect(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A new connection to the same Redis, for a subscriber: it re-subscribes by itself after a reconnect, and its
   * SUBSCRIBE commands wait for the connection rather than time out.
   */
  duplicate(name = 'subscriber'): Redis {
    return watchRedis(this.redis.duplicate({ maxRetriesPerRequest: null, commandTimeout: undefined }), name);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}

import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DEFAULT_REDIS_URL } from '../config/local-redis';

/**
 * The process's Redis connection for plain commands (leases, parked acks). Bull, the throttler and the
 * socket.io adapter keep their own connections; subscribers need their own too (a subscribed connection
 * takes no other command).
 */
@Injectable()
export class RedisClient implements OnApplicationShutdown {
  readonly redis: Redis;
  /** Every key of this deployment starts with it (REDIS_PREFIX). */
  readonly prefix: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.redis = new Redis(config.redisUrl ?? DEFAULT_REDIS_URL, { maxRetriesPerRequest: 3 });
    this.prefix = config.redisPrefix;
  }

  /** A new connection to the same Redis, for a subscriber. */
  duplicate(): Redis {
    return this.redis.duplicate({ maxRetriesPerRequest: null });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}

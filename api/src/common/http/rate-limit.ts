import { createHash } from 'node:crypto';
import { applyDecorators, ExecutionContext, Logger, OnApplicationShutdown, OnModuleDestroy, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import { normalizeIp, ThrottlerStorage, ThrottlerStorageService, type ThrottlerModuleOptions } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import type Redis from 'ioredis';
import type { RedisOptions } from 'ioredis';
import type { AppConfig } from '../../config/app-config';
import { REDIS_COMMAND_TIMEOUT_MS, redisOptions, watchRedis } from '../infra/redis';

export type RateLimitRule = Exclude<keyof AppConfig['throttle'], 'ipFactor'>;
const RATE_LIMIT_KEY = 'atende:rate-limit';

/**
 * Limits a route per client IP and per account (the e-mail in the path or body), counted in Redis. The `x-rate-limit`
 * extension tells the contract, which documents the 429 and the rate-limit headers from it.
 */
export const RateLimited = (rule: RateLimitRule) => applyDecorators(SetMetadata(RATE_LIMIT_KEY, rule), ApiExtension('x-rate-limit', rule));

function ruleOf(context: ExecutionContext): RateLimitRule | undefined {
  return Reflect.getMetadata(RATE_LIMIT_KEY, context.getHandler()) as RateLimitRule | undefined;
}

interface TrackedRequest {
  headers?: Record<string, string | string[] | undefined>;
  params?: Record<string, string>;
  body?: Record<string, unknown>;
  ip?: string;
}

/** IPv6 clients own a whole subnet; counting per address would let one client rotate through it. */
const ipOf = (req: TrackedRequest) => `ip:${normalizeIp(req.ip ?? '')}`;

/** The account: the e-mail in the path or body (login, reset, sign-up), else the bearer token (the API token routes). */
function accountOf(req: TrackedRequest): string {
  const email = req.params?.email ?? req.body?.email;
  if (typeof email === 'string' && email.trim()) return `account:${email.trim().toLowerCase()}`;
  const auth = req.headers?.authorization;
  if (typeof auth === 'string' && auth) return `token:${createHash('sha256').update(auth).digest('hex').slice(0, 32)}`;
  return ipOf(req);
}

/** How long a rate-limit check waits for Redis before counting in memory instead. */
const REDIS_WAIT_MS = 1000;

/**
 * Counts in Redis (shared by every process), and in this process's memory while Redis cannot answer: a Redis outage
 * must not turn every login into a 500 or a hang. During an outage each process limits on its own (a client spread
 * over N processes gets up to N times the allowance), which is logged when it starts and when Redis is back.
 */
export class FallbackThrottlerStorage implements ThrottlerStorage, OnModuleDestroy, OnApplicationShutdown {
  private readonly log = new Logger('RateLimit');
  private readonly memory = new ThrottlerStorageService();
  private inMemorySince?: number;

  constructor(private readonly shared: ThrottlerStorageRedisService) {
    const redis = shared.redis as Redis;
    redis.on('ready', () => {
      if (this.inMemorySince === undefined) return;
      this.log.log(`Redis is back: rate limits are shared again (counted in memory for ${((Date.now() - this.inMemorySince) / 1000).toFixed(1)} s)`);
      this.inMemorySince = undefined;
    });
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const redis = this.shared.redis as Redis;
    // Known to be down: no wait at all. (A lazy connection not opened yet, 'wait', opens on this first command.)
    if (this.inMemorySince === undefined && !['reconnecting', 'close', 'end'].includes(redis.status)) {
      let timer: NodeJS.Timeout | undefined;
      try {
        const counted = this.shared.increment(key, ttl, limit, blockDuration, throttlerName);
        counted.catch(() => undefined);
        return await Promise.race([
          counted,
          new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${REDIS_WAIT_MS} ms`)), REDIS_WAIT_MS))),
        ]);
      } catch (e) {
        this.fallBack(String(e));
      } finally {
        clearTimeout(timer);
      }
    } else {
      this.fallBack(`connection ${redis.status}`);
    }
    return this.memory.increment(key, ttl, limit, blockDuration, throttlerName);
  }

  private fallBack(why: string): void {
    if (this.inMemorySince !== undefined) return;
    this.inMemorySince = Date.now();
    this.log.warn(`Redis unavailable (${why}): rate limits are counted in this process's memory until it is back`);
  }

  onModuleDestroy(): void {
    this.shared.onModuleDestroy();
  }

  onApplicationShutdown(): void {
    this.memory.onApplicationShutdown();
  }
}

export function throttlerOptions(config: AppConfig, redisUrl: string): ThrottlerModuleOptions {
  const limit = (c: ExecutionContext) => config.throttle[ruleOf(c) ?? 'login'].limit;
  const ttl = (c: ExecutionContext) => config.throttle[ruleOf(c) ?? 'login'].ttlSeconds * 1000;
  const skipIf = (c: ExecutionContext) => c.getType() !== 'http' || !ruleOf(c);
  return {
    // Given the URL (not a client), the Redis storage owns the connection and closes it when the app closes. A count
    // queued while the connection is down fails after one reconnection attempt (or REDIS_COMMAND_TIMEOUT_MS).
    storage: new FallbackThrottlerStorage(
      redisStorage(
        redisUrl,
        redisOptions({ keyPrefix: `${config.redisPrefix}:throttle:`, lazyConnect: true, maxRetriesPerRequest: 1, commandTimeout: REDIS_COMMAND_TIMEOUT_MS }),
      ),
    ),
    throttlers: [
      // Many attendants of one office share an IP: the per-IP allowance is a multiple of the per-account one.
      { name: 'ip', limit: (c: ExecutionContext) => limit(c) * config.throttle.ipFactor, ttl, skipIf, getTracker: (req) => ipOf(req) },
      { name: 'account', limit, ttl, skipIf, getTracker: (req) => accountOf(req) },
    ],
  };
}

function redisStorage(url: string, options: RedisOptions): ThrottlerStorageRedisService {
  const storage = new ThrottlerStorageRedisService(url, options);
  watchRedis(storage.redis as Redis, 'rate limits');
  return storage;
}

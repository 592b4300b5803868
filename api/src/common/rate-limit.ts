import { createHash } from 'node:crypto';
import { ExecutionContext, SetMetadata } from '@nestjs/common';
import { normalizeIp, type ThrottlerModuleOptions } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import type { AppConfig } from '../config/app-config';

export type RateLimitRule = Exclude<keyof AppConfig['throttle'], 'ipFactor'>;
const RATE_LIMIT_KEY = 'atende:rate-limit';

/** Limits a route per client IP and per account (the e-mail in the path or body), counted in Redis. */
export const RateLimited = (rule: RateLimitRule) => SetMetadata(RATE_LIMIT_KEY, rule);

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

export function throttlerOptions(config: AppConfig, redisUrl: string): ThrottlerModuleOptions {
  const limit = (c: ExecutionContext) => config.throttle[ruleOf(c) ?? 'login'].limit;
  const ttl = (c: ExecutionContext) => config.throttle[ruleOf(c) ?? 'login'].ttlSeconds * 1000;
  const skipIf = (c: ExecutionContext) => c.getType() !== 'http' || !ruleOf(c);
  return {
    // Given the URL (not a client), the storage owns the connection and closes it when the app closes.
    storage: new ThrottlerStorageRedisService(redisUrl, { keyPrefix: `${config.redisPrefix}:throttle:`, lazyConnect: true }),
    throttlers: [
      // Many attendants of one office share an IP: the per-IP allowance is a multiple of the per-account one.
      { name: 'ip', limit: (c: ExecutionContext) => limit(c) * config.throttle.ipFactor, ttl, skipIf, getTracker: (req) => ipOf(req) },
      { name: 'account', limit, ttl, skipIf, getTracker: (req) => accountOf(req) },
    ],
  };
}

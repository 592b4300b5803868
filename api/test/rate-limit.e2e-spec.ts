import type { CompanyId } from '../src/common/tenancy/company-id';
import Redis from 'ioredis';
import { createTestApp, REDIS_URL, TestApp } from './harness';
import { PASSWORD, createCompany, createUser } from './factories';

const LIMITS = { THROTTLE_LOGIN_LIMIT: '3', THROTTLE_RESET_LIMIT: '2', THROTTLE_IP_FACTOR: '2' };

/** Documentation addresses (TEST-NET-3), sent as the proxy's X-Forwarded-For; loopback is a trusted proxy. */
let lastIp = 0;
const freshIp = () => `203.0.113.${++lastIp}`;

describe('rate limits', () => {
  let t: TestApp;
  let companyId: CompanyId;

  beforeAll(async () => {
    t = await createTestApp({ env: LIMITS });
    companyId = (await createCompany(t.orm)).id;
  });
  afterAll(() => t?.close());

  const account = async () => (await createUser(t.orm, { companyId })).email;
  const loginFrom = (app: TestApp, ip: string, email: string, password = 'wrong-password') =>
    app.http().post('/auth/login').set('X-Forwarded-For', ip).send({ email, password });

  it('limits logins per account, whatever the IP: the 4th attempt in a minute gets 429', async () => {
    const email = await account();
    for (const variant of [email, email.toUpperCase(), email]) {
      expect((await loginFrom(t, freshIp(), variant)).status).toBe(401);
    }
    const res = await loginFrom(t, freshIp(), email, PASSWORD);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: 'ERR_TOO_MANY_REQUESTS', message: expect.any(String) });
  });

  it('limits logins per IP, whatever the account, at THROTTLE_IP_FACTOR times the per-account limit', async () => {
    const ip = freshIp();
    // 3 per account, 2 x 3 = 6 per IP: six attempts spread over accounts pass the IP rule
    for (let i = 0; i < 6; i++) expect((await loginFrom(t, ip, await account())).status).toBe(401);
    const email = await account();
    expect((await loginFrom(t, ip, email, PASSWORD)).status).toBe(429);
    // the same account from another address is fine: it was the address that was limited
    expect((await loginFrom(t, freshIp(), email, PASSWORD)).status).toBe(200);
  });

  it('believes X-Forwarded-For only from a proxy on this machine (TRUST_PROXY loopback): a private hop cannot pick its own address', async () => {
    expect(t.config.trustProxy).toBe('loopback');
    // A client at 10.0.0.7 (a private address, once trusted by default) claiming a new address on every attempt: the
    // loopback proxy appends the address it saw, and that address is what is limited. Only header text: no traffic.
    const attempts: number[] = [];
    for (let i = 0; i < 7; i++) attempts.push((await loginFrom(t, `${freshIp()}, 10.0.0.7`, await account())).status);
    expect(attempts).toEqual([401, 401, 401, 401, 401, 401, 429]);
    // A proxy that says who connected to it (one hop) is still believed: another client's address is not limited.
    expect((await loginFrom(t, `${freshIp()}`, await account())).status).toBe(401);
  });

  it('does not limit routes without @RateLimited, even for a limited address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 6; i++) await loginFrom(t, ip, await account());
    expect((await loginFrom(t, ip, await account())).status).toBe(429);
    for (let i = 0; i < 10; i++) {
      await t.http().get('/health').set('X-Forwarded-For', ip).expect(200);
      // refresh_token is public but declares no limit
      await t.http().post('/auth/refresh_token').set('X-Forwarded-For', ip).expect(401);
    }
  });

  it('limits password reset by the e-mail in the path, with its own limit', async () => {
    const email = await account();
    for (let i = 0; i < 2; i++) {
      await t.http().post(`/resetpassword/${email}/000000/NovaSenha123`).set('X-Forwarded-For', freshIp()).expect(400);
    }
    const res = await t.http().post(`/resetpassword/${email}/000000/NovaSenha123`).set('X-Forwarded-For', freshIp()).expect(429);
    expect(res.body.error).toBe('ERR_TOO_MANY_REQUESTS');
    // another account from a fresh address still gets through (an address of no account answers as any other, 204)
    await t.http().post(`/forgetpassword/nobody-${lastIp}@nowhere.test`).set('X-Forwarded-For', freshIp()).expect(204);
  });

  it('counts in Redis: two instances of one deployment share the count', async () => {
    const other = await createTestApp({ shareWith: t, env: LIMITS });
    try {
      const email = await account();
      expect((await loginFrom(t, freshIp(), email)).status).toBe(401);
      expect((await loginFrom(other, freshIp(), email)).status).toBe(401);
      expect((await loginFrom(t, freshIp(), email)).status).toBe(401);
      expect((await loginFrom(other, freshIp(), email, PASSWORD)).status).toBe(429);

      const redis = new Redis(REDIS_URL);
      try {
        const keys = await redis.keys(`${t.config.redisPrefix}:throttle:*`);
        expect(keys.length).toBeGreaterThan(0);
      } finally {
        redis.disconnect();
      }
    } finally {
      await other.close();
    }
  });
});

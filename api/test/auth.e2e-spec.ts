import { JwtService } from '@nestjs/jwt';
import request from 'supertest';
import { createTestApp, connectSocket, nextEvent, record, TestApp, eventsDelivered, until } from './harness';
import { PASSWORD, createCompany, createSuperUser, createTenant, createUser, login } from './factories';
import { SessionPrunerService } from '../src/auth/session/session-pruner.service';
import { sha256 } from '../src/auth/session/session.service';

describe('auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('logs in with the user, company, plan, settings, queues and permissions', async () => {
    const { admin } = await createTenant(t);
    const res = await t.http().post('/auth/login').send({ email: admin.email.toUpperCase(), password: PASSWORD }).expect(200);
    expect(res.body.token).toEqual(expect.any(String));
    expect(res.body.user).toMatchObject({ id: admin.id, profile: 'admin', companyId: admin.companyId, queues: [] });
    expect(res.body.user.company).toMatchObject({ id: admin.companyId, plan: { useCampaigns: true } });
    expect(res.body.user.company.settings).toEqual(expect.arrayContaining([{ key: 'userCreation', value: 'enabled' }]));
    expect(res.body.user.permissions).toEqual(expect.arrayContaining(['user-modal:editProfile', 'tickets-manager:showall']));
    expect(res.body.user).not.toHaveProperty('passwordHash');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/jrt=.+HttpOnly/);
    expect(cookie).toMatch(/Path=\/auth/);
  });

  it('answers 401 ERR_INVALID_CREDENTIALS for a wrong password or an unknown e-mail', async () => {
    const { user } = await createTenant(t);
    for (const body of [
      { email: user.email, password: 'wrong-one' },
      { email: 'nobody@nowhere.test', password: PASSWORD },
    ]) {
      const res = await t.http().post('/auth/login').send(body).expect(401);
      expect(res.body).toEqual({ error: 'ERR_INVALID_CREDENTIALS', message: expect.any(String) });
    }
  });

  it('rejects a malformed login with the failing fields', async () => {
    const res = await t.http().post('/auth/login').send({ email: 'not-an-email' }).expect(400);
    expect(res.body.error).toBe('ERR_VALIDATION');
    expect(res.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['email', 'password']);
  });

  it('answers the plain user without admin checks', async () => {
    const { user, userToken } = await createTenant(t);
    const res = await t.http().get('/auth/me').set('Authorization', `Bearer ${userToken}`).expect(200);
    expect(res.body.id).toBe(user.id);
    expect(res.body.permissions).not.toContain('user-modal:editProfile');
    expect(res.body.permissions).not.toContain('tickets-manager:showall');
    expect(res.body.permissions).toContain('session:self');
    // secrets are blank for non-admins
    expect(res.body.company.settings.find((s: { key: string }) => s.key === 'asaas').value).toBe('');
  });

  it('tells an expired access token (403, refresh) from a missing or revoked session (401, log out)', async () => {
    const { user } = await createTenant(t);
    const { token } = await login(t, user.email);
    const jwt = new JwtService({});
    const claims = jwt.decode<Record<string, unknown>>(token);
    const expired = jwt.sign({ ...claims, iat: 1, exp: 2 }, { secret: t.config.jwtSecret });
    expect((await t.http().get('/auth/me').set('Authorization', `Bearer ${expired}`).expect(403)).body.error).toBe('ERR_TOKEN_EXPIRED');
    expect((await t.http().get('/auth/me').expect(401)).body.error).toBe('ERR_SESSION_EXPIRED');
    const forged = jwt.sign({ ...claims }, { secret: 'not-the-secret' });
    expect((await t.http().get('/auth/me').set('Authorization', `Bearer ${forged}`).expect(401)).body.error).toBe('ERR_SESSION_EXPIRED');
    await t.http().delete('/auth/logout').set('Authorization', `Bearer ${token}`).expect(204);
    expect((await t.http().get('/auth/me').set('Authorization', `Bearer ${token}`).expect(401)).body.error).toBe('ERR_SESSION_EXPIRED');
  });

  it('rotates the refresh cookie; a replayed old one ends the session family', async () => {
    const { user } = await createTenant(t);
    const first = await login(t, user.email);
    const r1 = await t.http().post('/auth/refresh_token').set('Cookie', first.cookie).expect(200);
    expect(r1.body.user.id).toBe(user.id);
    const second = String(r1.headers['set-cookie']).match(/jrt=[^;]+/)![0];
    expect(second).not.toBe(first.cookie);
    await t.http().get('/auth/me').set('Authorization', `Bearer ${r1.body.token}`).expect(200);
    // within the grace window the old cookie still works (two tabs refreshing at once)
    await t.http().post('/auth/refresh_token').set('Cookie', first.cookie).expect(200);
    // past it, replaying the old cookie is treated as theft: the family ends
    await t.orm.em.fork().getConnection().execute(`update refresh_tokens set rotated_at = now() - interval '1 minute' where rotated_at is not null`);
    await t.http().post('/auth/refresh_token').set('Cookie', first.cookie).expect(401);
    await t.http().post('/auth/refresh_token').set('Cookie', second).expect(401);
    await t.http().post('/auth/refresh_token').expect(401);
    // and so do its access tokens, at once (not when they expire), as at a forced logout
    expect((await t.http().get('/auth/me').set('Authorization', `Bearer ${r1.body.token}`).expect(401)).body.error).toBe('ERR_SESSION_EXPIRED');
    expect((await t.http().get('/auth/me').set('Authorization', `Bearer ${first.token}`).expect(401)).body.error).toBe('ERR_SESSION_EXPIRED');
    // a new login starts a new session as usual
    const again = await login(t, user.email);
    await t.http().get('/auth/me').set('Authorization', `Bearer ${again.token}`).expect(200);
  });

  it('a replayed refresh token of an impersonation ends that impersonation’s access tokens, and only its own', async () => {
    const su = await createSuperUser(t);
    const { user } = await createTenant(t);
    const own = await login(t, user.email);
    const imp = await t.http().get(`/auth/impersonate/${user.id}/${su.user.id}`).set('Authorization', `Bearer ${su.token}`).expect(200);
    const cookie = String(imp.headers['set-cookie']).match(/jrt=[^;]+/)![0];
    await t.http().get('/auth/me').set('Authorization', `Bearer ${imp.body.token}`).expect(200);
    const r1 = await t.http().post('/auth/refresh_token').set('Cookie', cookie).expect(200);
    await t.orm.em.fork().getConnection().execute(`update refresh_tokens set rotated_at = now() - interval '1 minute' where rotated_at is not null`);
    await t.http().post('/auth/refresh_token').set('Cookie', cookie).expect(401);
    for (const token of [imp.body.token, r1.body.token]) {
      expect((await t.http().get('/auth/me').set('Authorization', `Bearer ${token}`).expect(401)).body.error).toBe('ERR_SESSION_EXPIRED');
    }
    // the super user's own session and the user's own session go on
    await t.http().get('/auth/me').set('Authorization', `Bearer ${su.token}`).expect(200);
    await t.http().get('/auth/me').set('Authorization', `Bearer ${own.token}`).expect(200);
  });

  it('prunes refresh tokens a day past their expiry, of every company, and keeps the others working', async () => {
    const a = await createTenant(t);
    const b = await createTenant(t);
    const live = await login(t, a.user.email);
    const old = await login(t, b.user.email);
    const recent = await login(t, b.admin.email);
    const sql = t.orm.em.fork().getConnection();
    const family = async (cookie: string) =>
      (await sql.execute(`select family from refresh_tokens where token_hash = ?`, [sha256(decodeURIComponent(cookie.slice('jrt='.length)))]))[0].family;
    const [oldFamily, recentFamily] = [await family(old.cookie), await family(recent.cookie)];
    await sql.execute(`update refresh_tokens set expires_at = now() - interval '25 hours' where family = ?`, [oldFamily]);
    await sql.execute(`update refresh_tokens set expires_at = now() - interval '23 hours' where family = ?`, [recentFamily]);

    const pruned = await t.app.get(SessionPrunerService).prune();
    expect(pruned).toBeGreaterThanOrEqual(1);
    const families = (await sql.execute<{ family: string }[]>(`select distinct family from refresh_tokens`)).map((r) => r.family);
    expect(families).not.toContain(oldFamily);
    // Expired less than a day ago: kept (and refused), like any expired token.
    expect(families).toContain(recentFamily);
    await t.http().post('/auth/refresh_token').set('Cookie', recent.cookie).expect(401);
    await t.http().post('/auth/refresh_token').set('Cookie', old.cookie).expect(401);
    await t.http().post('/auth/refresh_token').set('Cookie', live.cookie).expect(200);
  });

  it('logout revokes the refresh cookie too', async () => {
    const { user } = await createTenant(t);
    const s = await login(t, user.email);
    await t.http().delete('/auth/logout').set('Authorization', `Bearer ${s.token}`).expect(204);
    expect((await t.http().post('/auth/refresh_token').set('Cookie', s.cookie).expect(401)).body.error).toBe('ERR_SESSION_EXPIRED');
  });

  it('keeps one refresh cookie per session slot, so two users on one page never swap sessions', async () => {
    const { admin, user } = await createTenant(t);
    const page = request.agent(t.app.getHttpServer()); // one browser: one cookie jar
    const slot = (name: string) => ({ 'X-Atende-Session': name });
    const a = await page.post('/auth/login').set(slot('widget-a')).send({ email: admin.email, password: PASSWORD }).expect(200);
    expect(String(a.headers['set-cookie'])).toMatch(/^jrt\.widget-a=.+Path=\/auth.+HttpOnly/);
    await page.post('/auth/login').set(slot('widget-b')).send({ email: user.email, password: PASSWORD }).expect(200);

    const ra = await page.post('/auth/refresh_token').set(slot('widget-a')).expect(200);
    expect(ra.body.user.id).toBe(admin.id);
    const rb = await page.post('/auth/refresh_token').set(slot('widget-b')).expect(200);
    expect(rb.body.user.id).toBe(user.id);
    // Without a slot the default cookie is asked for, and this page never got one.
    expect((await page.post('/auth/refresh_token').expect(401)).body.error).toBe('ERR_SESSION_EXPIRED');

    // Logging widget B out clears B's cookie only; A's session goes on.
    const out = await page.delete('/auth/logout').set(slot('widget-b')).set('Authorization', `Bearer ${rb.body.token}`).expect(204);
    expect(String(out.headers['set-cookie'])).toMatch(/^jrt\.widget-b=;/);
    await page.post('/auth/refresh_token').set(slot('widget-b')).expect(401);
    expect((await page.post('/auth/refresh_token').set(slot('widget-a')).expect(200)).body.user.id).toBe(admin.id);
  });

  it('refuses a malformed session slot with the failing header, before anything changes', async () => {
    const { user } = await createTenant(t);
    const older = await login(t, user.email);
    for (const bad of ['a b', 'x'.repeat(41), 'jrt;evil=1']) {
      const res = await t.http().post('/auth/login').set('X-Atende-Session', bad).send({ email: user.email, password: PASSWORD }).expect(400);
      expect(res.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'X-Atende-Session' }] });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // The refused logins did not end the session that was there.
    await t.http().get('/auth/me').set('Authorization', `Bearer ${older.token}`).expect(200);
  });

  it('sends the refresh cookie SameSite=None, Secure and Partitioned when configured for cross-site widgets', async () => {
    const crossSite = await createTestApp({ shareWith: t, env: { REFRESH_COOKIE_SAMESITE: 'none' } });
    try {
      const { user } = await createTenant(t);
      const res = await crossSite.http().post('/auth/login').send({ email: user.email, password: PASSWORD }).expect(200);
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/SameSite=None/);
      expect(cookie).toMatch(/Secure/);
      expect(cookie).toMatch(/Partitioned/);
    } finally {
      await crossSite.close();
    }
  });

  it('a new login elsewhere ends the older session and tells its client', async () => {
    const { user, company } = await createTenant(t);
    const older = await login(t, user.email);
    const socket = await connectSocket(t.url, older.token);
    try {
      const event = nextEvent<{ action: string; user: { id: number } }>(socket, `company-${company.id}-auth`);
      const disconnected = new Promise((r) => socket.once('disconnect', r));
      const newer = await login(t, user.email);
      expect(await event).toEqual({ action: 'update', user: { id: user.id } });
      await disconnected;
      await t.http().get('/auth/me').set('Authorization', `Bearer ${older.token}`).expect(401);
      await t.http().post('/auth/refresh_token').set('Cookie', older.cookie).expect(401);
      await t.http().get('/auth/me').set('Authorization', `Bearer ${newer.token}`).expect(200);
    } finally {
      socket.close();
    }
  });

  it('lets a super user act as another user without logging that user out', async () => {
    const platform = await createCompany(t.orm);
    const superUser = await createUser(t.orm, { companyId: platform.id, profile: 'admin', super: true });
    const { user, company } = await createTenant(t);
    const superSession = await login(t, superUser.email);
    const target = await login(t, user.email);
    const socket = await connectSocket(t.url, target.token);
    const authEvents = record(socket, `company-${company.id}-auth`);
    try {
      const res = await t.http().get(`/auth/impersonate/${user.id}/${superUser.id}`).set('Authorization', `Bearer ${superSession.token}`).expect(200);
      expect(res.body.user).toMatchObject({ id: user.id, companyId: company.id, impersonatorId: superUser.id });
      const me = await t.http().get('/auth/me').set('Authorization', `Bearer ${res.body.token}`).expect(200);
      expect(me.body).toMatchObject({ id: user.id, impersonatorId: superUser.id });
      await eventsDelivered(t, socket);
      expect(authEvents).toEqual([]);
      await t.http().get('/auth/me').set('Authorization', `Bearer ${target.token}`).expect(200);
      // ending the impersonation leaves the user's own session alone
      await t.http().delete('/auth/logout').set('Authorization', `Bearer ${res.body.token}`).expect(204);
      await t.http().get('/auth/me').set('Authorization', `Bearer ${target.token}`).expect(200);
    } finally {
      socket.close();
    }
  });

  it("keeps an impersonation through the user's own logins and logouts, and ends it with the impersonator's session", async () => {
    const platform = await createCompany(t.orm);
    const superUser = await createUser(t.orm, { companyId: platform.id, profile: 'admin', super: true });
    const { user } = await createTenant(t);
    const superSession = await login(t, superUser.email);
    const acting = await t.http().get(`/auth/impersonate/${user.id}/${superUser.id}`).set('Authorization', `Bearer ${superSession.token}`).expect(200);
    const actingCookie = ([] as string[])
      .concat(acting.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('jrt='))!
      .split(';')[0];
    const socket = await connectSocket(t.url, acting.body.token);
    try {
      // The user signs in elsewhere, then out: their own sessions end, the super user's acting goes on.
      const own = await login(t, user.email);
      await t.http().delete('/auth/logout').set('Authorization', `Bearer ${own.token}`).expect(204);
      await t.http().get('/auth/me').set('Authorization', `Bearer ${own.token}`).expect(401);
      await t.http().get('/auth/me').set('Authorization', `Bearer ${acting.body.token}`).expect(200);
      const renewed = await t.http().post('/auth/refresh_token').set('Cookie', actingCookie).expect(200);
      expect(renewed.body.user).toMatchObject({ id: user.id, impersonatorId: superUser.id });
      await eventsDelivered(t, socket);
      expect(socket.connected).toBe(true);
      // The super user signs in elsewhere: the impersonation they were running ends with their old session.
      await login(t, superUser.email);
      await t.http().get('/auth/me').set('Authorization', `Bearer ${renewed.body.token}`).expect(401);
      await until(() => !socket.connected);
    } finally {
      socket.close();
    }
  });

  it('refuses impersonation to anyone but a super user, and with someone else as current user', async () => {
    const { admin, user, adminToken } = await createTenant(t);
    const res = await t.http().get(`/auth/impersonate/${user.id}/${admin.id}`).set('Authorization', `Bearer ${adminToken}`).expect(403);
    expect(res.body.error).toBe('ERR_NO_PERMISSION');
    const platform = await createCompany(t.orm);
    const superUser = await createUser(t.orm, { companyId: platform.id, profile: 'admin', super: true });
    const s = await login(t, superUser.email);
    await t.http().get(`/auth/impersonate/${user.id}/${admin.id}`).set('Authorization', `Bearer ${s.token}`).expect(403);
  });
});

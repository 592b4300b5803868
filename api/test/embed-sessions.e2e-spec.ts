import type { Socket } from 'socket.io-client';
import { connectSocket, createTestApp, sleep, TestApp, until } from './harness';
import { createTenant, createUser, login } from './factories';
import { SessionPrunerService } from '../src/auth/session/session-pruner.service';
import { createEmbedKey, exchange, PARTNER_ORIGIN, partnerToken } from './factories/embed';

type Tenant = Awaited<ReturnType<typeof createTenant>>;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Issue 32: partner-minted sign-in (POST /auth/embed/session) and embed sessions as their own kind. */
describe('embed sessions', () => {
  let t: TestApp;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });

  async function setup() {
    const a = await createTenant(t);
    const key = await createEmbedKey(t, a.adminToken);
    return { ...a, key };
  }
  const embedToken = async (a: Tenant & { key: Awaited<ReturnType<typeof createEmbedKey>> }, claims: Record<string, unknown> = { email: a.user.email }) =>
    (await exchange(t, partnerToken(a.key, claims)).expect(200)).body.token as string;
  const closed = (socket: Socket) => until(() => !socket.connected, 5000);

  it('signs a user in by e-mail or external id, answering the login user and no cookie; the key records its use', async () => {
    const a = await setup();
    const res = await exchange(t, partnerToken(a.key, { email: a.user.email.toUpperCase() })).expect(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toEqual({ token: expect.any(String), expiresAt: expect.any(String), user: expect.objectContaining({ id: a.user.id }) });
    const expiresIn = new Date(res.body.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(3590_000);
    expect(expiresIn).toBeLessThanOrEqual(3600_000);
    // The same shape the login answers for its user.
    const console = await login(t, a.user.email);
    expect(Object.keys(res.body.user).sort()).toEqual(Object.keys(console.body.user).sort());
    expect(res.body.user.permissions).toEqual(console.body.user.permissions);
    expect((await t.http().get('/embed-keys').set(a.auth(a.adminToken)).expect(200)).body[0].lastUsedAt).toEqual(expect.any(String));

    const mapped = await createUser(t.orm, { companyId: a.company.id });
    await t.http().put(`/users/${mapped.id}`).set(a.auth(a.adminToken)).send({ externalId: 'crm-42' }).expect(200);
    expect((await exchange(t, partnerToken(a.key, { externalId: 'crm-42' })).expect(200)).body.user.id).toBe(mapped.id);
  });

  it('refuses each bad token with its code, and spends no jti on a refusal', async () => {
    const a = await setup();
    const now = Math.floor(Date.now() / 1000);
    const email = a.user.email;
    const refused = async (token: string, status: number, code: string, message?: RegExp, origin: string | null = PARTNER_ORIGIN) => {
      const res = await exchange(t, token, origin);
      expect({ status: res.status, error: res.body.error }).toEqual({ status, error: code });
      if (message) expect(res.body.message).toMatch(message);
    };
    await refused(partnerToken(a.key, { email }, { secret: 'not-the-secret' }), 401, 'ERR_EMBED_TOKEN_INVALID', /signature/);
    await refused(partnerToken(a.key, { email, aud: 'someone-else' }), 401, 'ERR_EMBED_TOKEN_INVALID', /audience/);
    await refused(partnerToken(a.key, { email, iat: now - 200, exp: now - 60 }), 401, 'ERR_EMBED_TOKEN_INVALID', /expired/);
    await refused(partnerToken(a.key, { email, iat: now, exp: now + 301 }), 401, 'ERR_EMBED_TOKEN_INVALID', /300 s/);
    await refused(partnerToken(a.key, { email, jti: undefined }), 401, 'ERR_EMBED_TOKEN_INVALID', /jti/);
    await refused(partnerToken(a.key, { email, externalId: 'x' }), 401, 'ERR_EMBED_TOKEN_INVALID', /exactly one/);
    await refused(partnerToken(a.key, { email }, { kid: 'ek_unknown' }), 401, 'ERR_EMBED_TOKEN_INVALID', /unknown key/);
    await refused('not.a.jwt', 401, 'ERR_EMBED_TOKEN_INVALID');
    await refused(partnerToken(a.key, { email: 'nobody@test.local' }), 401, 'ERR_EMBED_USER_UNKNOWN');
    await refused(partnerToken(a.key, { externalId: 'nobody' }), 401, 'ERR_EMBED_USER_UNKNOWN');
    // No algorithm but HS256: an unsigned token is refused.
    const [, payload] = partnerToken(a.key, { email }).split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT', kid: a.key.keyId })).toString('base64url')}.${payload}.`;
    await refused(none, 401, 'ERR_EMBED_TOKEN_INVALID');

    // The origin: another page's, or none, is refused before the jti is spent.
    const token = partnerToken(a.key, { email });
    await refused(token, 403, 'ERR_EMBED_ORIGIN_FORBIDDEN', undefined, 'https://evil.example');
    await refused(token, 403, 'ERR_EMBED_ORIGIN_FORBIDDEN', undefined, null);
    await exchange(t, token).expect(200);
    // Single use.
    await refused(token, 401, 'ERR_EMBED_TOKEN_REUSED');
    // A revoked key signs nothing more.
    await t.http().delete(`/embed-keys/${a.key.id}`).set(a.auth(a.adminToken)).expect(200);
    await refused(partnerToken(a.key, { email }), 401, 'ERR_EMBED_TOKEN_INVALID', /revoked/);
    expect((await t.http().post('/auth/embed/session').set('Origin', PARTNER_ORIGIN).send({}).expect(400)).body.fields[0].field).toBe('token');
  });

  it('works on the routes and the socket, and lives beside the console session: each sign-in leaves the other working', async () => {
    const a = await setup();
    const consoleToken = (await login(t, a.user.email)).token;
    const embed = await embedToken(a);
    // The embed exchange keeps the console token alive (the issue measured 200 then 401).
    await t.http().get('/tickets').set(bearer(consoleToken)).expect(200);
    await t.http().get('/tickets').set(bearer(embed)).expect(200);
    expect((await t.http().get('/auth/me').set(bearer(embed)).expect(200)).body.id).toBe(a.user.id);
    const socket = await connectSocket(t.url, embed);
    sockets.push(socket);
    expect(await socket.timeout(2000).emitWithAck('joinTickets', 'open')).toEqual({ ok: true });

    // A console login (which ends the user's other console sessions) keeps the embed session and its socket.
    const again = (await login(t, a.user.email)).token;
    await t.http().get('/tickets').set(bearer(consoleToken)).expect(401);
    await t.http().get('/tickets').set(bearer(again)).expect(200);
    await t.http().get('/tickets').set(bearer(embed)).expect(200);
    await sleep(300);
    expect(socket.connected).toBe(true);
    expect(await socket.timeout(2000).emitWithAck('joinNotification')).toEqual({ ok: true });
    // So does a console logout.
    await t.http().delete('/auth/logout').set(bearer(again)).expect(204);
    await t.http().get('/tickets').set(bearer(embed)).expect(200);
  });

  it('outlives a new password; a new profile closes its socket, which reconnects with the same token', async () => {
    const a = await setup();
    const embed = await embedToken(a);
    const socket = await connectSocket(t.url, embed);
    sockets.push(socket);
    await t.http().put(`/users/${a.user.id}`).set(a.auth(a.adminToken)).send({ password: 'Another123' }).expect(200);
    await t.http().get('/tickets').set(bearer(embed)).expect(200);
    await sleep(300);
    expect(socket.connected).toBe(true);
    await t.http().put(`/users/${a.user.id}`).set(a.auth(a.adminToken)).send({ profile: 'supervisor' }).expect(200);
    await closed(socket);
    expect((await t.http().get('/auth/me').set(bearer(embed)).expect(200)).body.profile).toBe('supervisor');
    const again = await connectSocket(t.url, embed);
    sockets.push(again);
    expect(await again.timeout(2000).emitWithAck('joinNotification')).toEqual({ ok: true });
  });

  it('keeps embed sessions off the embed keys and the cookie routes; its logout ends it alone', async () => {
    const a = await setup();
    const adminSession = (await exchange(t, partnerToken(a.key, { email: a.admin.email })).expect(200)).body;
    const adminEmbed = adminSession.token as string;
    // Its user's permissions say so (the widgets hide what the session may not do).
    expect(adminSession.user.permissions).toContain('users:write');
    expect(adminSession.user.permissions).not.toContain('embed-keys:manage');
    expect((await t.http().get('/auth/me').set(bearer(adminEmbed)).expect(200)).body.permissions).not.toContain('embed-keys:manage');
    expect((await login(t, a.admin.email)).body.user.permissions).toContain('embed-keys:manage');
    await t.http().get('/embed-keys').set(bearer(adminEmbed)).expect(403);
    await t
      .http()
      .post('/embed-keys')
      .set(bearer(adminEmbed))
      .send({ name: 'x', allowedOrigins: [PARTNER_ORIGIN] })
      .expect(403);
    await t.http().get('/users').set(bearer(adminEmbed)).expect(200);
    // No refresh: an embed session has no cookie, and the cookie route answers without one.
    await t.http().post('/auth/refresh_token').set(bearer(adminEmbed)).expect(401);

    const consoleToken = (await login(t, a.user.email)).token;
    const one = await embedToken(a);
    const two = await embedToken(a);
    const socket = await connectSocket(t.url, one);
    sockets.push(socket);
    const otherSocket = await connectSocket(t.url, two);
    sockets.push(otherSocket);
    await t.http().delete('/auth/logout').set(bearer(one)).expect(204);
    expect((await t.http().get('/tickets').set(bearer(one)).expect(401)).body.error).toBe('ERR_SESSION_EXPIRED');
    await closed(socket);
    await t.http().get('/tickets').set(bearer(two)).expect(200);
    await t.http().get('/tickets').set(bearer(consoleToken)).expect(200);
    expect(otherSocket.connected).toBe(true);
  });

  it("revoking the key ends its sessions and closes their sockets at once; other keys' sessions stay", async () => {
    const a = await setup();
    const other = await createEmbedKey(t, a.adminToken, [PARTNER_ORIGIN], 'Outra');
    const embed = await embedToken(a);
    const kept = (await exchange(t, partnerToken(other, { email: a.user.email })).expect(200)).body.token as string;
    const socket = await connectSocket(t.url, embed);
    sockets.push(socket);
    const keptSocket = await connectSocket(t.url, kept);
    sockets.push(keptSocket);
    await t.http().delete(`/embed-keys/${a.key.id}`).set(a.auth(a.adminToken)).expect(200);
    await closed(socket);
    expect((await t.http().get('/tickets').set(bearer(embed)).expect(401)).body.error).toBe('ERR_SESSION_EXPIRED');
    await expect(connectSocket(t.url, embed)).rejects.toThrow('ERR_SESSION_EXPIRED');
    await t.http().get('/tickets').set(bearer(kept)).expect(200);
    expect(keptSocket.connected).toBe(true);
  });

  it("deleting the user ends their embed sessions and closes their sockets (deletion is the users' deactivation)", async () => {
    const a = await setup();
    const embed = await embedToken(a);
    const socket = await connectSocket(t.url, embed);
    sockets.push(socket);
    await t.http().delete(`/users/${a.user.id}`).set(a.auth(a.adminToken)).expect(204);
    await closed(socket);
    expect((await t.http().get('/tickets').set(bearer(embed)).expect(401)).body.error).toBe('ERR_SESSION_EXPIRED');
    expect((await exchange(t, partnerToken(a.key, { email: a.user.email })).expect(401)).body.error).toBe('ERR_EMBED_USER_UNKNOWN');
  });
});

describe('embed session pruning', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('deletes embed sessions a day past their expiry, of every company, and keeps the others', async () => {
    const a = await createTenant(t);
    const b = await createTenant(t);
    const [ka, kb] = [await createEmbedKey(t, a.adminToken), await createEmbedKey(t, b.adminToken)];
    const old = (await exchange(t, partnerToken(ka, { email: a.user.email })).expect(200)).body.token as string;
    const live = (await exchange(t, partnerToken(kb, { email: b.user.email })).expect(200)).body.token as string;
    const sql = t.orm.em.fork().getConnection();
    await sql.execute(`update embed_sessions set expires_at = now() - interval '25 hours' where company_id = ?`, [a.company.id]);
    expect(await t.app.get(SessionPrunerService).prune()).toBeGreaterThanOrEqual(1);
    const companies = (await sql.execute<{ company_id: number }[]>('select company_id from embed_sessions')).map((r) => r.company_id);
    expect(companies).toEqual([b.company.id]);
    await t.http().get('/tickets').set(bearer(old)).expect(401);
    await t.http().get('/tickets').set(bearer(live)).expect(200);
  });
});

describe('embed session expiry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { EMBED_SESSION_TTL_SECONDS: '2' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 401 ERR_SESSION_EXPIRED (what the kit ends a session on, not the 403 it refreshes on) and closes the socket once the session expired', async () => {
    const a = await createTenant(t);
    const key = await createEmbedKey(t, a.adminToken);
    const res = (await exchange(t, partnerToken(key, { email: a.user.email })).expect(200)).body;
    expect(new Date(res.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(2000);
    await t.http().get('/tickets').set(bearer(res.token)).expect(200);
    const socket = await connectSocket(t.url, res.token);
    await sleep(new Date(res.expiresAt).getTime() - Date.now() + 100);
    // Its socket closed when it expired.
    await until(() => !socket.connected, 2000);
    socket.close();
    const expired = await t.http().get('/tickets').set(bearer(res.token)).expect(401);
    expect(expired.body.error).toBe('ERR_SESSION_EXPIRED');
    // A new partner token gives a new session.
    await t
      .http()
      .get('/tickets')
      .set(bearer((await exchange(t, partnerToken(key, { email: a.user.email })).expect(200)).body.token))
      .expect(200);
  });
});

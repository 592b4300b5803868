import { createTestApp, TestApp } from './harness';
import { createTenant, createUser, login } from './factories';
import { createEmbedKey, exchange, PARTNER_ORIGIN, partnerToken } from './factories/embed';

type Tenant = Awaited<ReturnType<typeof createTenant>>;
const fieldsOf = (body: { fields?: { field: string; messages: string[] }[] }) => Object.fromEntries((body.fields ?? []).map((f) => [f.field, f.messages]));

/** Issue 32: a company's embed keys (/embed-keys), users' external ids, and CORS for the keys' origins. */
describe('embed keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  const admin = (x: Tenant) => x.auth(x.adminToken);

  it('creates a key whose secret is answered once, lists newest first without it, renames, and revokes idempotently', async () => {
    const a = await createTenant(t);
    const created = (
      await t
        .http()
        .post('/embed-keys')
        .set(admin(a))
        .send({ name: '  Portal  ', allowedOrigins: ['https://Portal.Partner.example/', 'http://localhost:5173', 'https://portal.partner.example'] })
        .expect(201)
    ).body;
    expect(created).toEqual({
      id: expect.any(Number),
      keyId: expect.stringMatching(/^ek_[A-Za-z0-9_-]{16,}$/),
      name: 'Portal',
      allowedOrigins: ['https://portal.partner.example', 'http://localhost:5173'],
      createdAt: expect.any(String),
      lastUsedAt: null,
      revokedAt: null,
      secret: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/),
    });
    // Sealed at rest: the stored value is not the secret.
    const stored = (await t.orm.em.fork().getConnection().execute('select secret from embed_keys where id = ?', [created.id]))[0] as { secret: string };
    expect(stored.secret).toMatch(/^v1:/);
    expect(stored.secret).not.toContain(created.secret);

    const second = await createEmbedKey(t, a.adminToken, [PARTNER_ORIGIN], 'Rotação');
    const { secret, ...listed } = created;
    const list = (await t.http().get('/embed-keys').set(admin(a)).expect(200)).body;
    expect(list.map((k: { id: number }) => k.id)).toEqual([second.id, created.id]);
    expect(list[1]).toEqual(listed);
    expect(JSON.stringify(list)).not.toContain(secret);
    expect(JSON.stringify(list)).not.toContain(second.secret);

    const renamed = (await t.http().put(`/embed-keys/${created.id}`).set(admin(a)).send({ name: 'Portal novo' }).expect(200)).body;
    expect(renamed).toEqual({ ...listed, name: 'Portal novo' });
    expect(JSON.stringify(renamed)).not.toContain(secret);
    const moved = (
      await t
        .http()
        .put(`/embed-keys/${created.id}`)
        .set(admin(a))
        .send({ allowedOrigins: ['https://other.example:8443'] })
        .expect(200)
    ).body;
    expect(moved.allowedOrigins).toEqual(['https://other.example:8443']);

    const revoked = (await t.http().delete(`/embed-keys/${created.id}`).set(admin(a)).expect(200)).body;
    expect(revoked).toEqual({ ...moved, revokedAt: expect.any(String) });
    const again = (await t.http().delete(`/embed-keys/${created.id}`).set(admin(a)).expect(200)).body;
    expect(again.revokedAt).toBe(revoked.revokedAt);
    const refused = await t.http().put(`/embed-keys/${created.id}`).set(admin(a)).send({ name: 'X' }).expect(409);
    expect(refused.body.error).toBe('ERR_EMBED_KEY_REVOKED');
    // Still listed, marked revoked.
    const after = (await t.http().get('/embed-keys').set(admin(a)).expect(200)).body;
    expect(after.find((k: { id: number }) => k.id === created.id).revokedAt).toBe(revoked.revokedAt);

    // The writes are in the audit log, without the secret.
    const logged = await t.orm.em
      .fork()
      .getConnection()
      .execute<{ action: string; changes: string }[]>('select action, changes::text as changes from audit_logs where company_id = ? order by id', [
        a.company.id,
      ]);
    const actions = logged.filter((r) => r.action.startsWith('embed-key.'));
    expect(actions.map((r) => r.action)).toEqual([
      'embed-key.create',
      'embed-key.create',
      'embed-key.update',
      'embed-key.update',
      'embed-key.revoke',
      'embed-key.revoke',
    ]);
    expect(actions.map((r) => r.changes).join()).not.toContain(secret);
  });

  it('refuses bad input with 400 naming the fields', async () => {
    const a = await createTenant(t);
    const post = (body: unknown) =>
      t
        .http()
        .post('/embed-keys')
        .set(admin(a))
        .send(body as object)
        .expect(400);
    expect(fieldsOf((await post({})).body)).toEqual({ name: expect.any(Array), allowedOrigins: expect.any(Array) });
    expect(fieldsOf((await post({ name: 'x', allowedOrigins: [] })).body)).toHaveProperty('allowedOrigins');
    expect(fieldsOf((await post({ name: 'x', allowedOrigins: Array.from({ length: 21 }, (_, i) => `https://a${i}.example`) })).body)).toHaveProperty(
      'allowedOrigins',
    );
    expect(fieldsOf((await post({ name: 'x'.repeat(101), allowedOrigins: [PARTNER_ORIGIN] })).body)).toHaveProperty('name');
    for (const bad of ['ftp://a.example', 'https://a.example/app', 'a.example', '*']) {
      const body = (await post({ name: 'x', allowedOrigins: [PARTNER_ORIGIN, bad] })).body;
      expect(body.error).toBe('ERR_VALIDATION');
      expect(fieldsOf(body).allowedOrigins.join()).toContain(bad);
    }
    const key = await createEmbedKey(t, a.adminToken);
    expect(
      fieldsOf(
        (
          await t
            .http()
            .put(`/embed-keys/${key.id}`)
            .set(admin(a))
            .send({ allowedOrigins: ['https://a.example/x'] })
            .expect(400)
        ).body,
      ),
    ).toHaveProperty('allowedOrigins');
    expect((await t.http().get('/embed-keys').set(admin(a)).expect(200)).body).toHaveLength(1);
  });

  it('keeps keys to admins of their own company', async () => {
    const a = await createTenant(t);
    const b = await createTenant(t);
    const key = await createEmbedKey(t, a.adminToken);
    expect((await t.http().get('/embed-keys').set(admin(b)).expect(200)).body).toEqual([]);
    expect((await t.http().put(`/embed-keys/${key.id}`).set(admin(b)).send({ name: 'Mine' }).expect(404)).body.error).toBe('ERR_EMBED_KEY_NOT_FOUND');
    expect((await t.http().delete(`/embed-keys/${key.id}`).set(admin(b)).expect(404)).body.error).toBe('ERR_EMBED_KEY_NOT_FOUND');
    expect((await t.http().get('/embed-keys').set(admin(a)).expect(200)).body[0]).toMatchObject({ name: 'Portal', revokedAt: null });
    // A plain user of A may not manage them.
    expect((await t.http().get('/embed-keys').set(a.auth(a.userToken)).expect(403)).body.error).toBe('ERR_NO_PERMISSION');
    // B's key cannot sign A's user in.
    const bKey = await createEmbedKey(t, b.adminToken);
    expect((await exchange(t, partnerToken(bKey, { email: a.user.email })).expect(401)).body.error).toBe('ERR_EMBED_USER_UNKNOWN');
    expect((await exchange(t, partnerToken(key, { email: a.user.email })).expect(200)).body.user.id).toBe(a.user.id);
  });

  it("maps users to the partner's external ids, unique within a company", async () => {
    const a = await createTenant(t);
    const b = await createTenant(t);
    const body = { name: 'Joana Lima', email: `joana-${Date.now()}@test.local`, password: 'Secret123' };
    const created = (
      await t
        .http()
        .post('/users')
        .set(admin(a))
        .send({ ...body, externalId: '  crm-7  ' })
        .expect(201)
    ).body;
    expect(created.externalId).toBe('crm-7');
    expect((await t.http().get(`/users/${created.id}`).set(admin(a)).expect(200)).body.externalId).toBe('crm-7');
    const dup = await t
      .http()
      .post('/users')
      .set(admin(a))
      .send({ ...body, email: `o-${body.email}`, externalId: 'crm-7' })
      .expect(409);
    expect(dup.body).toMatchObject({ error: 'ERR_USER_EXTERNAL_ID_EXISTS', fields: [{ field: 'externalId', messages: expect.any(Array) }] });
    const other = await createUser(t.orm, { companyId: a.company.id });
    expect((await t.http().put(`/users/${other.id}`).set(admin(a)).send({ externalId: 'crm-7' }).expect(409)).body.error).toBe('ERR_USER_EXTERNAL_ID_EXISTS');
    // Another company may use the same id.
    expect(
      (
        await t
          .http()
          .post('/users')
          .set(admin(b))
          .send({ ...body, email: `b-${body.email}`, externalId: 'crm-7' })
          .expect(201)
      ).body.externalId,
    ).toBe('crm-7');
    // '' clears; a plain user cannot set their own (it would sign them in as the partner's user).
    expect((await t.http().put(`/users/${created.id}`).set(admin(a)).send({ externalId: '' }).expect(200)).body.externalId).toBeNull();
    const joana = await login(t, body.email);
    expect((await t.http().put(`/users/${created.id}`).set(a.auth(joana.token)).send({ externalId: 'crm-9' }).expect(403)).body.fields[0].field).toBe(
      'externalId',
    );
    expect(
      fieldsOf(
        (
          await t
            .http()
            .put(`/users/${created.id}`)
            .set(admin(a))
            .send({ externalId: 'x'.repeat(256) })
            .expect(400)
        ).body,
      ),
    ).toHaveProperty('externalId');
  });

  it('answers CORS preflights from the origins of live keys, without credentials, and from no other origin', async () => {
    const a = await createTenant(t);
    const origin = 'https://widgets.cors-test.example';
    const preflight = (from: string) =>
      t
        .http()
        .options('/tickets')
        .set('Origin', from)
        .set('Access-Control-Request-Method', 'GET')
        .set('Access-Control-Request-Headers', 'authorization,content-type');
    expect((await preflight(origin)).headers['access-control-allow-origin']).toBeUndefined();
    const key = await createEmbedKey(t, a.adminToken, [origin]);
    const allowed = await preflight(origin).expect(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(origin);
    expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
    expect(allowed.headers['access-control-allow-headers']).toMatch(/authorization/i);
    expect(allowed.headers['access-control-allow-headers']).toMatch(/content-type/i);
    const other = await preflight('https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    // An actual call from the page gets the header too; the configured (loopback) origins keep their credentialed CORS.
    expect((await t.http().get('/public-settings').set('Origin', origin)).headers['access-control-allow-origin']).toBe(origin);
    const local = await preflight('http://localhost:5173');
    expect(local.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(local.headers['access-control-allow-credentials']).toBe('true');
    // Revoked: the origin is no longer allowed.
    await t.http().delete(`/embed-keys/${key.id}`).set(admin(a)).expect(200);
    expect((await preflight(origin)).headers['access-control-allow-origin']).toBeUndefined();
  });
});

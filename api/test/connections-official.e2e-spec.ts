import { SecretBox } from '../src/common/infra/secret-box';
import { connectSocket, createTestApp, eventsDelivered, record, TestApp, until } from './harness';
import { createTenant } from './factories';

/**
 * Official WhatsApp API connections as the connections page administers them (issue 35): the type chosen at creation
 * and its credentials (required for `cloud`, sealed, never answered), the webhook's URL and verify token for managers,
 * the templates synced from the provider (the sandbox's official mode, `sandbox_cloud`) and the template chosen for
 * each automatic message, each kept inside the caller's company and connection.
 */
describe('official API connections (POST/PUT /whatsapp, /whatsapp/{id}/templates)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PUBLIC_API_URL: 'https://atende.example.com/api/',
        // A `cloud` session's start must reach no real Graph API: nothing listens here, so it ends DISCONNECTED.
        WHATSAPP_GRAPH_URL: 'http://127.0.0.1:9/v23.0',
      },
    });
  });
  afterAll(() => t.close());

  const TOKEN = 'EAAG-permanent-token-0123456789abcdef';
  const SECRET = 'app-secret-fedcba9876543210';
  const cloudBody = (name: string) => ({
    name,
    provider: 'cloud',
    cloudPhoneNumberId: '106540352242922',
    cloudBusinessAccountId: '102290129340398',
    cloudAccessToken: TOKEN,
    cloudAppSecret: SECRET,
  });
  const raw = async (id: number) =>
    (
      await t.orm.em
        .getConnection()
        .execute('select cloud_access_token, cloud_app_secret, cloud_verify_token, template_purposes from whatsapps where id = ?', [id])
    )[0] as { cloud_access_token: string | null; cloud_app_secret: string | null; cloud_verify_token: string | null; template_purposes: unknown };
  const statusOf = async (id: number) =>
    ((await t.orm.em.getConnection().execute('select status from whatsapps where id = ?', [id]))[0] as { status: string }).status;
  const noSecrets = (what: unknown, ...values: string[]) => {
    const text = JSON.stringify(what);
    for (const v of [TOKEN, SECRET, ...values]) expect(text).not.toContain(v);
    expect(text).not.toMatch(/v1:[A-Za-z0-9_-]+:/);
  };

  it('refuses an official connection without its ids and credentials, or with them on another provider, naming the fields', async () => {
    const s = await createTenant(t, { connections: 5 });
    const admin = s.auth(s.adminToken);
    const missing = await t.http().post('/whatsapp').set(admin).send({ name: 'Oficial', provider: 'cloud' }).expect(400);
    expect(missing.body).toMatchObject({ error: 'ERR_VALIDATION' });
    expect(missing.body.fields).toEqual([
      { field: 'cloudPhoneNumberId', messages: ['Required'] },
      { field: 'cloudBusinessAccountId', messages: ['Required'] },
      { field: 'cloudAccessToken', messages: ['Required'] },
      { field: 'cloudAppSecret', messages: ['Required'] },
    ]);
    const notDigits = await t
      .http()
      .post('/whatsapp')
      .set(admin)
      .send({ ...cloudBody('Oficial'), cloudPhoneNumberId: '10654-abc', cloudBusinessAccountId: '1'.repeat(41) })
      .expect(400);
    expect(notDigits.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['cloudBusinessAccountId', 'cloudPhoneNumberId']);
    const onQr = await t
      .http()
      .post('/whatsapp')
      .set(admin)
      .send({ name: 'QR', provider: 'sandbox', cloudPhoneNumberId: '1', cloudAccessToken: 'x' })
      .expect(400);
    expect(onQr.body.fields.map((f: { field: string }) => f.field)).toEqual(['cloudPhoneNumberId', 'cloudAccessToken']);
    const purposesOnQr = await t
      .http()
      .post('/whatsapp')
      .set(admin)
      .send({ name: 'QR', provider: 'sandbox', templatePurposes: { greeting: { name: 'boas_vindas', language: 'pt_BR', params: ['{{name}}'] } } })
      .expect(400);
    expect(purposesOnQr.body.fields).toEqual([{ field: 'templatePurposes', messages: ['Only for official API connections'] }]);
    const badChoice = await t
      .http()
      .post('/whatsapp')
      .set(admin)
      .send({ ...cloudBody('Oficial'), templatePurposes: { greeting: { name: '', params: 'x' } } })
      .expect(400);
    expect(badChoice.body.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'templatePurposes.greeting.language',
      'templatePurposes.greeting.name',
      'templatePurposes.greeting.params',
    ]);
    expect((await t.orm.em.getConnection().execute('select count(*)::int as n from whatsapps where company_id = ?', [s.company.id]))[0].n).toBe(0);
  });

  it('stores the token and secret sealed and never answers them; the webhook URL and verify token go to managers only', async () => {
    const s = await createTenant(t, { connections: 5 });
    const admin = s.auth(s.adminToken);
    const user = s.auth(s.userToken);
    const adminSocket = await connectSocket(t.url, s.adminToken);
    const userSocket = await connectSocket(t.url, s.userToken);
    const seen = [
      ...['whatsapp', 'whatsappSession'].map((e) => record(adminSocket, `company-${s.company.id}-${e}`)),
      ...['whatsapp', 'whatsappSession'].map((e) => record(userSocket, `company-${s.company.id}-${e}`)),
    ];
    try {
      const created = await t.http().post('/whatsapp').set(admin).send(cloudBody('Oficial')).expect(201);
      const id = created.body.id as number;
      noSecrets(created.body);
      const { verifyToken } = created.body;
      expect(created.body).toMatchObject({
        provider: 'cloud',
        type: 'official',
        cloudPhoneNumberId: '106540352242922',
        cloudBusinessAccountId: '102290129340398',
        hasCloudAccessToken: true,
        hasCloudAppSecret: true,
        webhookUrl: `https://atende.example.com/api/whatsapp-cloud/${id}/webhook`,
        qrcode: null,
        pairingCode: null,
        templatePurposes: {},
      });
      expect(verifyToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(created.body).not.toHaveProperty('cloudAccessToken');
      expect(created.body).not.toHaveProperty('cloudAppSecret');

      // Sealed in the database: SecretBox values that open with the key to what was sent, not the text itself.
      const row = await raw(id);
      expect(row.cloud_access_token).toMatch(/^v1:/);
      expect(row.cloud_app_secret).toMatch(/^v1:/);
      for (const plain of [TOKEN, SECRET]) expect(JSON.stringify(row)).not.toContain(plain);
      const box = new SecretBox(t.config.secretsKey);
      expect([box.open(row.cloud_access_token!), box.open(row.cloud_app_secret!)]).toEqual([TOKEN, SECRET]);
      expect(row.cloud_verify_token).toBe(verifyToken);

      const asAdmin = [(await t.http().get(`/whatsapp/${id}`).set(admin).expect(200)).body, (await t.http().get('/whatsapp').set(admin).expect(200)).body[0]];
      for (const body of asAdmin) {
        noSecrets(body);
        expect(body).toMatchObject({ type: 'official', hasCloudAccessToken: true, hasCloudAppSecret: true, verifyToken, webhookUrl: created.body.webhookUrl });
      }
      const asUser = [(await t.http().get(`/whatsapp/${id}`).set(user).expect(200)).body, (await t.http().get('/whatsapp').set(user).expect(200)).body[0]];
      for (const body of asUser) {
        noSecrets(body, verifyToken);
        expect(body).toMatchObject({ type: 'official', webhookUrl: null, verifyToken: null, templatePurposes: null, hasCloudAccessToken: true });
      }

      const updated = await t.http().put(`/whatsapp/${id}`).set(admin).send({ name: 'Oficial 2' }).expect(200);
      noSecrets(updated.body);
      expect(updated.body).toMatchObject({ name: 'Oficial 2', hasCloudAccessToken: true, verifyToken });

      // Realtime: the connection's updates and its session's status carry no secret; the set-up only to managers.
      // A disconnection announces the session's status (the whole connection) too.
      await t.http().delete(`/whatsappsession/${id}`).set(admin).expect(200);
      await until(() => seen.every((events) => events.length >= 2));
      await eventsDelivered(t, adminSocket, userSocket);
      noSecrets(seen);
      noSecrets([seen[2], seen[3]], verifyToken);
      expect((seen[0] as { whatsapp: { verifyToken: string } }[]).every((e) => e.whatsapp.verifyToken === verifyToken)).toBe(true);
      expect(
        (seen[2] as { whatsapp: { webhookUrl: string | null; type: string } }[]).every((e) => e.whatsapp.webhookUrl === null && e.whatsapp.type === 'official'),
      ).toBe(true);
    } finally {
      adminSocket.close();
      userSocket.close();
    }
  });

  it('keeps the stored token and secret when an update leaves them out or blank, replaces them when sent, never clears the ids', async () => {
    const s = await createTenant(t, { connections: 5 });
    const admin = s.auth(s.adminToken);
    const id = (await t.http().post('/whatsapp').set(admin).send(cloudBody('Oficial')).expect(201)).body.id as number;
    const before = await raw(id);

    await t.http().put(`/whatsapp/${id}`).set(admin).send({ greetingMessage: 'Olá' }).expect(200);
    await t.http().put(`/whatsapp/${id}`).set(admin).send({ cloudAccessToken: '', cloudAppSecret: '   ' }).expect(200);
    await t.http().put(`/whatsapp/${id}`).set(admin).send({ cloudAccessToken: null }).expect(200);
    const kept = await raw(id);
    expect([kept.cloud_access_token, kept.cloud_app_secret, kept.cloud_verify_token]).toEqual([
      before.cloud_access_token,
      before.cloud_app_secret,
      before.cloud_verify_token,
    ]);

    const res = await t.http().put(`/whatsapp/${id}`).set(admin).send({ cloudAccessToken: 'EAAG-new-token', cloudBusinessAccountId: '555' }).expect(200);
    noSecrets(res.body, 'EAAG-new-token');
    expect(res.body).toMatchObject({ cloudBusinessAccountId: '555', hasCloudAccessToken: true, hasCloudAppSecret: true });
    const replaced = await raw(id);
    expect(new SecretBox(t.config.secretsKey).open(replaced.cloud_access_token!)).toBe('EAAG-new-token');
    expect(replaced.cloud_app_secret).toBe(before.cloud_app_secret);

    const cleared = await t.http().put(`/whatsapp/${id}`).set(admin).send({ cloudPhoneNumberId: '', cloudBusinessAccountId: null }).expect(400);
    expect(cleared.body.fields).toEqual([
      { field: 'cloudPhoneNumberId', messages: ['Required'] },
      { field: 'cloudBusinessAccountId', messages: ['Required'] },
    ]);
    const toQr = await t.http().put(`/whatsapp/${id}`).set(admin).send({ provider: 'baileys' }).expect(400);
    expect(toQr.body.fields[0].field).toBe('provider');

    // A QR-code connection refuses the official fields on update too.
    const qr = (await t.http().post('/whatsapp').set(admin).send({ name: 'QR', provider: 'sandbox' }).expect(201)).body;
    expect(qr).toMatchObject({ type: 'qrcode', webhookUrl: null, verifyToken: null, hasCloudAccessToken: false, templatePurposes: null });
    const onQr = await t.http().put(`/whatsapp/${qr.id}`).set(admin).send({ cloudAppSecret: 'x' }).expect(400);
    expect(onQr.body.fields).toEqual([{ field: 'cloudAppSecret', messages: ["Only for official API connections (provider 'cloud')"] }]);
  });

  it('syncs the templates through the running session and lists them to every user of the company; managers sync', async () => {
    const s = await createTenant(t, { connections: 5 });
    const admin = s.auth(s.adminToken);
    const user = s.auth(s.userToken);
    const w = (await t.http().post('/whatsapp').set(admin).send({ name: 'Sandbox oficial', provider: 'sandbox_cloud' }).expect(201)).body;
    expect(w).toMatchObject({
      type: 'official',
      qrcode: null,
      hasCloudAccessToken: false,
      webhookUrl: `https://atende.example.com/api/whatsapp-cloud/${w.id}/webhook`,
    });
    await until(async () => (await statusOf(w.id)) === 'CONNECTED');
    const connected = (await t.http().get(`/whatsapp/${w.id}`).set(admin).expect(200)).body;
    expect(connected).toMatchObject({ qualityRating: 'GREEN', messagingLimit: 'TIER_1K', qrcode: null, pairingCode: null });

    expect((await t.http().get(`/whatsapp/${w.id}/templates`).set(user).expect(200)).body).toEqual([]);
    await t.http().post(`/whatsapp/${w.id}/templates/sync`).set(user).expect(403);
    const synced = (await t.http().post(`/whatsapp/${w.id}/templates/sync`).set(admin).expect(200)).body;
    expect(synced.length).toBeGreaterThan(3);
    expect(synced).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'boas_vindas', language: 'pt_BR', status: 'APPROVED', params: 1 })]));
    const statuses = new Set(synced.map((x: { status: string }) => x.status));
    expect([...statuses].sort()).toEqual(['APPROVED', 'PENDING', 'REJECTED']);

    const listed = (await t.http().get(`/whatsapp/${w.id}/templates`).set(user).expect(200)).body;
    expect(listed).toEqual(synced);
    const approved = (await t.http().get(`/whatsapp/${w.id}/templates?status=APPROVED`).set(user).expect(200)).body;
    expect(approved.length).toBe(synced.filter((x: { status: string }) => x.status === 'APPROVED').length);
    expect(approved.every((x: { status: string; whatsappId: number }) => x.status === 'APPROVED' && x.whatsappId === w.id)).toBe(true);
    await t.http().get(`/whatsapp/${w.id}/templates?status=SOMETIMES`).set(user).expect(400);

    // Syncing again replaces the rows (one per name and language), not adds to them.
    const again = (await t.http().post(`/whatsapp/${w.id}/templates/sync`).set(admin).expect(200)).body;
    expect(again.map((x: { name: string; language: string }) => `${x.name}/${x.language}`)).toEqual(
      synced.map((x: { name: string; language: string }) => `${x.name}/${x.language}`),
    );
    expect((await t.orm.em.getConnection().execute('select count(*)::int as n from message_templates where whatsapp_id = ?', [w.id]))[0].n).toBe(synced.length);

    // A QR-code connection has no templates to sync; a stopped session cannot be asked.
    const qr = (await t.http().post('/whatsapp').set(admin).send({ name: 'QR', provider: 'sandbox' }).expect(201)).body;
    expect((await t.http().post(`/whatsapp/${qr.id}/templates/sync`).set(admin).expect(409)).body.error).toBe('ERR_NOT_OFFICIAL');
    await t.http().delete(`/whatsappsession/${w.id}`).set(admin).expect(200);
    expect((await t.http().post(`/whatsapp/${w.id}/templates/sync`).set(admin).expect(409)).body.error).toBe('ERR_WAPP_NOT_INITIALIZED');
    // What was synced stays readable while the session is down.
    expect((await t.http().get(`/whatsapp/${w.id}/templates`).set(user).expect(200)).body).toEqual(again);
  });

  it("chooses each purpose's template among this connection's approved ones; another connection's or company's are not found", async () => {
    const s = await createTenant(t, { connections: 5 });
    const other = await createTenant(t, { connections: 5 });
    const admin = s.auth(s.adminToken);
    const a = (await t.http().post('/whatsapp').set(admin).send({ name: 'Oficial A', provider: 'sandbox_cloud' }).expect(201)).body;
    const b = (await t.http().post('/whatsapp').set(admin).send({ name: 'Oficial B', provider: 'sandbox_cloud' }).expect(201)).body;
    await until(async () => (await statusOf(a.id)) === 'CONNECTED' && (await statusOf(b.id)) === 'CONNECTED');
    await t.http().post(`/whatsapp/${a.id}/templates/sync`).set(admin).expect(200);
    await t.http().post(`/whatsapp/${b.id}/templates/sync`).set(admin).expect(200);
    // A template only B's business account has.
    await t.orm.em
      .getConnection()
      .execute(
        `insert into message_templates (company_id, whatsapp_id, name, language, status, category, body, params, synced_at) values (?, ?, 'so_no_b', 'pt_BR', 'APPROVED', 'UTILITY', 'Oi {{1}}', 1, now())`,
        [s.company.id, b.id],
      );
    const put = (body: unknown) => t.http().put(`/whatsapp/${a.id}`).set(admin).send({ templatePurposes: body });

    const chosen = await put({
      greeting: { name: 'boas_vindas', language: 'pt_BR', params: ['{{firstName}}'] },
      farewell: { name: 'atendimento_encerrado', language: 'pt_BR', params: ['{{name}}', '{{protocol}}'] },
    }).expect(200);
    expect(chosen.body.templatePurposes).toEqual({
      greeting: { name: 'boas_vindas', language: 'pt_BR', params: ['{{firstName}}'] },
      farewell: { name: 'atendimento_encerrado', language: 'pt_BR', params: ['{{name}}', '{{protocol}}'] },
    });
    expect((await raw(a.id)).template_purposes).toEqual(chosen.body.templatePurposes);

    const foreign = await put({ rating: { name: 'so_no_b', language: 'pt_BR', params: ['x'] } }).expect(404);
    expect(foreign.body).toMatchObject({ error: 'ERR_TEMPLATE_NOT_FOUND', fields: [{ field: 'templatePurposes.rating' }] });
    const unknown = await put({ rating: { name: 'nao_existe', language: 'pt_BR', params: [] } }).expect(404);
    expect(unknown.body.error).toBe('ERR_TEMPLATE_NOT_FOUND');
    const pending = (await t.http().get(`/whatsapp/${a.id}/templates?status=PENDING`).set(admin).expect(200)).body[0];
    await put({ rating: { name: pending.name, language: pending.language, params: Array(pending.params).fill('x') } }).expect(404);
    const wrongLanguage = await put({ greeting: { name: 'boas_vindas', language: 'fr', params: ['x'] } }).expect(404);
    expect(wrongLanguage.body.error).toBe('ERR_TEMPLATE_NOT_FOUND');
    const params = await put({ greeting: { name: 'boas_vindas', language: 'pt_BR', params: [] } }).expect(400);
    expect(params.body.fields).toEqual([{ field: 'templatePurposes.greeting.params', messages: ['The template takes 1 values (one per variable), got 0'] }]);
    // None of the refused changes touched what was chosen.
    expect((await raw(a.id)).template_purposes).toEqual(chosen.body.templatePurposes);

    // Null clears one purpose (the others stay); null for all clears them all.
    const one = await put({ greeting: null, schedule: { name: 'lembrete_agendamento', language: 'en_US', params: ['{{name}}', 'ok'] } }).expect(200);
    expect(Object.keys(one.body.templatePurposes).sort()).toEqual(['farewell', 'schedule']);
    expect((await put(null).expect(200)).body.templatePurposes).toEqual({});
    expect((await raw(a.id)).template_purposes).toBeNull();

    // Another company sees neither the templates nor the sync of this one's connection.
    const stranger = other.auth(other.adminToken);
    expect((await t.http().get(`/whatsapp/${a.id}/templates`).set(stranger).expect(404)).body.error).toBe('ERR_NO_WAPP_FOUND');
    expect((await t.http().post(`/whatsapp/${a.id}/templates/sync`).set(stranger).expect(404)).body.error).toBe('ERR_NO_WAPP_FOUND');
    await t.http().put(`/whatsapp/${a.id}`).set(stranger).send({ templatePurposes: null }).expect(404);
    // Nor can its own connection choose this company's templates.
    const theirs = (await t.http().post('/whatsapp').set(stranger).send({ name: 'Deles', provider: 'sandbox_cloud' }).expect(201)).body;
    await put({ greeting: { name: 'boas_vindas', language: 'pt_BR', params: ['x'] } }).expect(200);
    await t
      .http()
      .put(`/whatsapp/${theirs.id}`)
      .set(stranger)
      .send({ templatePurposes: { greeting: { name: 'boas_vindas', language: 'pt_BR', params: ['x'] } } })
      .expect(404);
  });
});

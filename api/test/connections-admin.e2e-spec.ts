import { Whatsapp } from '../src/connection/whatsapps/whatsapp.entity';
import { User } from '../src/auth/users/user.entity';
import { connectSocket, createTestApp, record, TestApp, until } from './harness';
import { createQueue, createTenant, createUser, login, setUserField } from './factories';

/**
 * The connections page's API (administration §2): the modal's fields and rules, the session commands and the
 * send-message API tokens, each kept inside the caller's company.
 */
describe('connections administration (POST/PUT/DELETE /whatsapp, /whatsappsession)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const stored = (id: number) => t.orm.em.fork().findOne(Whatsapp, id, { filters: false });
  const statusOf = async (id: number) => (await stored(id))?.status;

  it('creates a connection with every modal field; the first is the default and the token is shown once, kept hashed', async () => {
    const s = await createTenant(t, { connections: 5 });
    const q1 = await createQueue(t.orm, s.company.id);
    const q2 = await createQueue(t.orm, s.company.id);
    const body = {
      name: '  Loja Centro  ',
      provider: 'sandbox',
      queueIds: [q1.id, q2.id],
      greetingMessage: 'Olá! Escolha uma opção',
      complationMessage: 'Obrigado pelo contato',
      outOfHoursMessage: 'Estamos fechados',
      ratingMessage: 'Avalie de 1 a 5',
      transferMessage: 'Transferindo',
      expiresInactiveMessage: 'Encerrado por inatividade',
      sendIdQueue: q2.id,
      timeSendQueue: 10,
      expiresTicket: 120,
      timeUseBotQueues: 5,
      maxUseBotQueues: 4,
    };
    const res = await t.http().post('/whatsapp').set(s.auth(s.adminToken)).send(body).expect(201);
    expect(res.body).toMatchObject({
      name: 'Loja Centro',
      isDefault: true,
      provider: 'sandbox',
      greetingMessage: 'Olá! Escolha uma opção',
      transferMessage: 'Transferindo',
      sendIdQueue: q2.id,
      timeSendQueue: 10,
      expiresTicket: 120,
      maxUseBotQueues: 4,
    });
    expect(res.body.queues.map((q: { id: number }) => q.id).sort()).toEqual([q1.id, q2.id].sort());
    expect(res.body.token).toMatch(/^atd_[A-Za-z0-9_-]{43}$/);
    expect(res.body.tokenHint).toBe(`${res.body.token.slice(0, 7)}…${res.body.token.slice(-4)}`);
    const row = await t.orm.em.getConnection().execute('select token_hash from whatsapps where id = ?', [res.body.id]);
    expect(row[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(res.body.token);

    // The token is never shown again; the session starts by itself (sandbox: connected in a moment).
    const again = await t.http().get(`/whatsapp/${res.body.id}`).set(s.auth(s.adminToken)).expect(200);
    expect(again.body).not.toHaveProperty('token');
    expect(again.body.tokenHint).toBe(res.body.tokenHint);
    await until(async () => (await statusOf(res.body.id)) === 'CONNECTED');
  });

  it('keeps exactly one default: a new default takes the flag, the default cannot be switched off, deleting it hands it on', async () => {
    const s = await createTenant(t, { connections: 5 });
    const admin = s.auth(s.adminToken);
    const a = (await t.http().post('/whatsapp').set(admin).send({ name: 'AA', provider: 'sandbox' }).expect(201)).body;
    const b = (await t.http().post('/whatsapp').set(admin).send({ name: 'BB', provider: 'sandbox' }).expect(201)).body;
    expect([a.isDefault, b.isDefault]).toEqual([true, false]);
    const c = (await t.http().post('/whatsapp').set(admin).send({ name: 'CC', provider: 'sandbox', isDefault: true }).expect(201)).body;
    expect(c.isDefault).toBe(true);
    expect((await stored(a.id))!.isDefault).toBe(false);

    await t.http().put(`/whatsapp/${b.id}`).set(admin).send({ isDefault: true }).expect(200);
    const defaults = await t.orm.em.fork().find(Whatsapp, { companyId: s.company.id, isDefault: true }, { filters: false });
    expect(defaults.map((w) => w.id)).toEqual([b.id]);

    const off = await t.http().put(`/whatsapp/${b.id}`).set(admin).send({ isDefault: false }).expect(400);
    expect(off.body.error).toBe('ERR_NO_OTHER_WHATSAPP');
    expect((await stored(b.id))!.isDefault).toBe(true);

    // A user whose default connection is deleted loses it; the oldest remaining connection becomes the default.
    await setUserField(t.orm, s.user.id, 'whatsapp_id', b.id);
    await t.http().delete(`/whatsapp/${b.id}`).set(admin).expect(204);
    expect(await stored(b.id)).toBeNull();
    expect((await t.orm.em.fork().findOneOrFail(User, s.user.id, { filters: false })).whatsappId).toBeNull();
    expect((await stored(a.id))!.isDefault).toBe(true);
    await t.http().get(`/whatsapp/${b.id}`).set(admin).expect(404);
  });

  it('refuses bad input with the failing fields, duplicate names, foreign queues and more connections than the plan allows', async () => {
    const s = await createTenant(t, { connections: 2 });
    const other = await createTenant(t);
    const foreignQueue = await createQueue(t.orm, other.company.id);
    const admin = s.auth(s.adminToken);

    const short = await t.http().post('/whatsapp').set(admin).send({ name: 'A' }).expect(400);
    expect(short.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'name', messages: ['Too Short!'] }] });
    const bad = await t
      .http()
      .post('/whatsapp')
      .set(admin)
      .send({ name: 'Ok', provider: 'telegram', maxUseBotQueues: -1, timeSendQueue: 'x', queueIds: ['a'] })
      .expect(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['maxUseBotQueues', 'provider', 'queueIds', 'timeSendQueue']);
    const foreign = await t
      .http()
      .post('/whatsapp')
      .set(admin)
      .send({ name: 'Ok', provider: 'sandbox', queueIds: [foreignQueue.id] })
      .expect(400);
    expect(foreign.body.fields).toEqual([{ field: 'queueIds', messages: [`Unknown queues: ${foreignQueue.id}`] }]);
    const prompt = await t.http().post('/whatsapp').set(admin).send({ name: 'Ok', provider: 'sandbox', promptId: 3 }).expect(400);
    expect(prompt.body.fields).toEqual([{ field: 'promptId', messages: ['Unknown prompt'] }]);
    expect(await t.orm.em.fork().count(Whatsapp, { companyId: s.company.id }, { filters: false })).toBe(0);

    const first = (await t.http().post('/whatsapp').set(admin).send({ name: 'Vendas', provider: 'sandbox' }).expect(201)).body;
    const dup = await t.http().post('/whatsapp').set(admin).send({ name: 'VENDAS', provider: 'sandbox' }).expect(409);
    expect(dup.body).toMatchObject({ error: 'ERR_WAPP_NAME_ALREADY_EXISTS', fields: [{ field: 'name' }] });
    const second = (await t.http().post('/whatsapp').set(admin).send({ name: 'Suporte', provider: 'sandbox' }).expect(201)).body;
    const rename = await t.http().put(`/whatsapp/${second.id}`).set(admin).send({ name: 'vendas' }).expect(409);
    expect(rename.body.error).toBe('ERR_WAPP_NAME_ALREADY_EXISTS');
    const limit = await t.http().post('/whatsapp').set(admin).send({ name: 'Terceira', provider: 'sandbox' }).expect(403);
    expect(limit.body.error).toBe('ERR_PLAN_LIMIT_REACHED');
    const provider = await t.http().put(`/whatsapp/${first.id}`).set(admin).send({ provider: 'baileys' }).expect(400);
    expect(provider.body.fields[0].field).toBe('provider');
    // Another company's names are its own.
    await t.http().post('/whatsapp').set(other.auth(other.adminToken)).send({ name: 'Vendas', provider: 'sandbox' }).expect(201);
  });

  it("keeps companies apart: another company's admin can neither read, change, delete, start nor re-token a connection", async () => {
    const a = await createTenant(t);
    const b = await createTenant(t);
    const w = (await t.http().post('/whatsapp').set(a.auth(a.adminToken)).send({ name: 'Só da A', provider: 'sandbox' }).expect(201)).body;
    const asB = b.auth(b.adminToken);
    await t.http().get(`/whatsapp/${w.id}`).set(asB).expect(404);
    expect((await t.http().get('/whatsapp').set(asB).expect(200)).body).toEqual([]);
    await t.http().put(`/whatsapp/${w.id}`).set(asB).send({ name: 'Roubada' }).expect(404);
    await t.http().delete(`/whatsapp/${w.id}`).set(asB).expect(404);
    await t.http().post(`/whatsapp/${w.id}/token`).set(asB).expect(404);
    await t.http().delete(`/whatsapp/${w.id}/token`).set(asB).expect(404);
    for (const method of ['post', 'put', 'delete'] as const) await t.http()[method](`/whatsappsession/${w.id}`).set(asB).expect(404);
    const row = (await stored(w.id))!;
    expect(row).toMatchObject({ name: 'Só da A', companyId: a.company.id });
    expect(row.tokenHint).toBe(w.tokenHint);
  });

  it('lets only admins manage connections; attendants read names and statuses', async () => {
    const s = await createTenant(t);
    const w = (await t.http().post('/whatsapp').set(s.auth(s.adminToken)).send({ name: 'Principal', provider: 'sandbox' }).expect(201)).body;
    const user = s.auth(s.userToken);
    await t.http().post('/whatsapp').set(user).send({ name: 'Minha', provider: 'sandbox' }).expect(403);
    await t.http().put(`/whatsapp/${w.id}`).set(user).send({ name: 'Outra' }).expect(403);
    await t.http().delete(`/whatsapp/${w.id}`).set(user).expect(403);
    await t.http().post(`/whatsapp/${w.id}/token`).set(user).expect(403);
    for (const method of ['post', 'put', 'delete'] as const) await t.http()[method](`/whatsappsession/${w.id}`).set(user).expect(403);
    expect((await t.http().get(`/whatsapp/${w.id}`).set(user).expect(200)).body).toMatchObject({ name: 'Principal', qrcode: null, pairingCode: null });
  });

  it('disconnects, tries again and asks for a new QR code, with live status events; codes only reach managers', async () => {
    const s = await createTenant(t);
    const admin = s.auth(s.adminToken);
    const w = (await t.http().post('/whatsapp').set(admin).send({ name: 'Sessão', provider: 'sandbox' }).expect(201)).body;
    await until(async () => (await statusOf(w.id)) === 'CONNECTED');
    const attendant = await createUser(t.orm, { companyId: s.company.id });
    const adminSocket = await connectSocket(t.url, s.adminToken);
    const userSocket = await connectSocket(t.url, (await login(t, attendant.email)).token);
    const event = `company-${s.company.id}-whatsappSession`;
    const adminSaw = record(adminSocket, event);
    const userSaw = record(userSocket, event);
    try {
      const off = await t.http().delete(`/whatsappsession/${w.id}`).set(admin).expect(200);
      expect(off.body).toMatchObject({ id: w.id, status: 'DISCONNECTED', qrcode: null });
      // A disconnected connection stays disconnected: no worker starts it again by itself.
      await new Promise((r) => setTimeout(r, 300));
      expect(await statusOf(w.id)).toBe('DISCONNECTED');

      await t.http().post(`/whatsappsession/${w.id}`).set(admin).send({}).expect(200);
      await until(async () => (await statusOf(w.id)) === 'CONNECTED');
      await t.http().put(`/whatsappsession/${w.id}`).set(admin).send({}).expect(200);
      await until(async () => (await statusOf(w.id)) === 'CONNECTED');

      await until(() => adminSaw.some((e: any) => e.session.status === 'qrcode') && adminSaw.filter((e: any) => e.session.status === 'CONNECTED').length >= 2);
      const adminQr = adminSaw.find((e: any) => e.session.status === 'qrcode') as any;
      expect(adminQr.session.qrcode).toMatch(/^sandbox:/);
      await until(() => userSaw.some((e: any) => e.session.status === 'qrcode'));
      expect(userSaw.every((e: any) => e.session.qrcode === null && e.session.pairingCode === null)).toBe(true);
      expect(adminSaw.map((e: any) => e.session.status)).toEqual(expect.arrayContaining(['DISCONNECTED', 'OPENING', 'qrcode', 'CONNECTED']));

      const badNumber = await t.http().post(`/whatsappsession/${w.id}`).set(admin).send({ pairingNumber: '12ab' }).expect(400);
      expect(badNumber.body.fields[0].field).toBe('pairingNumber');
    } finally {
      adminSocket.close();
      userSocket.close();
    }
  });

  it('rotates and turns off the send-message API token: the old one stops working at once', async () => {
    const s = await createTenant(t);
    const admin = s.auth(s.adminToken);
    const w = (await t.http().post('/whatsapp').set(admin).send({ name: 'API', provider: 'sandbox' }).expect(201)).body;
    const send = (token: string) => t.http().post('/messages/send').set('Authorization', `Bearer ${token}`).send({ number: '5511911112222', body: 'oi' });
    await until(async () => (await statusOf(w.id)) === 'CONNECTED');
    await send(w.token).expect(201);

    const rotated = (await t.http().post(`/whatsapp/${w.id}/token`).set(admin).expect(201)).body;
    expect(rotated.token).not.toBe(w.token);
    expect((await send(w.token).expect(401)).body.error).toBe('ERR_INVALID_API_TOKEN');
    await send(rotated.token).expect(201);
    expect((await t.http().get(`/whatsapp/${w.id}`).set(admin)).body.tokenHint).toBe(rotated.tokenHint);

    await t.http().delete(`/whatsapp/${w.id}/token`).set(admin).expect(204);
    await send(rotated.token).expect(401);
    expect((await t.http().get(`/whatsapp/${w.id}`).set(admin)).body.tokenHint).toBeNull();
    // A user's session token is no API token.
    await send(s.adminToken).expect(401);
  });
});

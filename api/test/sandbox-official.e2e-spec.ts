import { ConnectionSessionsService } from '../src/connection/sessions/connection-sessions.service';
import { Message } from '../src/ticket/messages/message.entity';
import { connectSocket, createTestApp, nextEvent, record, TestApp, until } from './harness';
import { createCompany, createQueue, createTenant, createUser, login, sandboxOf } from './factories';

const HOUR = 60 * 60 * 1000;

/**
 * The sandbox's official-API mode (provider `sandbox_cloud`), as the platform uses it: a connection that connects
 * without a QR code, lists the business account's templates, and behaves as Meta does with the 24-hour window (free
 * text refused once the customer's last message is over 24 h old, an approved template still goes out), statuses
 * turning the ticks, no edits. The window is aged through the sandbox phone API, in the network and the platform.
 */
describe('the sandbox as the official API (sandbox_cloud)', () => {
  let t: TestApp;
  let superToken: string;
  let superEmail: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { SEND_ATTEMPTS: '1', SEND_RETRY_DELAY_MS: '50' } });
    const platform = await createCompany(t.orm);
    const root = await createUser(t.orm, { companyId: platform.id, profile: 'admin', super: true });
    superEmail = root.email;
    superToken = (await login(t, root.email)).token;
  });
  afterAll(() => t.close());

  const asSuper = () => ({ Authorization: `Bearer ${superToken}` });
  const sessions = () => t.app.get(ConnectionSessionsService);

  async function setup() {
    const tenant = await createTenant(t);
    const queue = await createQueue(t.orm, tenant.company.id, { greetingMessage: null });
    const attendant = await createUser(t.orm, { companyId: tenant.company.id, queueIds: [queue.id] });
    const attendantToken = (await login(t, attendant.email)).token;
    const adminSocket = await connectSocket(t.url, tenant.adminToken);
    const statuses = record<any>(adminSocket, `company-${tenant.company.id}-whatsappSession`);
    const created = await t
      .http()
      .post('/whatsapp')
      .set(tenant.auth(tenant.adminToken))
      .send({ name: 'WhatsApp Sandbox (API oficial)', provider: 'sandbox_cloud', queueIds: [queue.id] })
      .expect(201);
    const whatsapp = created.body as { id: number };
    await until(() => statuses.some((e) => e.session.id === whatsapp.id && e.session.status === 'CONNECTED'));
    adminSocket.close();
    const phone = `55119${Math.floor(10000000 + Math.random() * 89999999)}`;
    const sendAsPhone = (body: Record<string, unknown>) =>
      t
        .http()
        .post(`/sandbox/phones/${phone}/messages`)
        .set(asSuper())
        .send({ whatsappId: whatsapp.id, ...body });
    const inbox = async () => (await t.http().get(`/sandbox/phones/${phone}/inbox`).set(asSuper()).expect(200)).body as any[];
    return { ...tenant, queue, attendant, attendantToken, whatsapp, statuses, phone, sendAsPhone, inbox };
  }

  it('connects at once, without a QR code or pairing code, with its number, quality rating and messaging limit', async () => {
    const s = await setup();
    const ours = s.statuses.filter((e) => e.session.id === s.whatsapp.id).map((e) => e.session);
    expect(ours.map((x) => x.status)).not.toContain('qrcode');
    expect(ours.every((x) => !x.qrcode && !x.pairingCode)).toBe(true);
    const shown = (await t.http().get(`/whatsapp/${s.whatsapp.id}`).set(s.auth(s.adminToken)).expect(200)).body;
    expect(shown).toMatchObject({ status: 'CONNECTED', qrcode: null, provider: 'sandbox_cloud', number: expect.stringMatching(/^5500000\d{6}$/) });
    // The phone API refuses what the official API has not: groups and calls.
    expect((await s.sendAsPhone({ body: 'oi', groupId: '120363000000001' }).expect(409)).body.error).toBe('ERR_NOT_ON_OFFICIAL');
    const call = await t.http().post(`/sandbox/phones/${s.phone}/calls`).set(asSuper()).send({ whatsappId: s.whatsapp.id }).expect(409);
    expect(call.body.error).toBe('ERR_NOT_ON_OFFICIAL');
  });

  it("lists the business account's templates: approved ones in three languages, one pending, one rejected", async () => {
    const s = await setup();
    // As the connections screen syncs them (the session command bus to the provider), then lists them.
    await t.http().post(`/whatsapp/${s.whatsapp.id}/templates/sync`).set(s.auth(s.adminToken)).expect(200);
    const templates = (await t.http().get(`/whatsapp/${s.whatsapp.id}/templates`).set(s.auth(s.attendantToken)).expect(200)).body as any[];
    expect(templates.find((x) => x.name === 'boas_vindas' && x.language === 'pt_BR')).toMatchObject({
      status: 'APPROVED',
      body: 'Olá {{1}}, obrigado por falar com a gente!',
      params: 1,
    });
    expect(
      templates
        .filter((x) => x.name === 'retomar_conversa')
        .map((x) => x.language)
        .sort(),
    ).toEqual(['en_US', 'es', 'pt_BR']);
    expect(templates.find((x) => x.name === 'promocao_mensal')?.params).toBe(2);
    expect(
      templates
        .filter((x) => x.status !== 'APPROVED')
        .map((x) => x.status)
        .sort(),
    ).toEqual(['PENDING', 'REJECTED']);
  });

  it('inside the window the attendant answers and the ticks turn; aged 24 h the provider refuses free text, a template reaches the phone and its ticks turn', async () => {
    const s = await setup();
    const socket = await connectSocket(t.url, s.attendantToken);
    const acks = new Map<string, number[]>();
    socket.on(`company-${s.company.id}-appMessage`, (e: any) => {
      if (e.action === 'update' && e.message?.fromMe) acks.set(e.message.body, [...(acks.get(e.message.body) ?? []), e.message.ack]);
    });
    try {
      const created = nextEvent<any>(socket, `company-${s.company.id}-appMessage`);
      await s.sendAsPhone({ body: 'Olá, quero um orçamento', name: 'Carla Oficial' }).expect(201);
      const ticketId = (await created).ticket.id as number;
      await t
        .http()
        .put(`/tickets/${ticketId}`)
        .set('Authorization', `Bearer ${s.attendantToken}`)
        .send({ status: 'open', userId: s.attendant.id })
        .expect(200);

      // Inside the window: free text goes out, delivered, then read.
      await t.http().post(`/messages/${ticketId}`).set('Authorization', `Bearer ${s.attendantToken}`).send({ body: 'Claro! Qual produto?' }).expect(201);
      await until(async () => (await s.inbox()).some((m) => m.body === 'Claro! Qual produto?'));
      await until(() => acks.get('Claro! Qual produto?')?.includes(3));
      await t.http().post(`/sandbox/phones/${s.phone}/read`).set(asSuper()).send({ whatsappId: s.whatsapp.id }).expect(200);
      await until(() => acks.get('Claro! Qual produto?')?.includes(4));

      // The window is aged 24 h: in the network and in the platform's record, which the chat reads.
      const before = Date.now();
      const aged = (await t.http().post(`/sandbox/phones/${s.phone}/window/expire`).set(asSuper()).send({ whatsappId: s.whatsapp.id }).expect(200)).body;
      expect(aged).toMatchObject({ whatsappId: s.whatsapp.id, number: s.phone });
      expect(before - new Date(aged.networkLastInboundAt).getTime()).toBeGreaterThanOrEqual(24 * HOUR);
      expect(before - new Date(aged.platformLastInboundAt).getTime()).toBeGreaterThanOrEqual(24 * HOUR);
      const window = (await t.http().get(`/messages/${ticketId}/window`).set('Authorization', `Bearer ${s.attendantToken}`).expect(200)).body;
      expect(window).toMatchObject({ official: true, open: false });

      // Free text is refused: by the platform before anything is stored, and by the provider itself, as Meta does.
      const refused = await t
        .http()
        .post(`/messages/${ticketId}`)
        .set('Authorization', `Bearer ${s.attendantToken}`)
        .send({ body: 'Ainda está aí?' })
        .expect(409);
      expect(refused.body.error).toBe('ERR_WINDOW_CLOSED');
      await expect(sessions().send(s.company.id, s.whatsapp.id, s.phone, { type: 'chat', body: 'Ainda está aí?' })).rejects.toMatchObject({
        code: 'ERR_WINDOW_CLOSED',
      });
      expect((await s.inbox()).map((m) => m.body)).not.toContain('Ainda está aí?');

      // An approved template (synced from the business account) still reaches the phone, as its text, and its ticks turn.
      await t.http().post(`/whatsapp/${s.whatsapp.id}/templates/sync`).set(s.auth(s.adminToken)).expect(200);
      const text = 'Olá Carla, podemos continuar seu atendimento? Responda esta mensagem.';
      const sent = await t
        .http()
        .post(`/messages/${ticketId}/template`)
        .set('Authorization', `Bearer ${s.attendantToken}`)
        .send({ name: 'retomar_conversa', language: 'pt_BR', params: ['{{firstName}}'] })
        .expect(201);
      expect(sent.body).toMatchObject({ body: text, fromMe: true });
      const received = await until(async () => (await s.inbox()).find((m) => m.body === text));
      expect(received).toMatchObject({ whatsappId: s.whatsapp.id });
      await until(() => acks.get(text)?.includes(3));
      await t.http().post(`/sandbox/phones/${s.phone}/read`).set(asSuper()).send({ whatsappId: s.whatsapp.id }).expect(200);
      await until(() => acks.get(text)?.includes(4));
      // A template that is not approved is refused as Meta refuses it.
      await expect(
        sessions().send(s.company.id, s.whatsapp.id, s.phone, {
          type: 'chat',
          body: 'x',
          template: { name: 'oferta_relampago', language: 'pt_BR', params: ['x'] },
        }),
      ).rejects.toMatchObject({ code: 'ERR_TEMPLATE_NOT_FOUND' });

      // The customer writes again: the window opens again.
      await s.sendAsPhone({ body: 'Oi, voltei' }).expect(201);
      await expect(sessions().send(s.company.id, s.whatsapp.id, s.phone, { type: 'chat', body: 'Que bom!' })).resolves.toMatchObject({
        providerId: expect.any(String),
      });
    } finally {
      socket.close();
    }
  });

  it("a message to a number without WhatsApp is accepted, then shows failed with the network's reason", async () => {
    const s = await setup();
    const socket = await connectSocket(t.url, s.attendantToken);
    try {
      const ticketEvent = nextEvent<any>(socket, `company-${s.company.id}-appMessage`);
      await s.sendAsPhone({ body: 'Oi' }).expect(201);
      const ticketId = (await ticketEvent).ticket.id as number;
      await t
        .http()
        .put(`/tickets/${ticketId}`)
        .set('Authorization', `Bearer ${s.attendantToken}`)
        .send({ status: 'open', userId: s.attendant.id })
        .expect(200);
      // The account is gone since it wrote: Meta takes the message, then reports it failed.
      sandboxOf(t).withoutAccount(s.phone);
      const sent = await t.http().post(`/messages/${ticketId}`).set('Authorization', `Bearer ${s.attendantToken}`).send({ body: 'Olá?' }).expect(201);
      const failed = await until(async () => {
        const m = await t.orm.em.fork().findOne(Message, { id: sent.body.messages[0].id }, { filters: false });
        return m && m.ack === -1 ? m : null;
      });
      expect(failed).toMatchObject({
        sendError: 'ERR_WAPP_INVALID_CONTACT',
        dataJson: expect.objectContaining({ sendFailure: expect.stringContaining('not on WhatsApp') }),
      });
      expect((await s.inbox()).map((m) => m.body)).not.toContain('Olá?');
    } finally {
      socket.close();
    }
  });

  it('a sent message cannot be edited or deleted on the official API', async () => {
    const s = await setup();
    await s.sendAsPhone({ body: 'Bom dia' }).expect(201);
    const { providerId } = await sessions().send(s.company.id, s.whatsapp.id, s.phone, { type: 'chat', body: 'Bom dia! Em que posso ajudar?' });
    await expect(sessions().edit(s.company.id, s.whatsapp.id, s.phone, providerId, 'Boa tarde!')).rejects.toMatchObject({ code: 'ERR_NOT_ON_OFFICIAL' });
    await expect(sessions().delete(s.company.id, s.whatsapp.id, s.phone, providerId)).rejects.toMatchObject({ code: 'ERR_NOT_ON_OFFICIAL' });
    expect((await s.inbox()).find((m) => m.providerId === providerId)).toMatchObject({ body: 'Bom dia! Em que posso ajudar?' });
    expect((await s.inbox()).find((m) => m.providerId === providerId)?.edited).toBeFalsy();
  });

  it('the window route: only for official sandbox connections, super users, and a phone that wrote', async () => {
    const s = await setup();
    const expire = (body: Record<string, unknown>, auth = asSuper()) => t.http().post(`/sandbox/phones/${s.phone}/window/expire`).set(auth).send(body);
    // Never wrote: nothing to age.
    expect((await expire({ whatsappId: s.whatsapp.id }).expect(200)).body).toMatchObject({ networkLastInboundAt: null, platformLastInboundAt: null });
    expect((await expire({ whatsappId: s.whatsapp.id }, s.auth(s.adminToken)).expect(403)).body.error).toBe('ERR_NO_PERMISSION');
    expect((await expire({ whatsappId: 999999 }).expect(404)).body.error).toBe('ERR_NO_WAPP_FOUND');
    expect((await expire({ whatsappId: s.whatsapp.id, hours: 0 }).expect(400)).body.error).toBe('ERR_VALIDATION');
    const qr = (await t.http().post('/whatsapp').set(s.auth(s.adminToken)).send({ name: 'QR', provider: 'sandbox' }).expect(201)).body;
    expect((await expire({ whatsappId: qr.id }).expect(409)).body.error).toBe('ERR_NOT_OFFICIAL');
    // Two hours back: still open.
    await s.sendAsPhone({ body: 'oi' }).expect(201);
    const aged = (await expire({ whatsappId: s.whatsapp.id, hours: 2 }).expect(200)).body;
    const ago = Date.now() - new Date(aged.networkLastInboundAt).getTime();
    expect(ago).toBeGreaterThanOrEqual(2 * HOUR);
    expect(ago).toBeLessThan(3 * HOUR);
    await expect(sessions().send(s.company.id, s.whatsapp.id, s.phone, { type: 'chat', body: 'ainda aberta' })).resolves.toBeDefined();
    expect((await t.orm.em.fork().count(Message, { ticket: { contact: { number: s.phone } } }, { filters: false })) >= 1).toBe(true);
  });

  it('ages the window where the session runs when a ROLE=api process (which runs none) is called', async () => {
    const s = await setup();
    const api = await createTestApp({ shareWith: t, env: { ROLE: 'api' } });
    try {
      const superOnApi = (await login(api, superEmail)).token;
      await api
        .http()
        .post(`/sandbox/phones/${s.phone}/messages`)
        .set('Authorization', `Bearer ${superOnApi}`)
        .send({ whatsappId: s.whatsapp.id, body: 'oi' })
        .expect(201);
      await expect(sessions().send(s.company.id, s.whatsapp.id, s.phone, { type: 'chat', body: 'aberta' })).resolves.toBeDefined();
      const aged = (
        await api
          .http()
          .post(`/sandbox/phones/${s.phone}/window/expire`)
          .set('Authorization', `Bearer ${superOnApi}`)
          .send({ whatsappId: s.whatsapp.id })
          .expect(200)
      ).body;
      expect(aged.networkLastInboundAt).not.toBeNull();
      expect(Date.now() - new Date(aged.networkLastInboundAt).getTime()).toBeGreaterThanOrEqual(24 * HOUR);
      // The worker running the session holds the aged time: its provider refuses free text now.
      await expect(sessions().send(s.company.id, s.whatsapp.id, s.phone, { type: 'chat', body: 'fechada' })).rejects.toMatchObject({
        code: 'ERR_WINDOW_CLOSED',
      });
    } finally {
      await api.close();
    }
  });
});

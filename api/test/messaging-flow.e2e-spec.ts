import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IngestService } from '../src/ticket/ingest/ingest.service';
import { Message } from '../src/ticket/messages/message.entity';
import { Ticket } from '../src/ticket/tickets/ticket.entity';
import { connectSocket, createTestApp, nextEvent, record, TestApp, until, eventsDelivered } from './harness';
import { createCompany, createQueue, createSandboxConnection, createTenant, createUser, login, sandboxOf } from './factories';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('messaging over the sandbox provider', () => {
  let t: TestApp;
  let superToken: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { SEND_ATTEMPTS: '2', SEND_RETRY_DELAY_MS: '50' } });
    const platform = await createCompany(t.orm);
    const superUser = await createUser(t.orm, { companyId: platform.id, profile: 'admin', super: true });
    superToken = (await login(t, superUser.email)).token;
  });
  afterAll(() => t.close());

  async function setup() {
    const tenant = await createTenant(t);
    // No greetings: these tests are about messages between the phone and people, not the chatbot's.
    const queue = await createQueue(t.orm, tenant.company.id, { greetingMessage: null });
    const other = await createQueue(t.orm, tenant.company.id, { greetingMessage: null });
    const attendant = await createUser(t.orm, { companyId: tenant.company.id, queueIds: [queue.id] });
    const outsider = await createUser(t.orm, { companyId: tenant.company.id, queueIds: [other.id] });
    const whatsapp = await createSandboxConnection(t, tenant.company.id, [queue.id]);
    const attendantToken = (await login(t, attendant.email)).token;
    const outsiderToken = (await login(t, outsider.email)).token;
    const phone = `55119${Math.floor(10000000 + Math.random() * 89999999)}`;
    const sendAsPhone = (body: Record<string, unknown>) =>
      t
        .http()
        .post(`/sandbox/phones/${phone}/messages`)
        .set('Authorization', `Bearer ${superToken}`)
        .send({ whatsappId: whatsapp.id, ...body });
    return { ...tenant, queue, attendant, attendantToken, outsiderToken, whatsapp, phone, sendAsPhone };
  }

  it('carries a conversation end to end: phone -> ticket on the right sockets -> accept -> reply -> phone, acks to read', async () => {
    const s = await setup();
    const attendantSocket = await connectSocket(t.url, s.attendantToken);
    const outsiderSocket = await connectSocket(t.url, s.outsiderToken);
    const outsiderSaw = record(outsiderSocket, `company-${s.company.id}-appMessage`);
    try {
      const created = nextEvent<any>(attendantSocket, `company-${s.company.id}-appMessage`);
      await s.sendAsPhone({ body: 'Olá, preciso de ajuda', name: 'Maria Cliente' }).expect(201);
      const event = await created;
      expect(event).toMatchObject({
        action: 'create',
        message: { body: 'Olá, preciso de ajuda', fromMe: false, source: 'contact' },
        ticket: { status: 'pending', queueId: s.queue.id, unreadMessages: 1 },
        contact: { name: 'Maria Cliente', number: s.phone },
      });
      const ticketId = event.ticket.id as number;

      // the attendant accepts and replies over HTTP
      await t
        .http()
        .put(`/tickets/${ticketId}`)
        .set('Authorization', `Bearer ${s.attendantToken}`)
        .send({ status: 'open', userId: s.attendant.id })
        .expect(200);
      const ticketEvents = record<any>(attendantSocket, `company-${s.company.id}-ticket`);
      const page = await t.http().get(`/messages/${ticketId}`).set('Authorization', `Bearer ${s.attendantToken}`).expect(200);
      expect(page.body.messages.map((m: any) => m.body)).toEqual(['Olá, preciso de ajuda']);
      expect(page.body.ticket.unreadMessages).toBe(0);
      expect((await t.orm.em.fork().findOneOrFail(Ticket, ticketId, { filters: false })).unreadMessages).toBe(0);
      expect((await t.orm.em.fork().findOneOrFail(Message, { ticket: ticketId }, { filters: false })).read).toBe(true);
      await until(() => ticketEvents.some((e) => e.action === 'updateUnread' && e.ticketId === ticketId));

      const acks: number[] = [];
      attendantSocket.on(`company-${s.company.id}-appMessage`, (e: any) => {
        if (e.action === 'update' && e.message.body === 'Bom dia! Como posso ajudar?') acks.push(e.message.ack);
      });
      const sent = await t
        .http()
        .post(`/messages/${ticketId}`)
        .set('Authorization', `Bearer ${s.attendantToken}`)
        .send({ body: 'Bom dia! Como posso ajudar?' })
        .expect(201);
      expect(sent.body.messages[0]).toMatchObject({ ack: 0, fromMe: true, source: 'attendant', userId: s.attendant.id });

      // the phone receives it; delivery then reading move the acks forward
      const inbox = await until(async () => {
        const res = await t.http().get(`/sandbox/phones/${s.phone}/inbox`).set('Authorization', `Bearer ${superToken}`);
        return res.body.length ? res.body : null;
      });
      expect(inbox[0]).toMatchObject({ body: 'Bom dia! Como posso ajudar?', whatsappId: s.whatsapp.id });
      await until(async () => acks.includes(3));
      await t.http().post(`/sandbox/phones/${s.phone}/read`).set('Authorization', `Bearer ${superToken}`).send({}).expect(200);
      await until(async () => acks.includes(4));
      const stored = await t.orm.em.fork().findOneOrFail(Message, { id: sent.body.messages[0].id }, { filters: false });
      expect(stored.ack).toBe(4);
      expect(stored.providerId).toBe(inbox[0].providerId);
      // a user of another queue saw none of it
      expect(outsiderSaw).toEqual([]);
    } finally {
      attendantSocket.close();
      outsiderSocket.close();
    }
  });

  it("moves a connected user's socket to the tickets of their new queues", async () => {
    const s = await setup();
    const socket = await connectSocket(t.url, s.outsiderToken);
    const seen = record<any>(socket, `company-${s.company.id}-appMessage`);
    try {
      await s.sendAsPhone({ body: 'antes' }).expect(201);
      await t.app.get(IngestService).drain();
      await eventsDelivered(t, socket);
      expect(seen).toEqual([]);
      const outsider = (await t.http().get('/auth/me').set('Authorization', `Bearer ${s.outsiderToken}`).expect(200)).body;
      await t
        .http()
        .put(`/users/${outsider.id}`)
        .set('Authorization', `Bearer ${s.adminToken}`)
        .send({ queueIds: [s.queue.id] })
        .expect(200);
      await s.sendAsPhone({ body: 'depois' }).expect(201);
      await until(async () => seen.some((e) => e.message.body === 'depois'));
      expect(seen.map((e) => e.message.body)).toEqual(['depois']);
    } finally {
      socket.close();
    }
  });

  it('stores the same inbound message once and keeps one chat in order', async () => {
    const s = await setup();
    await s.sendAsPhone({ body: 'duplicado', providerId: 'DUP-1' }).expect(201);
    await s.sendAsPhone({ body: 'duplicado', providerId: 'DUP-1' }).expect(201);
    for (let i = 0; i < 20; i++) await s.sendAsPhone({ body: `msg ${i}` }).expect(201);
    await t.app.get(IngestService).drain();
    const em = t.orm.em.fork();
    const tickets = await em.find(Ticket, { companyId: s.company.id }, { filters: false });
    expect(tickets).toHaveLength(1);
    const messages = await em.find(Message, { companyId: s.company.id }, { filters: false, orderBy: { id: 'asc' } });
    expect(messages.map((m) => m.body)).toEqual(['duplicado', ...Array.from({ length: 20 }, (_, i) => `msg ${i}`)]);
    expect(tickets[0].unreadMessages).toBe(21);
  });

  it('emits exactly the ticket and message shapes that the HTTP routes answer', async () => {
    const s = await setup();
    const socket = await connectSocket(t.url, s.adminToken);
    try {
      const event = nextEvent<any>(socket, `company-${s.company.id}-appMessage`);
      await s.sendAsPhone({ body: 'formato', name: 'Forma' }).expect(201);
      const e = await event;
      const ticket = await t.http().get(`/tickets/${e.ticket.id}`).set('Authorization', `Bearer ${s.adminToken}`).expect(200);
      const page = await t.http().get(`/messages/${e.ticket.id}`).set('Authorization', `Bearer ${s.adminToken}`).expect(200);
      const norm = (x: unknown) => JSON.parse(JSON.stringify(x));
      expect(norm(e.message)).toEqual({ ...page.body.messages[0], read: false });
      expect({ ...norm(e.ticket), updatedAt: null, unreadMessages: null }).toEqual({ ...ticket.body, updatedAt: null, unreadMessages: null });
    } finally {
      socket.close();
    }
  });

  it('stores inbound media under a server-made name and serves it only to those who see the ticket', async () => {
    const s = await setup();
    await s.sendAsPhone({ mediaBase64: PNG.toString('base64'), mimetype: 'image/png', filename: '../../etc/passwd.png', body: 'foto' }).expect(201);
    await t.app.get(IngestService).drain();
    const message = await t.orm.em.fork().findOneOrFail(Message, { companyId: s.company.id }, { filters: false });
    expect(message.mediaType).toBe('image');
    expect(message.media.path).toMatch(/^messages\/\d{4}-\d{2}\/[0-9a-f]{24}\.png$/);
    expect(message.media.name).toBe('../../etc/passwd.png');
    expect(readFileSync(join(t.config.mediaDir, `company${s.company.id}`, message.media.path!))).toEqual(PNG);
    const file = await t.http().get(`/messages/media/${message.id}`).set('Authorization', `Bearer ${s.adminToken}`).buffer(true).expect(200);
    expect(file.headers['content-type']).toBe('image/png');
    await t.http().get(`/messages/media/${message.id}`).set('Authorization', `Bearer ${s.outsiderToken}`).expect(403);
  });

  it('sends files by multipart with type and size checks, refusing the whole send on a bad file', async () => {
    const s = await setup();
    await s.sendAsPhone({ body: 'oi' }).expect(201);
    await t.app.get(IngestService).drain();
    const ticket = await t.orm.em.fork().findOneOrFail(Ticket, { companyId: s.company.id }, { filters: false });
    await t.http().put(`/tickets/${ticket.id}`).set('Authorization', `Bearer ${s.adminToken}`).send({ status: 'open', userId: s.admin.id }).expect(200);
    const bad = await t
      .http()
      .post(`/messages/${ticket.id}`)
      .set('Authorization', `Bearer ${s.adminToken}`)
      .field('body', 'segue')
      .attach('medias', PNG, 'ok.png')
      .attach('medias', Buffer.from('just text, not an image'), 'fake.png')
      .expect(415);
    expect(bad.body).toMatchObject({ error: 'ERR_UNSUPPORTED_MEDIA_TYPE', fields: [{ field: 'medias[1]' }] });
    expect(await t.orm.em.fork().count(Message, { companyId: s.company.id, fromMe: true }, { filters: false })).toBe(0);
    const ok = await t
      .http()
      .post(`/messages/${ticket.id}`)
      .set('Authorization', `Bearer ${s.adminToken}`)
      .field('body', 'segue a foto')
      .attach('medias', PNG, 'foto.png')
      .expect(201);
    expect(ok.body.messages[0]).toMatchObject({ mediaType: 'image', body: 'segue a foto', mediaName: 'foto.png' });
    const inbox = await until(async () =>
      (await t.http().get(`/sandbox/phones/${s.phone}/inbox`).set('Authorization', `Bearer ${superToken}`)).body.find((m: any) => m.type === 'image'),
    );
    expect(inbox.body).toBe('segue a foto');
    // The provider gets the stored file's type (a real WhatsApp send needs it), and the name the attendant chose.
    expect(inbox.media).toEqual({ mimetype: 'image/png', filename: 'foto.png' });
  });

  it("a reply quoting the customer's message reaches the phone as a reply to it", async () => {
    const s = await setup();
    await s.sendAsPhone({ body: 'qual o prazo?' }).expect(201);
    await t.app.get(IngestService).drain();
    const asked = await t.orm.em.fork().findOneOrFail(Message, { companyId: s.company.id, fromMe: false }, { filters: false });
    const ticketId = asked.ticket.id;
    await t.http().put(`/tickets/${ticketId}`).set('Authorization', `Bearer ${s.adminToken}`).send({ status: 'open', userId: s.admin.id }).expect(200);
    const sent = await t
      .http()
      .post(`/messages/${ticketId}`)
      .set('Authorization', `Bearer ${s.adminToken}`)
      .send({ body: 'Três dias úteis.', quotedMsg: { id: String(asked.id) } })
      .expect(201);
    expect(sent.body.messages[0].quotedMsg).toMatchObject({ id: String(asked.id), body: 'qual o prazo?', fromMe: false });
    const got = await until(async () =>
      (await t.http().get(`/sandbox/phones/${s.phone}/inbox`).set('Authorization', `Bearer ${superToken}`)).body.find(
        (m: any) => m.body === 'Três dias úteis.',
      ),
    );
    expect(got.quotedProviderId).toBe(asked.providerId);
  });

  it('edits and deletes own messages within 15 minutes only, keeping previous versions and reaching the phone', async () => {
    const s = await setup();
    await s.sendAsPhone({ body: 'oi' }).expect(201);
    await t.app.get(IngestService).drain();
    const ticket = await t.orm.em.fork().findOneOrFail(Ticket, { companyId: s.company.id }, { filters: false });
    await t.http().put(`/tickets/${ticket.id}`).set('Authorization', `Bearer ${s.attendantToken}`).send({ status: 'open', userId: s.attendant.id }).expect(200);
    const auth = { Authorization: `Bearer ${s.attendantToken}` };
    const sent = (await t.http().post(`/messages/${ticket.id}`).set(auth).send({ body: 'primeira versão' }).expect(201)).body.messages[0];
    await until(async () => (await t.orm.em.fork().findOneOrFail(Message, sent.id, { filters: false })).providerId);
    const edited = await t.http().post(`/messages/edit/${sent.id}`).set(auth).send({ body: 'segunda versão' }).expect(200);
    expect(edited.body).toMatchObject({ body: 'segunda versão', isEdited: true, oldMessages: [{ body: 'primeira versão' }] });
    const inbox = (await t.http().get(`/sandbox/phones/${s.phone}/inbox`).set('Authorization', `Bearer ${superToken}`)).body;
    expect(inbox[0]).toMatchObject({ body: 'segunda versão', edited: true });
    // someone else's message, and an inbound one, cannot be edited
    await t.http().post(`/messages/edit/${sent.id}`).set('Authorization', `Bearer ${s.adminToken}`).send({ body: 'x' }).expect(403);
    const inbound = await t.orm.em.fork().findOneOrFail(Message, { companyId: s.company.id, fromMe: false }, { filters: false });
    await t.http().delete(`/messages/${inbound.id}`).set(auth).expect(403);
    // past the window
    await t.orm.em.fork().getConnection().execute(`update messages set created_at = now() - interval '16 minutes' where id = ?`, [sent.id]);
    const late = await t.http().delete(`/messages/${sent.id}`).set(auth).expect(403);
    expect(late.body.error).toBe('ERR_MESSAGE_NOT_EDITABLE');
    await t.orm.em.fork().getConnection().execute(`update messages set created_at = now() where id = ?`, [sent.id]);
    await t.http().delete(`/messages/${sent.id}`).set(auth).expect(204);
    const after = (await t.http().get(`/sandbox/phones/${s.phone}/inbox`).set('Authorization', `Bearer ${superToken}`)).body;
    expect(after[0].deleted).toBe(true);
  });

  it('marks a send that keeps failing with ERR_SENDING_WAPP_MSG', async () => {
    const s = await setup();
    await s.sendAsPhone({ body: 'oi' }).expect(201);
    await t.app.get(IngestService).drain();
    const ticket = await t.orm.em.fork().findOneOrFail(Ticket, { companyId: s.company.id }, { filters: false });
    await t.http().put(`/tickets/${ticket.id}`).set('Authorization', `Bearer ${s.adminToken}`).send({ status: 'open', userId: s.admin.id }).expect(200);
    sandboxOf(t).detach(s.whatsapp.id); // the phone network drops the connection
    const { ConnectionSessionsService } = await import('../src/connection/sessions/connection-sessions.service');
    await t.app.get(ConnectionSessionsService).stop(s.company.id, s.whatsapp.id);
    const sent = (await t.http().post(`/messages/${ticket.id}`).set('Authorization', `Bearer ${s.adminToken}`).send({ body: 'não vai' }).expect(201)).body
      .messages[0];
    const failed = await until(async () => {
      const m = await t.orm.em.fork().findOneOrFail(Message, sent.id, { filters: false });
      return m.ack === -1 ? m : null;
    });
    expect(failed.sendError).toBe('ERR_SENDING_WAPP_MSG');
  });

  it('refuses bad input with clear 4xx codes', async () => {
    const s = await setup();
    await s.sendAsPhone({ body: 'oi' }).expect(201);
    await t.app.get(IngestService).drain();
    const ticket = await t.orm.em.fork().findOneOrFail(Ticket, { companyId: s.company.id }, { filters: false });
    const auth = { Authorization: `Bearer ${s.adminToken}` };
    expect((await t.http().post(`/messages/${ticket.id}`).set(auth).send({ body: 'x' }).expect(409)).body.error).toBe('ERR_TICKET_NOT_OPEN');
    await t.http().put(`/tickets/${ticket.id}`).set(auth).send({ status: 'open', userId: s.admin.id }).expect(200);
    expect((await t.http().post(`/messages/${ticket.id}`).set(auth).send({ body: '   ' }).expect(400)).body.error).toBe('ERR_EMPTY_MESSAGE');
    expect(
      (
        await t
          .http()
          .post(`/messages/${ticket.id}`)
          .set(auth)
          .send({ body: 'x'.repeat(5000) })
          .expect(400)
      ).body.fields[0].field,
    ).toBe('body');
    expect(
      (
        await t
          .http()
          .post(`/messages/${ticket.id}`)
          .set(auth)
          .send({ body: 'x', quotedMsg: { id: '999999' } })
          .expect(400)
      ).body.error,
    ).toBe('ERR_QUOTED_MESSAGE_NOT_FOUND');
    await t.http().post(`/messages/edit/abc`).set(auth).send({ body: 'x' }).expect(400);
    await t.http().get(`/messages/999999`).set(auth).expect(404);
    await s.sendAsPhone({ body: 'x', whatsappId: 999999 }).expect(404);
    await t.http().post(`/sandbox/phones/123/messages`).set('Authorization', `Bearer ${superToken}`).send({ whatsappId: s.whatsapp.id }).expect(400);
    // the sandbox is super-user tooling
    await t.http().post(`/sandbox/phones/${s.phone}/messages`).set(auth).send({ whatsappId: s.whatsapp.id, body: 'x' }).expect(403);
  });

  it("keeps companies apart: B can neither read nor write A's messages, media or connections", async () => {
    const a = await setup();
    const b = await createTenant(t);
    await a.sendAsPhone({ mediaBase64: PNG.toString('base64'), mimetype: 'image/png' }).expect(201);
    await t.app.get(IngestService).drain();
    const ticket = await t.orm.em.fork().findOneOrFail(Ticket, { companyId: a.company.id }, { filters: false });
    const message = await t.orm.em.fork().findOneOrFail(Message, { companyId: a.company.id }, { filters: false });
    const auth = { Authorization: `Bearer ${b.adminToken}` };
    await t.http().get(`/messages/${ticket.id}`).set(auth).expect(404);
    await t.http().post(`/messages/${ticket.id}`).set(auth).send({ body: 'x' }).expect(404);
    await t.http().get(`/messages/media/${message.id}`).set(auth).expect(404);
    await t.http().post(`/messages/edit/${message.id}`).set(auth).send({ body: 'x' }).expect(404);
    await t.http().delete(`/messages/${message.id}`).set(auth).expect(404);
    await t.http().get(`/whatsapp/${a.whatsapp.id}`).set(auth).expect(404);
    expect((await t.http().get('/whatsapp').set(auth).expect(200)).body).toEqual([]);
    const own = (await t.http().get('/whatsapp').set('Authorization', `Bearer ${a.adminToken}`).expect(200)).body;
    expect(own).toEqual([expect.objectContaining({ id: a.whatsapp.id, status: 'CONNECTED' })]);
    expect(JSON.stringify(own)).not.toMatch(/"session"|tokenHash|atd_/);
  });
});

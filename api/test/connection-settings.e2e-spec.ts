import { Contact } from '../src/ticket/contacts/contact.entity';
import { Whatsapp } from '../src/connection/whatsapps/whatsapp.entity';
import { Message } from '../src/ticket/messages/message.entity';
import { Ticket } from '../src/ticket/tickets/ticket.entity';
import { CALL_REJECTED_MESSAGE } from '../src/ticket/calls/incoming-calls.service';
import { createTestApp, TestApp, until } from './harness';
import { createQueue, createSandboxConnection, createSuperUser, createTenant } from './factories';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const phoneNumber = () => `55119${Math.floor(10000000 + Math.random() * 89999999)}`;

/**
 * The connection-side settings act, as a customer's phone sees it on the sandbox network: "Aceitar chamadas" (`call`)
 * and "Ignorar mensagens de grupos" (`CheckMsgIsGroup`); and a connection asked for a pairing code links when the
 * phone of that number types it (SANDBOX_SCAN auto: one step later; manual mode: sandbox-scan.e2e-spec.ts).
 */
describe('connection-side settings on the sandbox network', () => {
  let t: TestApp;
  let asSuper: { Authorization: string };
  beforeAll(async () => {
    t = await createTestApp({ env: { SEND_RETRY_DELAY_MS: '50' } });
    asSuper = { Authorization: `Bearer ${(await createSuperUser(t)).token}` };
  });
  afterAll(() => t.close());

  async function setup() {
    const tenant = await createTenant(t);
    const queue = await createQueue(t.orm, tenant.company.id, { greetingMessage: null });
    const whatsapp = await createSandboxConnection(t, tenant.company.id, [queue.id]);
    const setSetting = (key: string, value: string) => t.http().put(`/settings/${key}`).set(tenant.auth(tenant.adminToken)).send({ value }).expect(200);
    const inbox = async (phone: string) =>
      (await t.http().get(`/sandbox/phones/${phone}/inbox`).set(asSuper).expect(200)).body as { body: string; whatsappId: number }[];
    const call = (phone: string, body: Record<string, unknown> = {}) =>
      t
        .http()
        .post(`/sandbox/phones/${phone}/calls`)
        .set(asSuper)
        .send({ whatsappId: whatsapp.id, ...body });
    const rows = async <T extends object>(entity: new () => T, where: Record<string, unknown>) =>
      t.orm.em.fork().find(entity, { companyId: tenant.company.id, ...where }, { filters: false });
    return { ...tenant, whatsapp, setSetting, inbox, call, rows };
  }

  describe('Aceitar chamadas (call)', () => {
    it('disabled: the call is rejected and the phone gets the automatic message, stored as the bot’s in the contact’s ticket', async () => {
      const s = await setup();
      await s.setSetting('call', 'disabled');
      const phone = phoneNumber();

      const answered = (await s.call(phone, { isVideo: true }).expect(201)).body;
      expect(answered).toMatchObject({ whatsappId: s.whatsapp.id, isVideo: true, status: 'rejected' });
      expect((await t.http().get(`/sandbox/phones/${phone}/calls`).set(asSuper).expect(200)).body).toEqual([
        expect.objectContaining({ id: answered.id, status: 'rejected', isVideo: true }),
      ]);
      await until(async () => (await s.inbox(phone)).some((m) => m.body === CALL_REJECTED_MESSAGE));
      expect(CALL_REJECTED_MESSAGE).toBe(
        '*Mensagem Automática:*\n\nAs chamadas de voz e vídeo estão desabilitas para esse WhatsApp, favor enviar uma mensagem de texto. Obrigado',
      );

      const [contact] = await s.rows(Contact, { number: phone });
      const tickets = await s.rows(Ticket, { contact: contact.id });
      // A rejected call does not fill the waiting list: the message goes to a ticket kept closed.
      expect(tickets.map((x) => x.status)).toEqual(['closed']);
      const messages = await s.rows(Message, { ticket: tickets[0].id });
      expect(messages.map((m) => ({ body: m.body, fromMe: m.fromMe, source: m.source }))).toEqual([
        { body: CALL_REJECTED_MESSAGE, fromMe: true, source: 'bot' },
      ]);
      const { body: chat } = await t.http().get(`/messages/${tickets[0].id}`).set(s.auth(s.adminToken)).expect(200);
      expect(chat.messages.map((m: { body: string }) => m.body)).toEqual([CALL_REJECTED_MESSAGE]);

      // The customer writes: the ticket they already have (open or pending) gets the next rejection's message.
      await t.http().post(`/sandbox/phones/${phone}/messages`).set(asSuper).send({ whatsappId: s.whatsapp.id, body: 'Oi, liguei' }).expect(201);
      const [pending] = await s.rows(Ticket, { contact: contact.id, status: 'pending' });
      expect(pending).toBeDefined();
      expect((await s.call(phone).expect(201)).body).toMatchObject({ isVideo: false, status: 'rejected' });
      await until(async () => (await s.rows(Message, { ticket: pending.id, source: 'bot' })).length === 1);
      await until(async () => (await s.inbox(phone)).filter((m) => m.body === CALL_REJECTED_MESSAGE).length === 2);
    });

    it('enabled (the default): the call keeps ringing, nothing is sent or stored; the setting is each company’s own', async () => {
      const a = await setup();
      const b = await setup();
      // Another company rejecting calls changes nothing here.
      await b.setSetting('call', 'disabled');
      const phone = phoneNumber();
      expect((await a.call(phone).expect(201)).body).toMatchObject({ whatsappId: a.whatsapp.id, status: 'ringing' });
      await sleep(300);
      expect(await a.inbox(phone)).toEqual([]);
      expect(await a.rows(Contact, { number: phone })).toEqual([]);
      expect((await t.http().get(`/sandbox/phones/${phone}/calls`).set(asSuper).expect(200)).body[0].status).toBe('ringing');

      // Switched off, then on again: it acts at once.
      await a.setSetting('call', 'disabled');
      expect((await a.call(phone).expect(201)).body.status).toBe('rejected');
      await a.setSetting('call', 'enabled');
      expect((await a.call(phone).expect(201)).body.status).toBe('ringing');
    });

    it('answers bad input and a company admin with clear codes', async () => {
      const s = await setup();
      expect((await s.call('123').expect(400)).body.error).toBe('ERR_VALIDATION');
      expect((await t.http().post(`/sandbox/phones/${phoneNumber()}/calls`).set(asSuper).send({ whatsappId: 'x' }).expect(400)).body.error).toBe(
        'ERR_VALIDATION',
      );
      expect((await t.http().post(`/sandbox/phones/${phoneNumber()}/calls`).set(asSuper).send({ whatsappId: 999999 }).expect(404)).body.error).toBe(
        'ERR_NO_WAPP_FOUND',
      );
      const asAdmin = await t.http().post(`/sandbox/phones/${phoneNumber()}/calls`).set(s.auth(s.adminToken)).send({ whatsappId: s.whatsapp.id }).expect(403);
      expect(asAdmin.body.error).toBe('ERR_NO_PERMISSION');
    });
  });

  describe('Ignorar mensagens de grupos (CheckMsgIsGroup)', () => {
    it('enabled (the default): a group message is accepted by the network and opens, updates and stores nothing; disabled: it opens a group ticket', async () => {
      const s = await setup();
      const phone = phoneNumber();
      const groupId = `1203630${Math.floor(1e10 + Math.random() * 8e10)}`;
      const sendToGroup = (body: string) =>
        t.http().post(`/sandbox/phones/${phone}/messages`).set(asSuper).send({ whatsappId: s.whatsapp.id, groupId, body }).expect(201);

      await sendToGroup('Bom dia, grupo');
      expect(await s.rows(Contact, {})).toEqual([]);
      expect(await s.rows(Ticket, {})).toEqual([]);
      expect(await s.rows(Message, {})).toEqual([]);
      expect((await t.http().get('/tickets/groups').set(s.auth(s.adminToken)).expect(200)).body.tickets).toEqual([]);

      await s.setSetting('CheckMsgIsGroup', 'disabled');
      await sendToGroup('Alguém aí?');
      const [ticket] = await s.rows(Ticket, { isGroup: true });
      expect(ticket).toBeDefined();
      const messages = await s.rows(Message, { ticket: ticket.id });
      expect(messages.map((m) => m.body)).toEqual(['Alguém aí?']);
      // groupsTab disabled and groups not ignored: the group's ticket is in the main list.
      const { body: list } = await t.http().get('/tickets').set(s.auth(s.adminToken)).query({ status: 'pending', isGroup: 'true' }).expect(200);
      expect(list.tickets.map((x: { id: number }) => x.id)).toEqual([ticket.id]);

      // Enabled again: the group's existing ticket is not updated either.
      await s.setSetting('CheckMsgIsGroup', 'enabled');
      await sendToGroup('Ainda aqui');
      expect((await s.rows(Message, { ticket: ticket.id })).map((m) => m.body)).toEqual(['Alguém aí?']);
      // A person's own chat is unaffected.
      await t.http().post(`/sandbox/phones/${phone}/messages`).set(asSuper).send({ whatsappId: s.whatsapp.id, body: 'Oi' }).expect(201);
      expect(await s.rows(Ticket, { isGroup: false })).toHaveLength(1);
    });
  });

  describe('pairing code (SANDBOX_SCAN auto)', () => {
    it('shows an 8-character code, which the phone of that number types one step later: connected with that number', async () => {
      const s = await setup();
      const number = phoneNumber();
      const seen: string[] = [];
      const w = (await t.http().post('/whatsapp').set(s.auth(s.adminToken)).send({ name: 'Pareada', provider: 'sandbox' }).expect(201)).body;
      await until(async () => (await t.orm.em.fork().findOne(Whatsapp, w.id, { filters: false }))?.status === 'CONNECTED');
      await t.http().post(`/whatsappsession/${w.id}`).set(s.auth(s.adminToken)).send({ pairingNumber: number }).expect(200);
      const connected = await until(async () => {
        const row = await t.orm.em.fork().findOne(Whatsapp, w.id, { filters: false });
        if (row?.pairingCode) seen.push(row.pairingCode);
        return row?.status === 'CONNECTED' && row.number === number ? row : null;
      });
      expect(connected).toMatchObject({ pairingCode: null, pairingNumber: null, qrcode: null });
      for (const code of seen) expect(code).toMatch(/^[1-9A-HJ-NP-TV-Z]{8}$/);
    });
  });
});

import { Message } from '../src/ticket/messages/message.entity';
import { Ticket } from '../src/ticket/tickets/ticket.entity';
import { TicketTracking } from '../src/ticket/tickets/ticket-tracking.entity';
import { Contact } from '../src/ticket/contacts/contact.entity';
import { Whatsapp } from '../src/connection/whatsapps/whatsapp.entity';
import { Company } from '../src/tenant/companies/company.entity';
import { Plan } from '../src/tenant/plans/plan.entity';
import { createTestApp, TestApp, until } from './harness';
import { createCompany, createTenant, createUser, login } from './factories';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** POST /messages/send: a company's own system sends WhatsApp messages with a connection's API token. */
describe('external send-message API (POST /messages/send)', () => {
  let t: TestApp;
  let superToken: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { SEND_ATTEMPTS: '12', SEND_RETRY_DELAY_MS: '60', THROTTLE_MESSAGES_API_LIMIT: '25' } });
    const platform = await createCompany(t.orm);
    const superUser = await createUser(t.orm, { companyId: platform.id, profile: 'admin', super: true });
    superToken = (await login(t, superUser.email)).token;
  });
  afterAll(() => t.close());

  const em = () => t.orm.em.fork();
  const randomPhone = () => `55119${Math.floor(10000000 + Math.random() * 89999999)}`;
  const inboxOf = async (phone: string) =>
    (await t.http().get(`/sandbox/phones/${phone}/inbox`).set('Authorization', `Bearer ${superToken}`).expect(200)).body as any[];

  /** A company with a connected sandbox connection made over the API, and its token. */
  async function setup() {
    const tenant = await createTenant(t);
    const w = (await t.http().post('/whatsapp').set(tenant.auth(tenant.adminToken)).send({ name: 'Notificações', provider: 'sandbox' }).expect(201)).body;
    await until(async () => (await em().findOne(Whatsapp, w.id, { filters: false }))?.status === 'CONNECTED');
    const send = () => t.http().post('/messages/send').set('Authorization', `Bearer ${w.token}`);
    return { ...tenant, whatsappId: w.id as number, token: w.token as string, send };
  }

  it('sends a text to a new number: contact and pending ticket made, source api, delivered to the phone; the next one reuses the ticket', async () => {
    const s = await setup();
    const phone = randomPhone();
    const res = await s
      .send()
      .send({ number: `+55 (${phone.slice(2, 4)}) ${phone.slice(4, 9)}-${phone.slice(9)}`, body: 'Seu pedido saiu para entrega' })
      .expect(201);
    expect(res.body).toMatchObject({ ticketStatus: 'pending', messages: [{ body: 'Seu pedido saiu para entrega', fromMe: true, source: 'api', ack: 0 }] });
    const contact = await em().findOneOrFail(Contact, res.body.contactId, { filters: false });
    expect(contact).toMatchObject({ number: phone, name: phone, companyId: s.company.id });
    const ticket = await em().findOneOrFail(Ticket, res.body.ticketId, { filters: false });
    expect(ticket).toMatchObject({ status: 'pending', companyId: s.company.id, uuid: res.body.ticketUuid });
    expect(ticket.whatsapp?.id).toBe(s.whatsappId);

    const inbox = await until(async () => (await inboxOf(phone)).find((m) => m.body === 'Seu pedido saiu para entrega'));
    expect(inbox.whatsappId).toBe(s.whatsappId);
    const stored = await until(async () => {
      const m = await em().findOneOrFail(Message, res.body.messages[0].id, { filters: false });
      return m.ack >= 1 ? m : null;
    });
    expect(stored.providerId).toBe(inbox.providerId);

    const second = await s.send().send({ number: phone, body: 'Chega amanhã' }).expect(201);
    expect(second.body.ticketId).toBe(res.body.ticketId);
    expect(await em().count(Ticket, { contact: contact.id }, { filters: false })).toBe(1);
    // The company's attendants see it like any conversation.
    const list = await t.http().get('/tickets?status=pending&showAll=true').set(s.auth(s.adminToken)).expect(200);
    expect(list.body.tickets.map((x: { id: number }) => x.id)).toContain(res.body.ticketId);
  });

  it('closes the ticket when asked (a notification); a later message opens a new one', async () => {
    const s = await setup();
    const phone = randomPhone();
    const res = await s.send().send({ number: phone, body: 'Pagamento confirmado', closeTicket: true }).expect(201);
    expect(res.body.ticketStatus).toBe('closed');
    const cycles = await em().find(TicketTracking, { ticketId: res.body.ticketId }, { filters: false });
    expect(cycles.every((c) => c.finishedAt)).toBe(true);
    await until(async () => (await inboxOf(phone)).some((m) => m.body === 'Pagamento confirmado'));
    const next = await s.send().send({ number: phone, body: 'Outro aviso' }).expect(201);
    expect(next.body.ticketId).not.toBe(res.body.ticketId);
  });

  it('sends files as multipart, the body as the first caption', async () => {
    const s = await setup();
    const phone = randomPhone();
    const res = await s.send().field('number', phone).field('body', 'Seu boleto').field('closeTicket', 'false').attach('medias', PNG, 'boleto.png').expect(201);
    expect(res.body.messages).toEqual([expect.objectContaining({ body: 'Seu boleto', mediaType: 'image', source: 'api' })]);
    const got = await until(async () => (await inboxOf(phone)).find((m) => m.type === 'image'));
    expect(got).toMatchObject({ body: 'Seu boleto', media: { mimetype: 'image/png', filename: 'boleto.png' } });
  });

  it('refuses bad input with a code and the fields, and stores nothing', async () => {
    const s = await setup();
    const before = await em().count(Message, { companyId: s.company.id }, { filters: false });
    const badNumber = await s.send().send({ number: '12345', body: 'x' }).expect(400);
    expect(badNumber.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'number' }] });
    expect((await s.send().send({ body: 'sem número' }).expect(400)).body.fields[0].field).toBe('number');
    expect((await s.send().send({ number: randomPhone(), body: '   ' }).expect(400)).body.error).toBe('ERR_EMPTY_MESSAGE');
    expect(
      (
        await s
          .send()
          .send({ number: randomPhone(), body: 'x'.repeat(5000) })
          .expect(400)
      ).body.fields[0],
    ).toEqual({ field: 'body', messages: ['Too Long!'] });
    expect((await s.send().send({ number: randomPhone(), body: 'x', closeTicket: 'talvez' }).expect(400)).body.fields[0].field).toBe('closeTicket');
    const exe = await s.send().field('number', randomPhone()).attach('medias', Buffer.from('MZ\x90\x00not really'), 'virus.exe').expect(415);
    expect(exe.body).toMatchObject({ error: 'ERR_UNSUPPORTED_MEDIA_TYPE', fields: [{ field: 'medias[0]' }] });
    const noToken = await t.http().post('/messages/send').send({ number: randomPhone(), body: 'x' }).expect(401);
    expect(noToken.body.error).toBe('ERR_INVALID_API_TOKEN');
    await t.http().post('/messages/send').set('Authorization', 'Bearer atd_nao-existe').send({ number: randomPhone(), body: 'x' }).expect(401);
    await t.http().post('/messages/send').set('Authorization', `Basic ${s.token}`).send({ number: randomPhone(), body: 'x' }).expect(401);
    expect(await em().count(Message, { companyId: s.company.id }, { filters: false })).toBe(before);
  });

  it("acts only within the token's company: another company never sees the ticket, and its contacts are not touched", async () => {
    const a = await setup();
    const b = await setup();
    const phone = randomPhone();
    // Both companies know this number; each token writes to its own company's contact.
    await b.send().send({ number: phone, body: 'da B' }).expect(201);
    const res = await a.send().send({ number: phone, body: 'da A' }).expect(201);
    const contacts = await em().find(Contact, { number: phone }, { filters: false });
    expect(contacts.map((c) => c.companyId).sort()).toEqual([a.company.id, b.company.id].sort());
    expect((await em().findOneOrFail(Ticket, res.body.ticketId, { filters: false })).companyId).toBe(a.company.id);
    await t.http().get(`/tickets/${res.body.ticketId}`).set(b.auth(b.adminToken)).expect(404);
    const bList = await t.http().get('/tickets?status=pending&showAll=true').set(b.auth(b.adminToken)).expect(200);
    expect(bList.body.tickets.map((x: { id: number }) => x.id)).not.toContain(res.body.ticketId);
  });

  it("answers 403 ERR_PLAN_FEATURE_DISABLED when the company's plan drops useExternalApi, and 401 ERR_COMPANY_INACTIVE for an inactive company; nothing is stored", async () => {
    const s = await setup();
    const phone = randomPhone();
    const plan = await em().findOneOrFail(Company, s.company.id, { filters: false, populate: ['plan'] });
    await em().nativeUpdate(Plan, { id: plan.plan.id }, { useExternalApi: false });
    const off = await s.send().send({ number: phone, body: 'sem API' }).expect(403);
    expect(off.body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
    await em().nativeUpdate(Plan, { id: plan.plan.id }, { useExternalApi: true });
    await em().nativeUpdate(Company, { id: s.company.id }, { status: false });
    const inactive = await s.send().send({ number: phone, body: 'empresa inativa' }).expect(401);
    expect(inactive.body.error).toBe('ERR_COMPANY_INACTIVE');
    expect(await em().count(Contact, { number: phone }, { filters: false })).toBe(0);
    await em().nativeUpdate(Company, { id: s.company.id }, { status: true });
    await s.send().send({ number: phone, body: 'de volta' }).expect(201);
  });

  it('loses nothing when the session drops mid-send: the message waits, goes out on reconnect, and its ack only rises', async () => {
    const s = await setup();
    const admin = s.auth(s.adminToken);
    await t.http().delete(`/whatsappsession/${s.whatsappId}`).set(admin).expect(200);
    const phone = randomPhone();
    const res = await s.send().send({ number: phone, body: 'Enviada durante a queda' }).expect(201);
    const id = res.body.messages[0].id as string;
    await new Promise((r) => setTimeout(r, 250));
    expect((await em().findOneOrFail(Message, id, { filters: false })).ack).toBe(0);
    expect(await inboxOf(phone)).toEqual([]);

    await t.http().post(`/whatsappsession/${s.whatsappId}`).set(admin).send({}).expect(200);
    const delivered = await until(async () => (await inboxOf(phone)).find((m) => m.body === 'Enviada durante a queda'), 15_000);
    const stored = await until(async () => {
      const m = await em().findOneOrFail(Message, id, { filters: false });
      return m.ack >= 1 ? m : null;
    });
    expect(stored).toMatchObject({ providerId: delivered.providerId, sendError: null });
    expect((await inboxOf(phone)).filter((m) => m.body === 'Enviada durante a queda')).toHaveLength(1);
  });

  it('limits each token per minute with 429 ERR_TOO_MANY_REQUESTS', async () => {
    const s = await setup();
    const phone = randomPhone();
    const statuses: number[] = [];
    for (let i = 0; i < 27; i++) statuses.push((await s.send().send({ number: phone, body: `n${i}` })).status);
    expect(statuses.filter((x) => x === 201)).toHaveLength(25);
    const over = await s.send().send({ number: phone, body: 'demais' }).expect(429);
    expect(over.body.error).toBe('ERR_TOO_MANY_REQUESTS');
    // Another connection's token has its own allowance.
    const other = await setup();
    await other.send().send({ number: phone, body: 'outra' }).expect(201);
  });
});

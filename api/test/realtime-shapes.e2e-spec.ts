import type { Socket } from 'socket.io-client';
import { createTestApp, connectSocket, record, TestApp, until, eventsDelivered, TEST_MARKER } from './harness';
import { createContact, createPlan, createSandboxConnection, createSuperUser, createTag, createTenant, createWhatsapp, tagTicket } from './factories';
import { Company } from '../src/tenant/companies/company.entity';
import { addDays, todayIn } from '../src/tenant/companies/companies.rules';
import { InvoicesService } from '../src/tenant/invoices/invoices.service';
import { ConnectionSessionsService } from '../src/connection/sessions/connection-sessions.service';

/**
 * Every event that carries an entity carries what the HTTP route returning that entity answers to the same
 * user, so a client can put the event's entity in place of its copy (the spec's live lists do). One check per
 * channel; the messaging flow checks tickets and messages the same way.
 */
describe('realtime events carry the HTTP shape of their entity', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PRESENCE_TTL: '1' } });
  });
  afterAll(() => t.close());

  type Tenant = Awaited<ReturnType<typeof createTenant>>;
  const covered = new Set<string>();
  /** What the route answers, as JSON (dates as strings), the way the socket delivers it too. */
  const get = async (tenant: Tenant, token: string, path: string) => (await t.http().get(path).set(tenant.auth(token)).expect(200)).body;
  const sockets: Socket[] = [];
  const open = async (token: string) => {
    const s = await connectSocket(t.url, token);
    sockets.push(s);
    return s;
  };
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });

  /**
   * A user as user events carry it: the user's HTTP answer plus what the login adds (permissions, features, the
   * company as the watcher may read it, the join's ids on each queue); test/realtime-shapes-original checks those.
   */
  const asSessionUser = async (tenant: Tenant, user: { id: number; queues: { id: number }[] }) => ({
    ...user,
    queues: user.queues.map((q) => ({ ...q, UserQueue: { userId: user.id, queueId: q.id } })),
    permissions: expect.any(Array),
    features: expect.any(Object),
    company: (await get(tenant, tenant.adminToken, '/auth/me')).company,
  });

  it('user: create, update and the presence ping send the whole user (queues and all)', async () => {
    const tenant = await createTenant(t);
    const watcher = await open(tenant.adminToken);
    const events = record<{ action: string; user: { id: number; online: boolean } }>(watcher, `company-${tenant.company.id}-user`);
    const queue = (await t.http().post('/queue').set(tenant.auth(tenant.adminToken)).send({ name: 'Vendas', color: '#112233' }).expect(201)).body;

    const created = (
      await t
        .http()
        .post('/users')
        .set(tenant.auth(tenant.adminToken))
        .send({ name: 'Nova', email: `nova-${Date.now()}@atende.test`, password: 'Secret123', queueIds: [queue.id] })
        .expect(201)
    ).body;
    const updated = (await t.http().put(`/users/${created.id}`).set(tenant.auth(tenant.adminToken)).send({ name: 'Nova Silva' }).expect(200)).body;
    // The watcher's own presence (online as it connected, offline when PRESENCE_TTL=1 s passes without a ping) is
    // on the channel too: only the new user's events are compared.
    const ofNew = () => events.filter((e) => e.user.id === created.id);
    await until(() => ofNew().length >= 2);
    expect(ofNew()[0]).toEqual({ action: 'create', user: await asSessionUser(tenant, created) });
    expect(ofNew()[1]).toEqual({ action: 'update', user: await asSessionUser(tenant, updated) });
    expect(updated.queues).toEqual([{ id: queue.id, name: 'Vendas', color: '#112233' }]);

    // The ping of a user with queues: the event keeps them.
    await t
      .http()
      .put(`/users/${tenant.user.id}`)
      .set(tenant.auth(tenant.adminToken))
      .send({ queueIds: [queue.id] })
      .expect(200);
    // Connecting marks the user online (test/presence.e2e-spec.ts); the ping keeps them so.
    const before = events.length;
    const attendant = await open(tenant.userToken);
    attendant.emit('userStatus');
    const online = await until(() => events.slice(before).find((e) => e.user.id === tenant.user.id && e.user.online));
    // (PRESENCE_TTL=1 s: on a loaded machine the user may be offline again by the time of the GET.) The connect and
    // the ping each write the user, so the event found may be the connect's, a few ms older than what GET answers.
    const { updatedAt: eventUpdatedAt, ...onlineUser } = online.user as unknown as { updatedAt: string };
    const { updatedAt: storedUpdatedAt, ...storedUser } = (await get(tenant, tenant.adminToken, `/users/${tenant.user.id}`)) as { updatedAt: string };
    const expectedOnline = await asSessionUser(tenant, storedUser as unknown as { id: number; queues: { id: number }[] });
    expect({ action: online.action, user: onlineUser }).toEqual({ action: 'update', user: { ...expectedOnline, online: true } });
    expect(Date.parse(eventUpdatedAt)).toBeLessThanOrEqual(Date.parse(storedUpdatedAt));
    // ...and the offline one after the pings stop (PRESENCE_TTL=1 s).
    const offline = await until(() => events.slice(before).find((e) => e.user.id === tenant.user.id && !e.user.online), 8000);
    expect(offline).toEqual({ action: 'update', user: await asSessionUser(tenant, await get(tenant, tenant.adminToken, `/users/${tenant.user.id}`)) });
    covered.add('user');
  });

  it('queue: create and update send the whole queue', async () => {
    const tenant = await createTenant(t);
    const watcher = await open(tenant.userToken);
    const events = record(watcher, `company-${tenant.company.id}-queue`);
    const schedules = [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:00', endTime: '18:00' }];
    const created = (await t.http().post('/queue').set(tenant.auth(tenant.adminToken)).send({ name: 'Suporte', color: '#445566', schedules }).expect(201)).body;
    const updated = (await t.http().put(`/queue/${created.id}`).set(tenant.auth(tenant.adminToken)).send({ name: 'Suporte 2', orderQueue: 2 }).expect(200))
      .body;
    await until(() => events.length >= 2);
    expect(events).toEqual([
      { action: 'create', queue: created },
      { action: 'update', queue: updated },
    ]);
    expect(updated).toEqual(await get(tenant, tenant.userToken, `/queue/${created.id}`));
    covered.add('queue');
  });

  it('queueOption: create, update and the renumbering after a delete send the whole option', async () => {
    const tenant = await createTenant(t);
    const watcher = await open(tenant.userToken);
    const events = record(watcher, `company-${tenant.company.id}-queueOption`);
    const queue = (await t.http().post('/queue').set(tenant.auth(tenant.adminToken)).send({ name: 'Menu', color: '#778899' }).expect(201)).body;
    const post = async (title: string) =>
      (await t.http().post('/queue-options').set(tenant.auth(tenant.adminToken)).send({ title, queueId: queue.id }).expect(201)).body;
    const first = await post('Um');
    const second = await post('Dois');
    const updated = (await t.http().put(`/queue-options/${first.id}`).set(tenant.auth(tenant.adminToken)).send({ message: 'Olá' }).expect(200)).body;
    await t.http().delete(`/queue-options/${first.id}`).set(tenant.auth(tenant.adminToken)).expect(204);
    await until(() => events.length >= 5);
    const level = await get(tenant, tenant.userToken, `/queue-options?queueId=${queue.id}&parentId=-1`);
    expect(events).toEqual([
      { action: 'create', queueOption: first },
      { action: 'create', queueOption: second },
      { action: 'update', queueOption: updated },
      { action: 'delete', queueId: queue.id, queueOptionIds: [first.id] },
      { action: 'update', queueOption: level[0] },
    ]);
    expect(level).toEqual([expect.objectContaining({ id: second.id, option: 1 })]);
    covered.add('queueOption');
  });

  it('settings: the value each user would read; a secret only to those who may read it', async () => {
    const tenant = await createTenant(t);
    const admin = await open(tenant.adminToken);
    const attendant = await open(tenant.userToken);
    const adminSaw = record(admin, `company-${tenant.company.id}-settings`);
    const attendantSaw = record(attendant, `company-${tenant.company.id}-settings`);
    const plain = (await t.http().put('/settings/userRating').set(tenant.auth(tenant.adminToken)).send({ value: 'enabled' }).expect(200)).body;
    await t.http().put('/settings/asaas').set(tenant.auth(tenant.adminToken)).send({ value: 'chave-secreta' }).expect(200);
    await until(() => adminSaw.length >= 2 && attendantSaw.length >= 2);
    await eventsDelivered(t, admin, attendant);
    expect(adminSaw).toEqual([
      { action: 'update', setting: plain },
      { action: 'update', setting: await get(tenant, tenant.adminToken, '/settings/asaas') },
    ]);
    expect(adminSaw[1]).toEqual({ action: 'update', setting: { key: 'asaas', value: 'chave-secreta' } });
    // Over HTTP the attendant may not read the secret; its entry in their settings list is blank, and so is the event.
    await t.http().get('/settings/asaas').set(tenant.auth(tenant.userToken)).expect(403);
    const listed = (await get(tenant, tenant.userToken, '/settings')).find((s: { key: string }) => s.key === 'asaas');
    expect(attendantSaw).toEqual([
      { action: 'update', setting: await get(tenant, tenant.userToken, '/settings/userRating') },
      { action: 'update', setting: listed },
    ]);
    expect(listed.value).toBe('');
    covered.add('settings');
  });

  it('company: an update sends the whole company', async () => {
    const tenant = await createTenant(t);
    const superUser = await createSuperUser(t);
    const watcher = await open(tenant.adminToken);
    const events = record(watcher, `company-${tenant.company.id}-company`);
    const updated = (await t.http().put(`/companies/${tenant.company.id}`).set(tenant.auth(superUser.token)).send({ name: 'Empresa Renomeada' }).expect(200))
      .body;
    await until(() => events.length >= 1);
    expect(events).toEqual([{ action: 'update', company: updated }]);
    expect(updated).toEqual(await get(tenant, tenant.adminToken, `/companies/${tenant.company.id}`));
    covered.add('company');
  });

  it('whatsappSession: the whole connection; the QR code only to those who may manage connections', async () => {
    const tenant = await createTenant(t);
    const w = await createWhatsapp(t.orm, tenant.company.id, { name: 'Loja' });
    const admin = await open(tenant.adminToken);
    const attendant = await open(tenant.userToken);
    type Session = { action: string; session: { id: number; status: string; qrcode: string | null } };
    const adminSaw = record<Session>(admin, `company-${tenant.company.id}-whatsappSession`);
    const attendantSaw = record<Session>(attendant, `company-${tenant.company.id}-whatsappSession`);
    await t.app.get(ConnectionSessionsService).start(tenant.company.id, w.id);
    // 30 s: the sandbox's steps are timers, and a CI machine running four suites at once once took longer than 10 s.
    await until(() => adminSaw.some((e) => e.session.status === 'CONNECTED') && attendantSaw.some((e) => e.session.status === 'CONNECTED'), 30_000);
    await eventsDelivered(t, admin, attendant);
    expect(adminSaw.map((e) => e.session.status)).toEqual(['OPENING', 'qrcode', 'CONNECTED']);
    expect(attendantSaw.map((e) => e.session.status)).toEqual(['OPENING', 'qrcode', 'CONNECTED']);
    expect(adminSaw[1].session.qrcode).toMatch(/^sandbox:/);
    expect(attendantSaw.every((e) => e.session.qrcode === null)).toBe(true);
    expect(adminSaw[2]).toEqual({ action: 'update', session: await get(tenant, tenant.adminToken, `/whatsapp/${w.id}`) });
    expect(attendantSaw[2]).toEqual({ action: 'update', session: await get(tenant, tenant.userToken, `/whatsapp/${w.id}`) });
    covered.add('whatsappSession');
  });

  it('contact: an update sends the whole contact', async () => {
    const tenant = await createTenant(t);
    const contact = await createContact(t.orm, tenant.company.id, { name: 'Maria', number: '5511912345678' });
    const watcher = await open(tenant.userToken);
    const events = record(watcher, `company-${tenant.company.id}-contact`);
    const updated = (
      await t.http().put(`/contacts/${contact.id}`).set(tenant.auth(tenant.adminToken)).send({ name: 'Maria Souza', number: '5511912345678' }).expect(200)
    ).body;
    await until(() => events.length >= 1);
    expect(events).toEqual([{ action: 'update', contact: updated }]);
    expect(updated).toEqual(await get(tenant, tenant.userToken, `/contacts/${contact.id}`));
    covered.add('contact');
  });

  it('ticket and appMessage: an inbound message is one frame, its message with the ticket and the contact as their routes answer', async () => {
    const tenant = await createTenant(t);
    const w = await createSandboxConnection(t, tenant.company.id);
    const watcher = await open(tenant.adminToken);
    type MessageEvent = { action: string; message: { id: string; ticketId: number }; ticket: { id: number; status: string }; contact: { id: number } };
    const messages = record<MessageEvent>(watcher, `company-${tenant.company.id}-appMessage`);
    const tickets = record<{ action: string; ticket: { id: number; status: string } }>(watcher, `company-${tenant.company.id}-ticket`);
    // Every frame the socket gets (engine.io message packets), whatever its event.
    const frames: string[] = [];
    watcher.io.engine.on('packet', (p: { type: string; data?: unknown }) => {
      if (p.type === 'message' && typeof p.data === 'string' && !p.data.includes(TEST_MARKER)) frames.push(p.data);
    });
    const superToken = (await createSuperUser(t)).token;
    await t.http().post('/sandbox/phones/5511955554444/messages').set(tenant.auth(superToken)).send({ whatsappId: w.id, body: 'Olá' }).expect(201);
    const event = await until(() => messages.find((e) => e.action === 'create'));
    await eventsDelivered(t, watcher);
    const ticketId = event.message.ticketId;
    // One frame per socket per message: the message's event is the ticket's update too (ticket-events.service.ts).
    expect(frames).toHaveLength(1);
    expect(frames[0]).toContain(`company-${tenant.company.id}-appMessage`);
    expect(tickets).toEqual([]);
    // The list first: opening a ticket or its messages reads it (unread back to 0, announced by another event).
    const page = await get(tenant, tenant.adminToken, '/tickets?status=pending&showAll=true');
    expect(event.ticket).toEqual(page.tickets.find((x: { id: number }) => x.id === ticketId));
    expect(event.contact).toEqual(await get(tenant, tenant.adminToken, `/contacts/${event.contact.id}`));
    const listed = (await get(tenant, tenant.adminToken, `/messages/${ticketId}`)).messages;
    expect(event.message).toEqual(listed.find((m: { id: string }) => m.id === event.message.id));
    covered.add('appMessage');

    // A change of the ticket itself (accepting it) is a ticket update, as the list answers the ticket.
    await t.http().put(`/tickets/${ticketId}`).set(tenant.auth(tenant.adminToken)).send({ status: 'open', userId: tenant.admin.id }).expect(200);
    const update = await until(() => tickets.find((e) => e.action === 'update' && e.ticket.status === 'open'));
    await eventsDelivered(t, watcher);
    const opened = await get(tenant, tenant.adminToken, '/tickets?status=open&showAll=true');
    expect(update).toEqual({ action: 'update', ticket: opened.tickets.find((x: { id: number }) => x.id === ticketId) });
    covered.add('ticket');

    // An attendant's message: its event carries the ticket as the statement that stored the message changed it
    // (storeOutbound's JSON), with its tags and its contact's fields, exactly as GET /tickets/{id} answers it.
    const tag = await createTag(t.orm, tenant.company.id);
    await tagTicket(t.orm, ticketId, tag.id);
    await t
      .http()
      .put(`/contacts/${event.contact.id}`)
      .set(tenant.auth(tenant.adminToken))
      .send({ extraInfo: [{ name: 'CPF', value: '123' }] })
      .expect(200);
    await t.http().post(`/messages/${ticketId}`).set(tenant.auth(tenant.adminToken)).send({ body: 'Bom dia' }).expect(201);
    const sent = await until(() => messages.find((e) => e.action === 'create' && e.message.id !== event.message.id));
    await eventsDelivered(t, watcher);
    const read = await get(tenant, tenant.adminToken, `/tickets/${ticketId}`);
    expect(read).toMatchObject({ lastMessage: 'Bom dia', tags: [{ id: tag.id }], contact: { extraInfo: [{ name: 'CPF', value: '123' }] } });
    expect(sent.ticket).toEqual(read);
  });

  it('invoice and payment: issuing, repricing and paying send the invoice as GET /invoices/{id}, the company as GET /companies/{id}', async () => {
    const tenant = await createTenant(t, { value: '40.00' });
    await t.orm.em.fork().nativeUpdate(Company, { id: tenant.company.id }, { dueDate: addDays(todayIn('America/Sao_Paulo'), 3) });
    const watcher = await open(tenant.adminToken);
    const invoices = record<{ action: string; invoice: { id: number; status: string } }>(watcher, `company-${tenant.company.id}-invoice`);
    const payments = record<{ action: string; invoice: { id: number }; company: { id: number } }>(watcher, `company-${tenant.company.id}-payment`);
    await t.app.get(InvoicesService).issueDue();
    const created = await until(() => invoices.find((e) => e.action === 'create'));
    expect(created.invoice).toEqual(await get(tenant, tenant.adminToken, `/invoices/${created.invoice.id}`));
    const payer = { firstName: 'Ana', address2: 'Rua B', city: 'Natal', zipcode: '59000-000', country: 'BR' };
    const bigger = await createPlan(t.orm, { value: '80.00' });
    const charge = (
      await t
        .http()
        .post('/subscription')
        .set(tenant.auth(tenant.adminToken))
        .send({ ...payer, invoiceId: created.invoice.id, planId: bigger.id })
        .expect(201)
    ).body;
    const repriced = await until(() => invoices.find((e) => e.action === 'update'));
    expect(repriced.invoice).toMatchObject({ value: 80, planId: bigger.id });
    await t.http().post(`/subscription/sandbox/${charge.txid}/pay`).set(tenant.auth(tenant.adminToken)).expect(200);
    const payment = await until(() => payments[0]);
    await eventsDelivered(t, watcher);
    expect(payment).toEqual({
      action: 'CONCLUIDA',
      invoice: await get(tenant, tenant.adminToken, `/invoices/${created.invoice.id}`),
      company: await get(tenant, tenant.adminToken, `/companies/${tenant.company.id}`),
    });
    expect(invoices.at(-1)).toEqual({ action: 'update', invoice: payment.invoice });
    covered.add('invoice');
    covered.add('payment');
  });

  it('covers every channel that carries an entity (users, tenant, connections, tickets and billing; the others in realtime-shapes-campaigns.e2e-spec.ts)', () => {
    // `auth` carries only a user id; `whatsapp` is emitted once connections can be edited (and is then added here).
    const carriers = ['user', 'queue', 'queueOption', 'settings', 'company', 'whatsappSession', 'contact', 'ticket', 'appMessage', 'invoice', 'payment'];
    expect([...covered].sort()).toEqual([...carriers].sort());
  });
});

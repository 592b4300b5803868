import type { Socket } from 'socket.io-client';
import { createTestApp, connectSocket, record, TestApp, until, eventsDelivered } from './harness';
import { createContact, createPlan, createSandboxConnection, createSuperUser, createTenant, createWhatsapp } from './factories';
import { Company } from '../src/tenant/companies/company.entity';
import { addDays, todayIn } from '../src/tenant/companies/companies.rules';
import { InvoicesService } from '../src/tenant/invoices/invoices.service';
import { ConnectionSessionsService } from '../src/connection/sessions/connection-sessions.service';
import { REALTIME_SCHEMAS } from '../src/realtime/realtime-events';
import { CampaignDispatchService } from '../src/campaign/campaigns/campaign-dispatch.service';
import { asCompanyId } from '../src/common/tenancy/company-id';

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
    expect(ofNew()[0]).toEqual({ action: 'create', user: created });
    expect(ofNew()[1]).toEqual({ action: 'update', user: updated });
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
    expect({ action: online.action, user: onlineUser }).toEqual({ action: 'update', user: { ...storedUser, online: true } });
    expect(Date.parse(eventUpdatedAt)).toBeLessThanOrEqual(Date.parse(storedUpdatedAt));
    // ...and the offline one after the pings stop (PRESENCE_TTL=1 s).
    const offline = await until(() => events.slice(before).find((e) => e.user.id === tenant.user.id && !e.user.online), 8000);
    expect(offline).toEqual({ action: 'update', user: await get(tenant, tenant.adminToken, `/users/${tenant.user.id}`) });
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
    await until(() => adminSaw.some((e) => e.session.status === 'CONNECTED') && attendantSaw.some((e) => e.session.status === 'CONNECTED'));
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

  it('ticket and appMessage: an inbound message sends the ticket, the message and the contact as their routes answer', async () => {
    const tenant = await createTenant(t);
    const w = await createSandboxConnection(t, tenant.company.id);
    const watcher = await open(tenant.adminToken);
    type MessageEvent = { action: string; message: { id: string; ticketId: number }; ticket: { id: number }; contact: { id: number } };
    const messages = record<MessageEvent>(watcher, `company-${tenant.company.id}-appMessage`);
    const tickets = record<{ action: string; ticket: { id: number } }>(watcher, `company-${tenant.company.id}-ticket`);
    await t
      .http()
      .post('/sandbox/phones/5511955554444/messages')
      .set(tenant.auth((await createSuperUser(t)).token))
      .send({ whatsappId: w.id, body: 'Olá' })
      .expect(201);
    const event = await until(() => messages.find((e) => e.action === 'create'));
    await eventsDelivered(t, watcher);
    const ticketId = event.message.ticketId;
    // The list first: opening a ticket or its messages reads it (unread back to 0, announced by another update).
    const page = await get(tenant, tenant.adminToken, '/tickets?status=pending&showAll=true');
    const lastTicketUpdate = [...tickets].reverse().find((e) => e.action === 'update')!;
    expect(lastTicketUpdate).toEqual({ action: 'update', ticket: page.tickets.find((x: { id: number }) => x.id === ticketId) });
    expect(event.ticket).toEqual(lastTicketUpdate.ticket);
    expect(event.contact).toEqual(await get(tenant, tenant.adminToken, `/contacts/${event.contact.id}`));
    const listed = (await get(tenant, tenant.adminToken, `/messages/${ticketId}`)).messages;
    expect(event.message).toEqual(listed.find((m: { id: string }) => m.id === event.message.id));
    covered.add('ticket');
    covered.add('appMessage');
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

  it('file: create and update send the whole file list as GET /files/{id}', async () => {
    const tenant = await createTenant(t);
    const watcher = await open(tenant.adminToken);
    const events = record(watcher, `company-${tenant.company.id}-file`);
    const created = (
      await t
        .http()
        .post('/files')
        .set(tenant.auth(tenant.adminToken))
        .send({ name: 'Catálogo', message: 'Veja', options: [{ name: 'a' }] })
        .expect(201)
    ).body;
    await t.http().put(`/files/${created.id}`).set(tenant.auth(tenant.adminToken)).send({ name: 'Catálogo 2', message: 'Veja' }).expect(200);
    await until(() => events.length >= 2);
    expect(events[0]).toEqual({ action: 'create', files: created });
    expect(events[1]).toEqual({ action: 'update', files: await get(tenant, tenant.adminToken, `/files/${created.id}`) });
    covered.add('file');
  });

  it('prompt: create and update send the prompt as GET /prompt/{id} answers it (no key)', async () => {
    const tenant = await createTenant(t);
    const watcher = await open(tenant.adminToken);
    const events = record(watcher, `company-${tenant.company.id}-prompt`);
    const queue = (await t.http().post('/queue').set(tenant.auth(tenant.adminToken)).send({ name: 'Suporte', color: '#445566' }).expect(201)).body;
    const body = {
      name: 'Assistente',
      prompt: 'Você é um assistente de atendimento cordial e objetivo da loja.',
      apiKey: 'sk-secret-shape',
      queueId: queue.id,
    };
    const created = (await t.http().post('/prompt').set(tenant.auth(tenant.adminToken)).send(body).expect(201)).body;
    await t
      .http()
      .put(`/prompt/${created.id}`)
      .set(tenant.auth(tenant.adminToken))
      .send({ ...body, apiKey: undefined, name: 'Assistente 2' })
      .expect(200);
    await until(() => events.length >= 2);
    expect(events[0]).toEqual({ action: 'create', prompt: created });
    expect(events[1]).toEqual({ action: 'update', prompt: await get(tenant, tenant.adminToken, `/prompt/${created.id}`) });
    expect(JSON.stringify(events)).not.toContain('sk-secret-shape');
    covered.add('prompt');
  });

  it('queueIntegration: create and update send the integration as GET /queueIntegration/{id} answers it (no credentials)', async () => {
    const tenant = await createTenant(t);
    const watcher = await open(tenant.adminToken);
    const events = record(watcher, `company-${tenant.company.id}-queueIntegration`);
    const body = { type: 'webhook', name: 'Hook', urlN8N: 'https://hooks.example.com/atende' };
    const created = (await t.http().post('/queueIntegration').set(tenant.auth(tenant.adminToken)).send(body).expect(201)).body;
    await t
      .http()
      .put(`/queueIntegration/${created.id}`)
      .set(tenant.auth(tenant.adminToken))
      .send({ ...body, name: 'Hook 2' })
      .expect(200);
    await until(() => events.length >= 2);
    const { secret, ...read } = created;
    expect(events[0]).toEqual({ action: 'create', queueIntegration: read });
    expect(events[1]).toEqual({ action: 'update', queueIntegration: await get(tenant, tenant.adminToken, `/queueIntegration/${created.id}`) });
    expect(JSON.stringify(events)).not.toContain(secret);
    covered.add('queueIntegration');
  });

  it('ContactList and ContactListItem: create and update send what GET /contact-lists/{id} and /contact-list-items/{id} answer', async () => {
    const tenant = await createTenant(t);
    const watcher = await open(tenant.adminToken);
    const lists = record(watcher, `company-${tenant.company.id}-ContactList`);
    const items = record(watcher, `company-${tenant.company.id}-ContactListItem`);
    const list = (await t.http().post('/contact-lists').set(tenant.auth(tenant.adminToken)).send({ name: 'Clientes' }).expect(201)).body;
    const item = (
      await t
        .http()
        .post('/contact-list-items')
        .set(tenant.auth(tenant.adminToken))
        .send({ name: 'Ana', number: '5511999990000', contactListId: list.id })
        .expect(201)
    ).body;
    await t.http().put(`/contact-list-items/${item.id}`).set(tenant.auth(tenant.adminToken)).send({ name: 'Ana Maria' }).expect(200);
    await until(() => lists.length >= 2 && items.length >= 2);
    expect(lists[0]).toEqual({ action: 'create', record: list });
    expect(lists[1]).toEqual({ action: 'update', record: await get(tenant, tenant.adminToken, `/contact-lists/${list.id}`) });
    expect(items[0]).toEqual({ action: 'create', record: item });
    expect(items[1]).toEqual({ action: 'update', record: await get(tenant, tenant.adminToken, `/contact-list-items/${item.id}`) });
    covered.add('ContactList');
    covered.add('ContactListItem');
  });

  it('schedule: create and update send what GET /schedules/{id} answers, to every user of the company; delete names it', async () => {
    const tenant = await createTenant(t);
    const watcher = await open(tenant.userToken);
    const events = record(watcher, `company-${tenant.company.id}-schedule`);
    const contact = await createContact(t.orm, tenant.company.id);
    const sendAt = new Date(Date.now() + 86_400_000).toISOString();
    const created = (
      await t.http().post('/schedules').set(tenant.auth(tenant.adminToken)).send({ body: 'Lembrete da consulta', contactId: contact.id, sendAt }).expect(201)
    ).body;
    await t.http().put(`/schedules/${created.id}`).set(tenant.auth(tenant.adminToken)).send({ body: 'Lembrete da consulta amanhã' }).expect(200);
    await t.http().delete(`/schedules/${created.id}`).set(tenant.auth(tenant.adminToken)).expect(204);
    await until(() => events.length >= 3);
    expect(events[0]).toEqual({ action: 'create', schedule: created });
    expect(events[1]).toEqual({
      action: 'update',
      schedule: expect.objectContaining({ id: created.id, body: 'Lembrete da consulta amanhã', contact: created.contact }),
    });
    expect(Object.keys((events[1] as { schedule: object }).schedule).sort()).toEqual(Object.keys(created).sort());
    expect(events[2]).toEqual({ action: 'delete', scheduleId: created.id });
    covered.add('schedule');
  });

  it('campaign: create, update and the live report send what GET /campaigns and GET /campaigns/{id} answer; delete names it', async () => {
    const tenant = await createTenant(t);
    const watcher = await open(tenant.adminToken);
    const events = record<{ action: string; record?: { id: number }; report?: { campaign: { id: number; status: string; completedAt: string } } }>(
      watcher,
      `company-${tenant.company.id}-campaign`,
    );
    const attendant = record(await open(tenant.userToken), `company-${tenant.company.id}-campaign`);
    const created = (await t.http().post('/campaigns').set(tenant.auth(tenant.adminToken)).send({ name: 'Natal' }).expect(201)).body;
    const updated = (await t.http().put(`/campaigns/${created.id}`).set(tenant.auth(tenant.adminToken)).send({ message1: 'Oi {nome}' }).expect(200)).body;
    // A started campaign (nothing to send) finishes: its report follows.
    const whatsapp = await createSandboxConnection(t, tenant.company.id);
    await t
      .http()
      .put(`/campaigns/${created.id}`)
      .set(tenant.auth(tenant.adminToken))
      .send({ whatsappId: whatsapp.id, tagListId: null, contactListId: null })
      .expect(200);
    const at = new Date(Math.floor(Date.now() / 1000) * 1000);
    await t.orm.em.fork().execute(`update campaigns set status = 'PROGRAMADA', scheduled_at = ? where id = ?`, [at, created.id]);
    await t.app.get(CampaignDispatchService).start(asCompanyId(tenant.company.id), created.id, at.getTime());
    const report = await until(() => events.find((e) => e.action === 'report' && e.report?.campaign.status === 'FINALIZADA'), 15_000);
    await t.http().delete(`/campaigns/${created.id}`).set(tenant.auth(tenant.adminToken)).expect(204);
    await until(() => events.some((e) => e.action === 'delete'));
    await eventsDelivered(t, watcher);
    expect(events[0]).toEqual({ action: 'create', record: created });
    expect(events[1]).toEqual({ action: 'update', record: updated });
    const { campaign, ...counts } = report.report!;
    expect(Object.keys(counts).sort()).toEqual([
      'confirmationRequested',
      'confirmed',
      'delivered',
      'failed',
      'pending',
      'planned',
      // Issue 30: the per-recipient states' counts, from the rows the recipients report lists.
      'recipients',
      'sent',
      'skipped',
      'valids',
    ]);
    const list = (await get(tenant, tenant.adminToken, '/campaigns')).records as { id: number }[];
    expect(list).toEqual([]);
    expect(Object.keys(campaign).sort()).toEqual(Object.keys(created).sort());
    expect(campaign.completedAt).toBeTruthy();
    expect(events.at(-1)).toEqual({ action: 'delete', id: created.id });
    // Attendants do not manage campaigns: they hear nothing.
    expect(attendant).toEqual([]);
    covered.add('campaign');
  });

  it('company-announcement: create and update send what GET /announcements/{id} answers, to sockets of every company', async () => {
    const su = await createSuperUser(t);
    const tenant = await createTenant(t);
    const other = await createTenant(t);
    const events = [await open(su.token), await open(tenant.userToken), await open(other.adminToken)].map((s) => record(s, 'company-announcement'));
    const auth = { Authorization: `Bearer ${su.token}` };
    const created = (await t.http().post('/announcements').set(auth).send({ title: 'Aviso', text: 'Para todos', priority: 1 }).expect(201)).body;
    await t.http().put(`/announcements/${created.id}`).set(auth).send({ title: 'Aviso 2' }).expect(200);
    await until(() => events.every((e) => e.length >= 2));
    const current = await get(tenant, tenant.userToken, `/announcements/${created.id}`);
    for (const e of events)
      expect(e).toEqual([
        { action: 'create', record: created },
        { action: 'update', record: current },
      ]);
    covered.add('announcement');
  });

  it('chat, chat-{chatId}: create, update and a new message send what GET /chats/{id} and its messages answer, to members only', async () => {
    const tenant = await createTenant(t);
    const c = tenant.company.id;
    const [owner, member] = [await open(tenant.adminToken), await open(tenant.userToken)];
    const ownerSaw = record(owner, `company-${c}-chat`);
    const memberSaw = record(member, `company-${c}-chat`);
    const auth = tenant.auth(tenant.adminToken);
    const created = (
      await t
        .http()
        .post('/chats')
        .set(auth)
        .send({ title: 'Equipe', users: [tenant.user.id] })
        .expect(201)
    ).body;
    const messages = record(member, `company-${c}-chat-${created.id}`);
    await t.http().put(`/chats/${created.id}`).set(auth).send({ title: 'Equipe 2' }).expect(200);
    const sent = (await t.http().post(`/chats/${created.id}/messages`).set(auth).send({ message: 'Olá' }).expect(201)).body;
    await until(() => memberSaw.length >= 3 && messages.length >= 1);
    await eventsDelivered(t, owner, member);
    const current = await get(tenant, tenant.userToken, `/chats/${created.id}`);
    const page = await get(tenant, tenant.userToken, `/chats/${created.id}/messages`);
    expect(memberSaw[0]).toEqual({ action: 'create', record: created });
    expect(memberSaw[2]).toEqual({ action: 'update', record: current });
    expect(messages).toEqual([{ action: 'new-message', newMessage: page.records[0], chat: current }]);
    expect(sent).toEqual(page.records[0]);
    expect(ownerSaw).toEqual(memberSaw);
    covered.add('chat');
    covered.add('chat-{chatId}');
  });

  it("task: create and update send the task as GET /tasks lists it, only to its owner's sockets; delete names it", async () => {
    const tenant = await createTenant(t);
    const owner = record(await open(tenant.userToken), `company-${tenant.company.id}-task`);
    const admin = record(await open(tenant.adminToken), `company-${tenant.company.id}-task`);
    const created = (await t.http().post('/tasks').set(tenant.auth(tenant.userToken)).send({ text: 'Ligar', description: '<p><em>hoje</em></p>' }).expect(201))
      .body;
    await t.http().put(`/tasks/${created.id}`).set(tenant.auth(tenant.userToken)).send({ completed: true }).expect(200);
    const listed = (await get(tenant, tenant.userToken, '/tasks')) as { id: number }[];
    await t.http().delete(`/tasks/${created.id}`).set(tenant.auth(tenant.userToken)).expect(204);
    await until(() => owner.length >= 3);
    expect(owner[0]).toEqual({ action: 'create', task: created });
    expect(owner[1]).toEqual({ action: 'update', task: listed.find((x) => x.id === created.id) });
    expect(owner[2]).toEqual({ action: 'delete', taskId: created.id });
    expect(admin).toEqual([]);
    covered.add('task');
  });

  it('covers every channel that carries an entity', () => {
    // `auth` carries only a user id; `whatsapp` is emitted once connections can be edited (and is then added here).
    const carriers = [
      'user',
      'queue',
      'queueOption',
      'settings',
      'company',
      'whatsappSession',
      'contact',
      'ticket',
      'appMessage',
      'invoice',
      'payment',
      'file',
      'ContactList',
      'ContactListItem',
      'schedule',
      'campaign',
      'prompt',
      'queueIntegration',
      'announcement',
      'chat',
      'chat-{chatId}',
      'task',
    ];
    expect([...covered].sort()).toEqual([...carriers].sort());
    expect(Object.keys(REALTIME_SCHEMAS).sort()).toEqual([
      'announcement',
      'campaign',
      'campaignReport',
      'chat',
      'chatMessage',
      'company',
      'contact',
      'contactList',
      'contactListItem',
      'fileList',
      // The holiday channel's payload is compared with GET /holidays/{id} in automation.e2e-spec (the send that sets it).
      'holiday',
      'invoice',
      'message',
      'prompt',
      'queue',
      'queueIntegration',
      'queueOption',
      'schedule',
      'setting',
      'task',
      'ticket',
      'user',
      'whatsapp',
    ]);
  });
});

import type { Socket } from 'socket.io-client';
import { createTestApp, connectSocket, record, TestApp, until, eventsDelivered } from './harness';
import { createContact, createSandboxConnection, createSuperUser, createTenant } from './factories';
import { CampaignDispatchService } from '../src/campaign/campaigns/campaign-dispatch.service';
import { asCompanyId } from '../src/common/tenancy/company-id';

/**
 * Every event that carries an entity carries what the HTTP route returning that entity answers to the same
 * user, so a client can put the event's entity in place of its copy (the spec's live lists do). One check per
 * channel; the messaging flow checks tickets and messages the same way.
 */
describe('realtime events carry the HTTP shape of their entity: campaigns, automation, announcements, chats, tasks', () => {
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
    // `chat` (and `newMessage` for a new message) besides `record`: what clients of the original system read.
    expect(memberSaw[0]).toEqual({ action: 'create', record: created, chat: created });
    expect(memberSaw[2]).toEqual({ action: 'update', record: current, chat: current, newMessage: page.records[0] });
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

  it('covers every channel that carries an entity (campaigns, automation, announcements, chats and tasks)', () => {
    // The other channels are covered in realtime-shapes.e2e-spec.ts.
    const carriers = [
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
  });
});

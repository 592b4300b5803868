import { createTestApp, TestApp } from './harness';
import {
  agentsOf,
  createContact,
  createMessage,
  createQueue,
  createQueueOption,
  createSandboxConnection,
  createTag,
  createTenant,
  createTicket,
  createWhatsapp,
  login,
} from './factories';

/**
 * Every reference a request body can carry (the `*Id`/`*Ids` properties of the contract's request bodies, and the
 * id lists that name records: chat members, a file list's options, a quoted message) is checked against the
 * caller's company: company B's id in company A's body is a 4xx, and nothing of A's comes to point at B's record.
 * One case per reference and route; the leak query is what would have been stored.
 */
describe('tenancy: a body naming another company’s record is refused and stores nothing', () => {
  let t: TestApp;
  type Tenant = Awaited<ReturnType<typeof setup>>;
  let a: Tenant;
  let b: Tenant;

  async function setup() {
    const tenant = await createTenant(t);
    const c = tenant.company.id;
    const queue = await createQueue(t.orm, c);
    const whatsapp = await createWhatsapp(t.orm, c, { isDefault: true });
    const contact = await createContact(t.orm, c);
    const ticket = await createTicket(t.orm, c, { contactId: contact.id, status: 'open', userId: tenant.admin.id, queueId: queue.id, whatsappId: whatsapp.id });
    const message = await createMessage(t.orm, ticket, 'Olá', false);
    const tag = await createTag(t.orm, c);
    const option = await createQueueOption(t.orm, c, { queueId: queue.id, option: 1 });
    const agents = await agentsOf(t.orm, c);
    const auth = { Authorization: `Bearer ${tenant.adminToken}` };
    const list = await t.http().post('/contact-lists').set(auth).send({ name: 'Clientes' }).expect(201);
    const files = await t
      .http()
      .post('/files')
      .set(auth)
      .send({ name: 'Catálogo', message: 'Veja', options: [{ name: 'Foto' }] })
      .expect(201);
    const sandbox = await createSandboxConnection(t, c, [], 'Sandbox');
    const [invoice] = await t.orm.em
      .fork()
      .getConnection()
      .execute<{ id: number }[]>(
        `insert into invoices (company_id, plan_id, value, due_date, detail, created_at, updated_at) values (?, ?, '10.00', now() + interval '5 days', 'Plano', now(), now()) returning id`,
        [c, tenant.plan.id],
      );
    const chat = await t
      .http()
      .post('/chats')
      .set(auth)
      .send({ title: 'Equipe', users: [tenant.user.id] })
      .expect(201);
    return {
      ...tenant,
      c,
      auth,
      queue,
      whatsapp,
      sandbox,
      contact,
      ticket,
      message,
      tag,
      option,
      ...agents,
      contactListId: list.body.id as number,
      fileListId: files.body.id as number,
      fileOptionId: files.body.options[0].id as number,
      chatId: chat.body.id as number,
      invoiceId: invoice.id,
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    a = await setup();
    b = await setup();
  }, 60_000);
  afterAll(() => t?.close());

  const count = async (sql: string, params: unknown[]): Promise<number> => {
    const rows = await t.orm.em.fork().getConnection().execute<{ n: number }[]>(sql, params);
    return Number(rows[0].n);
  };

  interface Case {
    kind: string;
    method: 'post' | 'put';
    url: () => string;
    body: () => Record<string, unknown>;
    /** The refusal is about the reference: the answer names its field or says the record was not found. */
    why: RegExp;
    /** Rows of A's that point at B's record after the call: must stay 0. */
    leak: () => Promise<number>;
  }

  const cases: Case[] = [
    // whatsappId
    {
      kind: 'whatsappId on POST /users',
      why: /whatsappId|NOT_FOUND/,
      method: 'post',
      url: () => '/users',
      body: () => ({ name: 'Nova', email: `nova-${Date.now()}@test.local`, password: 'Secret123', whatsappId: b.whatsapp.id }),
      leak: () => count('select count(*) n from users where company_id = ? and whatsapp_id = ?', [a.c, b.whatsapp.id]),
    },
    {
      kind: "whatsappId on PUT /users/{id} (another user's)",
      why: /whatsappId|NOT_FOUND/,
      method: 'put',
      url: () => `/users/${a.user.id}`,
      body: () => ({ whatsappId: b.whatsapp.id }),
      leak: () => count('select count(*) n from users where company_id = ? and whatsapp_id = ?', [a.c, b.whatsapp.id]),
    },
    {
      kind: 'whatsappId on PUT /users/{id} (own profile)',
      why: /whatsappId|NOT_FOUND/,
      method: 'put',
      url: () => `/users/${a.admin.id}`,
      body: () => ({ whatsappId: b.whatsapp.id }),
      leak: () => count('select count(*) n from users where company_id = ? and whatsapp_id = ?', [a.c, b.whatsapp.id]),
    },
    {
      kind: 'whatsappId on PUT /users/fromCompany/{id}',
      why: /whatsappId|NOT_FOUND/,
      method: 'put',
      url: () => `/users/fromCompany/${a.user.id}`,
      body: () => ({ whatsappId: b.whatsapp.id }),
      leak: () => count('select count(*) n from users where company_id = ? and whatsapp_id = ?', [a.c, b.whatsapp.id]),
    },
    {
      kind: 'whatsappId on POST /tickets',
      why: /whatsappId|NOT_FOUND/,
      method: 'post',
      url: () => '/tickets',
      body: () => ({ contactId: a.contact.id, whatsappId: b.whatsapp.id, status: 'open' }),
      leak: () => count('select count(*) n from tickets where company_id = ? and whatsapp_id = ?', [a.c, b.whatsapp.id]),
    },
    {
      kind: 'whatsappId on PUT /tickets/{id}',
      why: /whatsappId|NOT_FOUND/,
      method: 'put',
      url: () => `/tickets/${a.ticket.id}`,
      body: () => ({ whatsappId: b.whatsapp.id, queueId: a.queue.id }),
      leak: () => count('select count(*) n from tickets where company_id = ? and whatsapp_id = ?', [a.c, b.whatsapp.id]),
    },
    {
      kind: 'whatsappId on POST /campaigns',
      why: /whatsappId|NOT_FOUND/,
      method: 'post',
      url: () => '/campaigns',
      body: () => ({ name: 'Campanha', whatsappId: b.whatsapp.id }),
      leak: () => count('select count(*) n from campaigns where company_id = ? and whatsapp_id = ?', [a.c, b.whatsapp.id]),
    },
    {
      kind: 'whatsappId on POST /contacts/import',
      // B's connection runs here; A's call reaches no session of A's under that id.
      why: /ERR_WAPP_NOT_INITIALIZED|whatsappId/,
      method: 'post',
      url: () => '/contacts/import',
      body: () => ({ whatsappId: b.sandbox.id }),
      leak: () => count('select count(*) n from contacts where company_id = ? and whatsapp_id = ?', [a.c, b.whatsapp.id]),
    },
    // queueIds / queueId
    {
      kind: 'queueIds on POST /users',
      why: /queueIds|NOT_FOUND/,
      method: 'post',
      url: () => '/users',
      body: () => ({ name: 'Nova', email: `fila-${Date.now()}@test.local`, password: 'Secret123', queueIds: [b.queue.id] }),
      leak: () => count('select count(*) n from user_queues where queue_id = ?', [b.queue.id]),
    },
    {
      kind: 'queueIds on PUT /users/{id}',
      why: /queueIds|NOT_FOUND/,
      method: 'put',
      url: () => `/users/${a.user.id}`,
      body: () => ({ queueIds: [a.queue.id, b.queue.id] }),
      leak: () => count('select count(*) n from user_queues where queue_id = ?', [b.queue.id]),
    },
    {
      kind: 'queueIds on POST /whatsapp',
      why: /queueIds|NOT_FOUND/,
      method: 'post',
      url: () => '/whatsapp',
      body: () => ({ name: 'Outra', queueIds: [b.queue.id] }),
      leak: () =>
        count('select count(*) n from whatsapp_queues wq join whatsapps w on w.id = wq.whatsapp_id where w.company_id = ? and wq.queue_id = ?', [
          a.c,
          b.queue.id,
        ]),
    },
    {
      kind: 'queueIds on PUT /whatsapp/{id}',
      why: /queueIds|NOT_FOUND/,
      method: 'put',
      url: () => `/whatsapp/${a.whatsapp.id}`,
      body: () => ({ queueIds: [b.queue.id] }),
      leak: () =>
        count('select count(*) n from whatsapp_queues wq join whatsapps w on w.id = wq.whatsapp_id where w.company_id = ? and wq.queue_id = ?', [
          a.c,
          b.queue.id,
        ]),
    },
    {
      kind: 'sendIdQueue on PUT /whatsapp/{id}',
      why: /sendIdQueue|NOT_FOUND/,
      method: 'put',
      url: () => `/whatsapp/${a.whatsapp.id}`,
      body: () => ({ sendIdQueue: b.queue.id, timeSendQueue: 5 }),
      leak: () => count('select count(*) n from whatsapps where company_id = ? and send_id_queue = ?', [a.c, b.queue.id]),
    },
    {
      kind: 'queueId on POST /tickets',
      why: /queueId|NOT_FOUND/,
      method: 'post',
      url: () => '/tickets',
      body: () => ({ contactId: a.contact.id, queueId: b.queue.id, status: 'open' }),
      leak: () => count('select count(*) n from tickets where company_id = ? and queue_id = ?', [a.c, b.queue.id]),
    },
    {
      kind: 'queueId on PUT /tickets/{id}',
      why: /queueId|NOT_FOUND/,
      method: 'put',
      url: () => `/tickets/${a.ticket.id}`,
      body: () => ({ queueId: b.queue.id }),
      leak: () => count('select count(*) n from tickets where company_id = ? and queue_id = ?', [a.c, b.queue.id]),
    },
    {
      kind: 'queueId on POST /prompt',
      why: /queueId|NOT_FOUND/,
      method: 'post',
      url: () => '/prompt',
      body: () => ({
        name: 'Assistente',
        prompt: 'Você é um assistente de atendimento. Responda com educação.',
        apiKey: 'sk-test-123456',
        queueId: b.queue.id,
      }),
      leak: () => count('select count(*) n from prompts where company_id = ? and queue_id = ?', [a.c, b.queue.id]),
    },
    {
      kind: 'queueId on POST /queue-options',
      why: /queueId|NOT_FOUND/,
      method: 'post',
      url: () => '/queue-options',
      body: () => ({ title: 'Financeiro', queueId: b.queue.id }),
      leak: () => count('select count(*) n from queue_options where company_id = ? and queue_id = ?', [a.c, b.queue.id]),
    },
    // parentId
    {
      kind: 'parentId on POST /queue-options',
      why: /parentId|NOT_FOUND/,
      method: 'post',
      url: () => '/queue-options',
      body: () => ({ title: 'Boletos', queueId: a.queue.id, parentId: b.option.id }),
      leak: () => count('select count(*) n from queue_options where company_id = ? and parent_id = ?', [a.c, b.option.id]),
    },
    // userId and user lists
    {
      kind: 'userId on POST /tickets',
      why: /userId|NOT_FOUND/,
      method: 'post',
      url: () => '/tickets',
      body: () => ({ contactId: a.contact.id, userId: b.user.id, status: 'open' }),
      leak: () => count('select count(*) n from tickets where company_id = ? and user_id = ?', [a.c, b.user.id]),
    },
    {
      kind: 'userId on PUT /tickets/{id}',
      why: /userId|NOT_FOUND/,
      method: 'put',
      url: () => `/tickets/${a.ticket.id}`,
      body: () => ({ userId: b.user.id, queueId: a.queue.id }),
      leak: () => count('select count(*) n from tickets where company_id = ? and user_id = ?', [a.c, b.user.id]),
    },
    {
      kind: 'userId on POST /notifications',
      why: /ERR_NO_USER_FOUND/,
      method: 'post',
      url: () => '/notifications',
      body: () => ({ title: 'Oi', message: 'Teste', userId: b.user.id }),
      leak: () => Promise.resolve(0),
    },
    {
      kind: 'users on POST /chats',
      why: /"users"/,
      method: 'post',
      url: () => '/chats',
      body: () => ({ title: 'Vazamento', users: [b.user.id] }),
      leak: () => count('select count(*) n from chat_users where company_id = ? and user_id = ?', [a.c, b.user.id]),
    },
    {
      kind: 'users on PUT /chats/{id}',
      why: /"users"/,
      method: 'put',
      url: () => `/chats/${a.chatId}`,
      body: () => ({ users: [a.user.id, b.user.id] }),
      leak: () => count('select count(*) n from chat_users where company_id = ? and user_id = ?', [a.c, b.user.id]),
    },
    {
      kind: 'userId on POST /chats/{id}/read',
      why: /ERR_NO_PERMISSION/,
      method: 'post',
      url: () => `/chats/${a.chatId}/read`,
      body: () => ({ userId: b.user.id }),
      leak: () => count('select count(*) n from chat_users where company_id = ? and user_id = ?', [a.c, b.user.id]),
    },
    // contactId / ticketId
    {
      kind: 'contactId on POST /tickets',
      why: /contactId|NOT_FOUND/,
      method: 'post',
      url: () => '/tickets',
      body: () => ({ contactId: b.contact.id, status: 'open' }),
      leak: () => count('select count(*) n from tickets where company_id = ? and contact_id = ?', [a.c, b.contact.id]),
    },
    {
      kind: 'contactId on POST /schedules',
      why: /contactId|ERR_NO_CONTACT_FOUND/,
      method: 'post',
      url: () => '/schedules',
      body: () => ({ body: 'Lembrete', contactId: b.contact.id, sendAt: new Date(Date.now() + 86_400_000).toISOString() }),
      leak: () => count('select count(*) n from schedules where company_id = ? and contact_id = ?', [a.c, b.contact.id]),
    },
    {
      kind: 'contactId on POST /ticket-notes',
      why: /contactId|ERR_NO_CONTACT_FOUND/,
      method: 'post',
      url: () => '/ticket-notes',
      body: () => ({ ticketId: a.ticket.id, contactId: b.contact.id, note: 'Nota' }),
      leak: () => count('select count(*) n from ticket_notes where company_id = ? and contact_id = ?', [a.c, b.contact.id]),
    },
    {
      kind: 'ticketId on POST /ticket-notes',
      why: /ticketId|ERR_NO_TICKET_FOUND/,
      method: 'post',
      url: () => '/ticket-notes',
      body: () => ({ ticketId: b.ticket.id, contactId: a.contact.id, note: 'Nota' }),
      leak: () => count('select count(*) n from ticket_notes where company_id = ? and ticket_id = ?', [a.c, b.ticket.id]),
    },
    {
      kind: 'ticketId on POST /tags/sync',
      why: /ticketId|ERR_NO_TICKET_FOUND/,
      method: 'post',
      url: () => '/tags/sync',
      body: () => ({ ticketId: b.ticket.id, tags: [{ id: a.tag.id }] }),
      leak: () => count('select count(*) n from ticket_tags where ticket_id = ? and tag_id = ?', [b.ticket.id, a.tag.id]),
    },
    // tags
    {
      kind: 'tags[].id on POST /tags/sync',
      why: /"tags"/,
      method: 'post',
      url: () => '/tags/sync',
      body: () => ({ ticketId: a.ticket.id, tags: [{ id: b.tag.id }] }),
      leak: () => count('select count(*) n from ticket_tags where ticket_id = ? and tag_id = ?', [a.ticket.id, b.tag.id]),
    },
    {
      kind: 'tagListId on POST /campaigns',
      why: /tagListId|NOT_FOUND/,
      method: 'post',
      url: () => '/campaigns',
      body: () => ({ name: 'Campanha', tagListId: b.tag.id }),
      leak: () => count('select count(*) n from campaigns where company_id = ? and tag_list_id = ?', [a.c, b.tag.id]),
    },
    // promptId / integrationId
    {
      kind: 'promptId on POST /queue',
      why: /promptId|NOT_FOUND/,
      method: 'post',
      url: () => '/queue',
      body: () => ({ name: 'Fila IA', color: '#123456', greetingMessage: 'Olá! Escolha uma opção.', promptId: b.promptId }),
      leak: () => count('select count(*) n from queues where company_id = ? and prompt_id = ?', [a.c, b.promptId]),
    },
    {
      kind: 'integrationId on PUT /queue/{id}',
      why: /integrationId|NOT_FOUND/,
      method: 'put',
      url: () => `/queue/${a.queue.id}`,
      body: () => ({ integrationId: b.integrationId }),
      leak: () => count('select count(*) n from queues where company_id = ? and integration_id = ?', [a.c, b.integrationId]),
    },
    {
      kind: 'promptId on POST /whatsapp',
      why: /promptId|NOT_FOUND/,
      method: 'post',
      url: () => '/whatsapp',
      body: () => ({ name: 'Com IA', promptId: b.promptId }),
      leak: () => count('select count(*) n from whatsapps where company_id = ? and prompt_id = ?', [a.c, b.promptId]),
    },
    {
      kind: 'integrationId on PUT /whatsapp/{id}',
      why: /integrationId|NOT_FOUND/,
      method: 'put',
      url: () => `/whatsapp/${a.whatsapp.id}`,
      body: () => ({ integrationId: b.integrationId }),
      leak: () => count('select count(*) n from whatsapps where company_id = ? and integration_id = ?', [a.c, b.integrationId]),
    },
    {
      kind: 'promptId on PUT /tickets/{id}',
      why: /promptId|NOT_FOUND/,
      method: 'put',
      url: () => `/tickets/${a.ticket.id}`,
      body: () => ({ promptId: b.promptId }),
      leak: () => count('select count(*) n from tickets where company_id = ? and prompt_id = ?', [a.c, b.promptId]),
    },
    {
      kind: 'integrationId on PUT /tickets/{id}',
      why: /integrationId|NOT_FOUND/,
      method: 'put',
      url: () => `/tickets/${a.ticket.id}`,
      body: () => ({ integrationId: b.integrationId, useIntegration: true }),
      leak: () => count('select count(*) n from tickets where company_id = ? and integration_id = ?', [a.c, b.integrationId]),
    },
    // campaign lists
    {
      kind: 'contactListId on POST /campaigns',
      why: /contactListId|NOT_FOUND/,
      method: 'post',
      url: () => '/campaigns',
      body: () => ({ name: 'Campanha', contactListId: b.contactListId }),
      leak: () => count('select count(*) n from campaigns where company_id = ? and contact_list_id = ?', [a.c, b.contactListId]),
    },
    {
      kind: 'fileListId on POST /campaigns',
      why: /fileListId|NOT_FOUND/,
      method: 'post',
      url: () => '/campaigns',
      body: () => ({ name: 'Campanha', fileListId: b.fileListId }),
      leak: () => count('select count(*) n from campaigns where company_id = ? and file_list_id = ?', [a.c, b.fileListId]),
    },
    {
      kind: 'contactListId on POST /contact-list-items',
      why: /contactListId|NOT_FOUND/,
      method: 'post',
      url: () => '/contact-list-items',
      body: () => ({ name: 'Cliente', number: '5511999990001', contactListId: b.contactListId }),
      leak: () => count('select count(*) n from contact_list_items where company_id = ? and contact_list_id = ?', [a.c, b.contactListId]),
    },
    {
      kind: 'options[].id on PUT /files/{id}',
      why: /options\.0\.id/,
      method: 'put',
      url: () => `/files/${a.fileListId}`,
      body: () => ({ name: 'Catálogo', message: 'Veja', options: [{ id: b.fileOptionId, name: 'Roubada' }] }),
      leak: () =>
        count('select count(*) n from file_list_options where id = ? and (company_id <> ? or file_list_id <> ?)', [b.fileOptionId, b.c, b.fileListId]),
    },
    // integration credentials, push, billing
    {
      kind: 'id on POST /queueIntegration/testSession (stored credentials of another company)',
      why: /NOT_FOUND/,
      method: 'post',
      url: () => '/queueIntegration/testSession',
      body: () => ({ id: b.integrationId, projectName: 'projeto', language: 'pt-BR' }),
      leak: () => Promise.resolve(0),
    },
    {
      kind: 'userId on POST /subscribe',
      why: /ERR_NO_PERMISSION/,
      method: 'post',
      url: () => '/subscribe',
      body: () => ({
        browserId: 'browser-1',
        userId: b.user.id,
        pushSubscription: { endpoint: 'https://push.example/abc', keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' } },
      }),
      leak: () => count('select count(*) n from push_subscriptions where company_id = ? or user_id = ?', [a.c, b.user.id]),
    },
    {
      kind: 'invoiceId on POST /subscription',
      why: /invoiceId|NOT_FOUND/,
      method: 'post',
      url: () => '/subscription',
      body: () => ({ invoiceId: b.invoiceId, firstName: 'Ana', address2: 'Rua A, 1', city: 'São Paulo', zipcode: '01000-000', country: 'BR' }),
      leak: () => count('select count(*) n from pix_charges where invoice_id = ?', [b.invoiceId]),
    },
    // quoted message
    {
      kind: 'quotedMsg.id on POST /messages/{ticketId}',
      why: /quotedMsg/,
      method: 'post',
      url: () => `/messages/${a.ticket.id}`,
      body: () => ({ body: 'Resposta', quotedMsg: { id: b.message.id } }),
      leak: () => count('select count(*) n from messages where company_id = ? and quoted_msg_id = ?', [a.c, b.message.id]),
    },
  ];

  it.each(cases.map((c) => [c.kind, c] as const))('%s', async (_kind, c) => {
    const res = await t.http()[c.method](c.url()).set(a.auth).send(c.body());
    expect([res.status, res.body.error]).toEqual([expect.any(Number), expect.any(String)]);
    // A refusal for the reference, not a session lost along the way.
    expect(res.body.error).not.toBe('ERR_SESSION_EXPIRED');
    expect(JSON.stringify(res.body)).toMatch(c.why);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await c.leak()).toBe(0);
    // B's record is untouched and still B's own.
    expect(await count('select count(*) n from users where id = ? and company_id = ?', [b.user.id, b.c])).toBe(1);
  });

  it('the same bodies with A’s own ids are accepted (the refusals above are about the company, not the shape)', async () => {
    const own = await t
      .http()
      .put(`/users/${a.user.id}`)
      .set(a.auth)
      .send({ whatsappId: a.whatsapp.id, queueIds: [a.queue.id] });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ whatsappId: a.whatsapp.id });
    const created = await t
      .http()
      .post('/users')
      .set(a.auth)
      .send({ name: 'Nova', email: `own-${Date.now()}@test.local`, password: 'Secret123', whatsappId: a.whatsapp.id });
    expect(created.status).toBe(201);
    const cleared = await t.http().put(`/users/${a.user.id}`).set(a.auth).send({ whatsappId: null });
    expect([cleared.status, cleared.body.whatsappId]).toEqual([200, null]);
    expect((await login(t, a.admin.email)).token).toBeTruthy();
  });
});

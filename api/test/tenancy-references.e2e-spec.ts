import { createTestApp, TestApp } from './harness';
import { login } from './factories';
import { countRows, expectRefused, referenceWorld, type ReferenceCase, type ReferenceWorld } from './factories/reference-world';

/**
 * Every reference a request body can carry (the `*Id`/`*Ids` properties of the contract's request bodies, and the
 * id lists that name records: chat members, a file list's options, a quoted message) is checked against the
 * caller's company: company B's id in company A's body is a 4xx, and nothing of A's comes to point at B's record.
 * One case per reference and route; the leak query is what would have been stored.
 */
describe('tenancy: a body naming another company’s record is refused and stores nothing (users, connections, queues)', () => {
  let t: TestApp;
  let a: ReferenceWorld;
  let b: ReferenceWorld;

  beforeAll(async () => {
    t = await createTestApp();
    a = await referenceWorld(t);
    b = await referenceWorld(t);
  }, 60_000);
  afterAll(() => t?.close());

  const count = (sql: string, params: unknown[]) => countRows(t, sql, params);

  const cases: ReferenceCase[] = [
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
  ];

  it.each(cases.map((c) => [c.kind, c] as const))('%s', (_kind, c) => expectRefused(t, a, b, c));

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

import { createTestApp, TestApp } from './harness';
import { countRows, expectRefused, referenceWorld, type ReferenceCase, type ReferenceWorld } from './factories/reference-world';

/**
 * Every reference a request body can carry (the `*Id`/`*Ids` properties of the contract's request bodies, and the
 * id lists that name records: chat members, a file list's options, a quoted message) is checked against the
 * caller's company: company B's id in company A's body is a 4xx, and nothing of A's comes to point at B's record.
 * One case per reference and route; the leak query is what would have been stored.
 */
describe('tenancy: a body naming another company’s record is refused and stores nothing (contacts, tickets, campaigns, the rest)', () => {
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

  it.each(cases.map((c) => [c.kind, c] as const))('%s', (_kind, c) => expectRefused(t, a, b, c));
});

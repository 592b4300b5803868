import type { TestApp } from '../harness';
import { createSandboxConnection } from './messaging';
import { createQueue, createQueueOption, createTenant } from './tenant';
import { agentsOf, createContact, createMessage, createTag, createTicket, createWhatsapp } from './tickets';

/** One company of tenancy-references*.e2e-spec.ts: a record of each kind a request body can name. */
export async function referenceWorld(t: TestApp) {
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
export type ReferenceWorld = Awaited<ReturnType<typeof referenceWorld>>;

export const countRows = async (t: TestApp, sql: string, params: unknown[]): Promise<number> => {
  const rows = await t.orm.em.fork().getConnection().execute<{ n: number }[]>(sql, params);
  return Number(rows[0].n);
};

export interface ReferenceCase {
  kind: string;
  method: 'post' | 'put';
  url: () => string;
  body: () => Record<string, unknown>;
  /** The refusal is about the reference: the answer names its field or says the record was not found. */
  why: RegExp;
  /** Rows of A's that point at B's record after the call: must stay 0. */
  leak: () => Promise<number>;
}

/** A's body naming B's record: refused for the reference (a 4xx naming it), nothing of A's points at B's record. */
export async function expectRefused(t: TestApp, a: ReferenceWorld, b: ReferenceWorld, c: ReferenceCase): Promise<void> {
  const count = (sql: string, params: unknown[]) => countRows(t, sql, params);
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
}

import type { CompanyId } from '../src/common/tenancy/company-id';
import { TicketNote } from '../src/ticket/notes/ticket-note.entity';
import { createTestApp, TestApp } from './harness';
import { createContact, createQueue, createTenant, createTicket, createTicketNote, createUser, login } from './factories';

const fieldsOf = (body: { fields?: { field: string; messages: string[] }[] }) => Object.fromEntries((body.fields ?? []).map((f) => [f.field, f.messages]));

describe('ticket notes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const dbNotes = (companyId: CompanyId) => t.orm.em.fork().find(TicketNote, { companyId }, { filters: false });

  /** A company with a queue, a plain user in it, and a ticket in that queue. */
  async function setup() {
    const a = await createTenant(t);
    const queue = await createQueue(t.orm, a.company.id);
    const agent = await createUser(t.orm, { companyId: a.company.id, queueIds: [queue.id], name: 'Agente' });
    const agentToken = (await login(t, agent.email)).token;
    const ticket = await createTicket(t.orm, a.company.id, { queueId: queue.id });
    return { ...a, queue, agent, agentToken, ticket };
  }

  it('adds a note by the caller and lists the ticket notes newest first with their author', async () => {
    const a = await setup();
    const first = await t
      .http()
      .post('/ticket-notes')
      .set(a.auth(a.agentToken))
      .send({ ticketId: a.ticket.id, contactId: a.ticket.contact.id, note: '  Prefere ligação à tarde ' })
      .expect(201);
    expect(first.body).toEqual({
      id: expect.any(Number),
      note: 'Prefere ligação à tarde',
      ticketId: a.ticket.id,
      contactId: a.ticket.contact.id,
      user: { id: a.agent.id, name: 'Agente' },
      createdAt: expect.any(String),
    });
    const second = await t
      .http()
      .post('/ticket-notes')
      .set(a.auth(a.adminToken))
      .send({ ticketId: a.ticket.id, contactId: a.ticket.contact.id, note: 'ok' })
      .expect(201);
    const other = await createTicket(t.orm, a.company.id, { queueId: a.queue.id });
    await createTicketNote(t.orm, other, { userId: a.agent.id, note: 'outro ticket' });

    const list = await t
      .http()
      .get('/ticket-notes/list')
      .query({ ticketId: a.ticket.id, contactId: a.ticket.contact.id })
      .set(a.auth(a.agentToken))
      .expect(200);
    expect(list.body.map((n: { id: number }) => n.id)).toEqual([second.body.id, first.body.id]);
    expect(list.body[0].user).toEqual({ id: a.admin.id, name: a.admin.name });
    const byTicket = await t.http().get('/ticket-notes/list').query({ ticketId: other.id }).set(a.auth(a.agentToken)).expect(200);
    expect(byTicket.body.map((n: { note: string }) => n.note)).toEqual(['outro ticket']);
  });

  it('validates the note (2+ characters), the ids, and that the contact is the ticket contact', async () => {
    const a = await setup();
    const post = (body: object) => t.http().post('/ticket-notes').set(a.auth(a.agentToken)).send(body);
    let res = await post({ ticketId: a.ticket.id, contactId: a.ticket.contact.id, note: ' x ' }).expect(400);
    expect(fieldsOf(res.body)).toEqual({ note: ['Too Short!'] });
    res = await post({ ticketId: a.ticket.id, contactId: a.ticket.contact.id }).expect(400);
    expect(fieldsOf(res.body).note).toContain('Required');
    res = await post({ ticketId: 'x', contactId: -1, note: 'valid' }).expect(400);
    expect(Object.keys(fieldsOf(res.body)).sort()).toEqual(['contactId', 'ticketId']);
    const stranger = await createContact(t.orm, a.company.id);
    res = await post({ ticketId: a.ticket.id, contactId: stranger.id, note: 'valid' }).expect(400);
    expect(fieldsOf(res.body)).toEqual({ contactId: ["Not the ticket's contact"] });
    res = await post({ ticketId: 99999999, contactId: a.ticket.contact.id, note: 'valid' }).expect(404);
    expect(res.body.error).toBe('ERR_NO_TICKET_FOUND');
    res = await post({ ticketId: a.ticket.id, contactId: 99999999, note: 'valid' }).expect(404);
    expect(res.body.error).toBe('ERR_NO_CONTACT_FOUND');
    await t.http().get('/ticket-notes/list').set(a.auth(a.agentToken)).expect(400);
    expect(await dbNotes(a.company.id)).toEqual([]);
  });

  it("refuses users outside the ticket's queue ('Acesso não permitido'); the assignee and managers may", async () => {
    const a = await setup();
    const otherQueue = await createQueue(t.orm, a.company.id);
    const outsider = await createUser(t.orm, { companyId: a.company.id, queueIds: [otherQueue.id] });
    const outsiderToken = (await login(t, outsider.email)).token;
    const body = { ticketId: a.ticket.id, contactId: a.ticket.contact.id, note: 'tentativa' };
    const res = await t.http().post('/ticket-notes').set(a.auth(outsiderToken)).send(body).expect(403);
    expect(res.body).toMatchObject({ error: 'ERR_NO_PERMISSION', message: 'Acesso não permitido' });
    await t.http().get('/ticket-notes/list').query({ ticketId: a.ticket.id }).set(a.auth(outsiderToken)).expect(403);
    const assigned = await createTicket(t.orm, a.company.id, { queueId: a.queue.id, userId: outsider.id, status: 'open' });
    await t.http().post('/ticket-notes').set(a.auth(outsiderToken)).send({ ticketId: assigned.id, contactId: assigned.contact.id, note: 'meu' }).expect(201);
    await t.http().post('/ticket-notes').set(a.auth(a.adminToken)).send(body).expect(201);
  });

  it('deletes a note for its author or an admin only', async () => {
    const a = await setup();
    const colleague = await createUser(t.orm, { companyId: a.company.id, queueIds: [a.queue.id] });
    const colleagueToken = (await login(t, colleague.email)).token;
    const mine = await createTicketNote(t.orm, a.ticket, { userId: a.agent.id });
    const another = await createTicketNote(t.orm, a.ticket, { userId: a.agent.id });
    let res = await t.http().delete(`/ticket-notes/${mine.id}`).set(a.auth(colleagueToken)).expect(403);
    expect(res.body.error).toBe('ERR_NO_PERMISSION');
    await t.http().delete(`/ticket-notes/${mine.id}`).set(a.auth(a.agentToken)).expect(204);
    await t.http().delete(`/ticket-notes/${another.id}`).set(a.auth(a.adminToken)).expect(204);
    res = await t.http().delete(`/ticket-notes/${mine.id}`).set(a.auth(a.agentToken)).expect(404);
    expect(res.body.error).toBe('ERR_TICKET_NOTE_NOT_FOUND');
    await t.http().delete('/ticket-notes/abc').set(a.auth(a.agentToken)).expect(400);
    expect(await dbNotes(a.company.id)).toEqual([]);
  });

  it("tenant isolation: company B cannot add to, list or delete A's notes", async () => {
    const a = await setup();
    const b = await createTenant(t);
    const note = await createTicketNote(t.orm, a.ticket, { userId: a.agent.id, note: 'segredo' });
    const bAdmin = b.auth(b.adminToken);
    let res = await t.http().post('/ticket-notes').set(bAdmin).send({ ticketId: a.ticket.id, contactId: a.ticket.contact.id, note: 'intrusa' }).expect(404);
    expect(res.body.error).toBe('ERR_NO_TICKET_FOUND');
    // B's own ticket with A's contact: the contact is not B's.
    const bTicket = await createTicket(t.orm, b.company.id);
    res = await t.http().post('/ticket-notes').set(bAdmin).send({ ticketId: bTicket.id, contactId: a.ticket.contact.id, note: 'intrusa' }).expect(404);
    expect(res.body.error).toBe('ERR_NO_CONTACT_FOUND');
    await t.http().get('/ticket-notes/list').query({ ticketId: a.ticket.id, contactId: a.ticket.contact.id }).set(bAdmin).expect(404);
    await t.http().delete(`/ticket-notes/${note.id}`).set(bAdmin).expect(404);
    expect((await dbNotes(a.company.id)).map((n) => n.note)).toEqual(['segredo']);
    expect(await dbNotes(b.company.id)).toEqual([]);
  });
});

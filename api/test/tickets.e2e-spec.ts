import { Message } from '../src/ticket/messages/message.entity';
import { Ticket } from '../src/ticket/tickets/ticket.entity';
import { createTestApp, sleep, TestApp } from './harness';
import {
  createContact,
  createQueue,
  createTenant,
  createTicket,
  createUser,
  createWhatsapp,
  login,
  setSetting,
  setUserField,
  storedTicket,
  agentsOf as agentRows,
  type TicketInput,
} from './factories';
import { ticketWorld } from './factories/ticket-world';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const fieldsOf = (body: { fields?: { field: string }[] }) => (body.fields ?? []).map((f) => f.field).sort();

describe('tickets: creation and transitions', () => {
  const agentsOf = (companyId: Parameters<typeof agentRows>[1]) => agentRows(t.orm, companyId);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A company with two queues, one connection, an admin, two attendants of queue 1 and one of queue 2. */
  async function world() {
    const tenant = await createTenant(t);
    const companyId = tenant.company.id;
    const q1 = await createQueue(t.orm, companyId, { name: `Suporte ${Math.random()}` });
    const q2 = await createQueue(t.orm, companyId, { name: `Vendas ${Math.random()}` });
    const wapp = await createWhatsapp(t.orm, companyId, { isDefault: true });
    const ana = await createUser(t.orm, { companyId, name: 'Ana', queueIds: [q1.id] });
    const bia = await createUser(t.orm, { companyId, name: 'Bia', queueIds: [q1.id] });
    const caio = await createUser(t.orm, { companyId, name: 'Caio', queueIds: [q2.id] });
    const [anaToken, biaToken, caioToken] = await Promise.all([ana, bia, caio].map(async (u) => (await login(t, u.email)).token));
    return { ...tenant, companyId, q1, q2, wapp, ana, bia, caio, anaToken, biaToken, caioToken };
  }
  type World = Awaited<ReturnType<typeof world>>;

  const put = (token: string, id: number, body: object) => t.http().put(`/tickets/${id}`).set(bearer(token)).send(body);
  const pending = (w: World, over: TicketInput = {}) =>
    createTicket(t.orm, w.companyId, { whatsappId: w.wapp.id, queueId: w.q1.id, status: 'pending', ...over });

  describe('POST /tickets', () => {
    it('opens a ticket assigned to the caller with a started attendance cycle', async () => {
      const w = await world();
      const contact = await createContact(t.orm, w.companyId, { name: 'Cliente Um' });
      const res = await t
        .http()
        .post('/tickets')
        .set(bearer(w.anaToken))
        .send({ contactId: contact.id, queueId: w.q1.id, whatsappId: w.wapp.id, status: 'open' })
        .expect(201);
      expect(res.body).toMatchObject({
        status: 'open',
        contactId: contact.id,
        contact: { id: contact.id, name: 'Cliente Um' },
        userId: w.ana.id,
        user: { id: w.ana.id, name: 'Ana' },
        queueId: w.q1.id,
        whatsappId: w.wapp.id,
        isGroup: false,
        companyId: w.companyId,
        uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      const { cycles } = await storedTicket(t.orm, res.body.id);
      expect(cycles).toHaveLength(1);
      expect(cycles[0]).toMatchObject({ userId: w.ana.id, queueId: w.q1.id, whatsappId: w.wapp.id, finishedAt: null });
      expect(cycles[0].startedAt).toBeInstanceOf(Date);
      expect(cycles[0].queuedAt).toBeInstanceOf(Date);
    });

    it('defaults to the default connection; an admin may omit the queue and assign another user', async () => {
      const w = await world();
      const contact = await createContact(t.orm, w.companyId);
      const res = await t.http().post('/tickets').set(bearer(w.adminToken)).send({ contactId: contact.id, userId: w.bia.id }).expect(201);
      expect(res.body).toMatchObject({ status: 'open', userId: w.bia.id, queueId: null, whatsappId: w.wapp.id });
    });

    it("requires a queue of a non-admin ('Selecione uma fila'), one of their own queues", async () => {
      const w = await world();
      const contact = await createContact(t.orm, w.companyId);
      const res = await t.http().post('/tickets').set(bearer(w.anaToken)).send({ contactId: contact.id, whatsappId: w.wapp.id }).expect(400);
      expect(res.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'queueId', messages: ['Selecione uma fila'] }] });
      const other = await t.http().post('/tickets').set(bearer(w.anaToken)).send({ contactId: contact.id, queueId: w.q2.id }).expect(400);
      expect(fieldsOf(other.body)).toEqual(['queueId']);
      expect(await t.orm.em.fork().count(Ticket, { contact: contact.id }, { filters: false })).toBe(0);
    });

    it('refuses a user whose createTicket is desabilitado, and a plain user assigning someone else', async () => {
      const w = await world();
      const contact = await createContact(t.orm, w.companyId);
      const forOther = await t.http().post('/tickets').set(bearer(w.anaToken)).send({ contactId: contact.id, queueId: w.q1.id, userId: w.bia.id }).expect(403);
      expect(forOther.body.error).toBe('ERR_NO_PERMISSION');
      expect(fieldsOf(forOther.body)).toEqual(['userId']);
      await setUserField(t.orm, w.ana.id, 'create_ticket', 'desabilitado');
      const res = await t.http().post('/tickets').set(bearer(w.anaToken)).send({ contactId: contact.id, queueId: w.q1.id }).expect(403);
      expect(res.body.error).toBe('ERR_NO_PERMISSION');
      expect(await t.orm.em.fork().count(Ticket, { contact: contact.id }, { filters: false })).toBe(0);
    });

    it('answers ERR_OTHER_OPEN_TICKET naming who has the contact, also for a pending ticket', async () => {
      const w = await world();
      const contact = await createContact(t.orm, w.companyId);
      await createTicket(t.orm, w.companyId, { contactId: contact.id, whatsappId: w.wapp.id, queueId: w.q1.id, status: 'open', userId: w.bia.id });
      const res = await t.http().post('/tickets').set(bearer(w.anaToken)).send({ contactId: contact.id, queueId: w.q1.id, whatsappId: w.wapp.id }).expect(409);
      expect(res.body.error).toBe('ERR_OTHER_OPEN_TICKET');
      expect(res.body.message).toContain('Bia');
      expect(res.body.fields).toEqual([{ field: 'contactId', messages: [expect.stringContaining('Bia')] }]);

      const c2 = await createContact(t.orm, w.companyId);
      await createTicket(t.orm, w.companyId, { contactId: c2.id, whatsappId: w.wapp.id, queueId: w.q1.id, status: 'pending' });
      const res2 = await t.http().post('/tickets').set(bearer(w.anaToken)).send({ contactId: c2.id, queueId: w.q1.id }).expect(409);
      expect(res2.body.error).toBe('ERR_OTHER_OPEN_TICKET');

      // A closed ticket, or another connection, is no obstacle.
      const c3 = await createContact(t.orm, w.companyId);
      await createTicket(t.orm, w.companyId, { contactId: c3.id, whatsappId: w.wapp.id, queueId: w.q1.id, status: 'closed' });
      await t.http().post('/tickets').set(bearer(w.anaToken)).send({ contactId: c3.id, queueId: w.q1.id }).expect(201);
      const wapp2 = await createWhatsapp(t.orm, w.companyId);
      await t.http().post('/tickets').set(bearer(w.anaToken)).send({ contactId: contact.id, queueId: w.q1.id, whatsappId: wapp2.id }).expect(201);
    });

    it('lets exactly one of several simultaneous creations win; the others get ERR_OTHER_OPEN_TICKET', async () => {
      const w = await world();
      const contact = await createContact(t.orm, w.companyId);
      const body = { contactId: contact.id, queueId: w.q1.id, whatsappId: w.wapp.id, status: 'open' };
      const results = await Promise.all(
        [w.anaToken, w.biaToken, w.adminToken, w.anaToken].map((token) => t.http().post('/tickets').set(bearer(token)).send(body)),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409]);
      for (const r of results.filter((x) => x.status === 409)) expect(r.body.error).toBe('ERR_OTHER_OPEN_TICKET');
      expect(await t.orm.em.fork().count(Ticket, { contact: contact.id }, { filters: false })).toBe(1);
    });

    it.each([
      ['no contact', {}, ['contactId']],
      ['contact not a number', { contactId: 'x' }, ['contactId']],
      ['queue not an integer', { contactId: 1, queueId: 1.5 }, ['queueId']],
      ['status other than open', { contactId: 1, queueId: 1, status: 'closed' }, ['status']],
      ['huge ids', { contactId: 99999999999, whatsappId: -1 }, ['contactId', 'whatsappId']],
    ])('refuses bad input (%s) with the failing fields', async (_name, body, fields) => {
      const w = await world();
      const res = await t.http().post('/tickets').set(bearer(w.adminToken)).send(body).expect(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      expect(fieldsOf(res.body)).toEqual(fields);
    });

    it("names unknown references (another company's contact, queue, connection, user) as invalid fields", async () => {
      const w = await world();
      const other = await world();
      const theirContact = await createContact(t.orm, other.companyId);
      const res = await t
        .http()
        .post('/tickets')
        .set(bearer(w.adminToken))
        .send({ contactId: theirContact.id, queueId: other.q1.id, whatsappId: other.wapp.id, userId: other.ana.id })
        .expect(400);
      expect(fieldsOf(res.body)).toEqual(['contactId', 'queueId', 'userId', 'whatsappId']);
      expect(await t.orm.em.fork().count(Ticket, { contact: theirContact.id }, { filters: false })).toBe(0);
    });

    it('answers ERR_NO_DEF_WAPP_FOUND when no connection is given and none is default', async () => {
      const tenant = await createTenant(t);
      const contact = await createContact(t.orm, tenant.company.id);
      await createWhatsapp(t.orm, tenant.company.id, { isDefault: false });
      const res = await t.http().post('/tickets').set(bearer(tenant.adminToken)).send({ contactId: contact.id }).expect(400);
      expect(res.body).toMatchObject({ error: 'ERR_NO_DEF_WAPP_FOUND', fields: [{ field: 'whatsappId' }] });
    });
  });

  describe('PUT /tickets/{id}', () => {
    it('accept: pending -> open, the caller as attendant, the cycle started; no greeting by default', async () => {
      const w = await world();
      const ticket = await pending(w);
      const res = await put(w.anaToken, ticket.id, { status: 'open', userId: w.ana.id }).expect(200);
      expect(res.body).toMatchObject({ id: ticket.id, status: 'open', userId: w.ana.id, user: { name: 'Ana' }, queueId: w.q1.id });
      const { cycles } = await storedTicket(t.orm, ticket.id);
      expect(cycles).toHaveLength(1);
      expect(cycles[0]).toMatchObject({ userId: w.ana.id, finishedAt: null });
      expect(cycles[0].startedAt!.getTime()).toBeGreaterThan(cycles[0].queuedAt!.getTime());
      await sleep(100);
      expect(await t.orm.em.fork().count(Message, { ticket: ticket.id }, { filters: false })).toBe(0);
    });

    it('accept sends the greeting on behalf of the attendant when sendGreetingAccepted is enabled, never to a group', async () => {
      const w = await world();
      await setSetting(t.orm, w.companyId, 'sendGreetingAccepted', 'enabled');
      const ticket = await pending(w);
      await put(w.anaToken, ticket.id, { status: 'open' }).expect(200);
      const msgs = await t.orm.em.fork().find(Message, { ticket: ticket.id }, { filters: false });
      expect(msgs).toHaveLength(1);
      expect(msgs[0]).toMatchObject({ fromMe: true, source: 'attendant', userId: w.ana.id });
      expect(msgs[0].body).toContain('Ana');

      const group = await pending(w, { isGroup: true });
      await put(w.anaToken, group.id, { status: 'open' }).expect(200);
      expect(await t.orm.em.fork().count(Message, { ticket: group.id }, { filters: false })).toBe(0);
    });

    it('two attendants accepting at once: one gets 200, the other 409 ERR_TICKET_ALREADY_ACCEPTED', async () => {
      const w = await world();
      for (let i = 0; i < 3; i++) {
        const ticket = await pending(w);
        const [a, b] = await Promise.all([put(w.anaToken, ticket.id, { status: 'open' }), put(w.biaToken, ticket.id, { status: 'open' })]);
        expect([a.status, b.status].sort()).toEqual([200, 409]);
        const loser = a.status === 409 ? a : b;
        const winner = a.status === 200 ? a : b;
        expect(loser.body.error).toBe('ERR_TICKET_ALREADY_ACCEPTED');
        const { ticket: stored, cycles } = await storedTicket(t.orm, ticket.id);
        expect(stored!.user!.id).toBe(winner.body.userId);
        expect(cycles).toHaveLength(1);
        expect(cycles[0].userId).toBe(winner.body.userId);
      }
    });

    it('accepting an already open ticket of someone else is ERR_TICKET_ALREADY_ACCEPTED; of oneself a no-op', async () => {
      const w = await world();
      const ticket = await pending(w, { status: 'open', userId: w.bia.id });
      expect((await put(w.anaToken, ticket.id, { status: 'open' }).expect(409)).body.error).toBe('ERR_TICKET_ALREADY_ACCEPTED');
      await put(w.biaToken, ticket.id, { status: 'open' }).expect(200);
    });

    it('return: open -> pending with no user; the cycle waits again', async () => {
      const w = await world();
      const ticket = await pending(w, { status: 'open', userId: w.ana.id });
      const res = await put(w.anaToken, ticket.id, { status: 'pending', userId: null }).expect(200);
      expect(res.body).toMatchObject({ status: 'pending', userId: null, user: null, queueId: w.q1.id });
      const { cycles } = await storedTicket(t.orm, ticket.id);
      expect(cycles[0]).toMatchObject({ userId: null, startedAt: null, finishedAt: null });
    });

    it.each(['open', 'pending'] as const)('close from %s: caller as user, queue kept, integration and prompt cleared, cycle finished', async (from) => {
      const w = await world();
      const ticket = await pending(w, {
        status: from,
        userId: from === 'open' ? w.bia.id : null,
        useIntegration: true,
        ...(await agentsOf(w.company.id)),
      });
      const res = await put(w.anaToken, ticket.id, { status: 'closed', userId: w.ana.id, queueId: w.q1.id }).expect(200);
      expect(res.body).toMatchObject({
        status: 'closed',
        userId: w.ana.id,
        queueId: w.q1.id,
        useIntegration: false,
        integrationId: null,
        promptId: null,
      });
      const { cycles } = await storedTicket(t.orm, ticket.id);
      expect(cycles).toHaveLength(1);
      expect(cycles[0].finishedAt).toBeInstanceOf(Date);
      expect(cycles[0].userId).toBe(w.ana.id);
      // Closing again is not a transition.
      expect((await put(w.anaToken, ticket.id, { status: 'closed' }).expect(409)).body.error).toBe('ERR_INVALID_TICKET_TRANSITION');
      expect((await put(w.anaToken, ticket.id, { status: 'pending' }).expect(409)).body.error).toBe('ERR_INVALID_TICKET_TRANSITION');
    });

    it('reopen: closed -> open with the caller, queue kept, a new attendance cycle', async () => {
      const w = await world();
      const ticket = await pending(w, { status: 'closed', userId: w.bia.id });
      const res = await put(w.anaToken, ticket.id, { status: 'open', userId: w.ana.id, queueId: w.q1.id }).expect(200);
      expect(res.body).toMatchObject({ status: 'open', userId: w.ana.id, queueId: w.q1.id });
      const { cycles } = await storedTicket(t.orm, ticket.id);
      expect(cycles).toHaveLength(2);
      expect(cycles[0].finishedAt).toBeInstanceOf(Date);
      expect(cycles[1]).toMatchObject({ userId: w.ana.id, queueId: w.q1.id, finishedAt: null });
      expect(cycles[1].startedAt).toBeInstanceOf(Date);
    });

    it('reopen answers ERR_OTHER_OPEN_TICKET when the contact has another active ticket on the connection', async () => {
      const w = await world();
      const contact = await createContact(t.orm, w.companyId);
      const closed = await pending(w, { contactId: contact.id, status: 'closed' });
      await pending(w, { contactId: contact.id, status: 'open', userId: w.bia.id });
      const res = await put(w.anaToken, closed.id, { status: 'open' }).expect(409);
      expect(res.body.error).toBe('ERR_OTHER_OPEN_TICKET');
      expect(res.body.message).toContain('Bia');
      expect((await storedTicket(t.orm, closed.id)).ticket!.status).toBe('closed');
    });

    it('transfer to a queue without a user: pending, no user, queued again; a notice when sendMsgTransfTicket is enabled', async () => {
      const w = await world();
      await setSetting(t.orm, w.companyId, 'sendMsgTransfTicket', 'enabled');
      const ticket = await pending(w, { status: 'open', userId: w.ana.id });
      const before = (await storedTicket(t.orm, ticket.id)).cycles[0].queuedAt!;
      const res = await put(w.anaToken, ticket.id, { queueId: w.q2.id, userId: null, status: 'pending' }).expect(200);
      expect(res.body).toMatchObject({ status: 'pending', userId: null, queueId: w.q2.id, queue: { id: w.q2.id } });
      const { cycles } = await storedTicket(t.orm, ticket.id);
      expect(cycles[0]).toMatchObject({ queueId: w.q2.id, userId: null, startedAt: null });
      expect(cycles[0].queuedAt!.getTime()).toBeGreaterThan(before.getTime());
      const msgs = await t.orm.em.fork().find(Message, { ticket: ticket.id }, { filters: false });
      expect(msgs).toHaveLength(1);
      expect(msgs[0]).toMatchObject({ source: 'system', fromMe: true });
      expect(msgs[0].body).toContain(w.q2.name);
    });

    it('transfer to a user and another connection: open for that user; no notice by default', async () => {
      const w = await world();
      const wapp2 = await createWhatsapp(t.orm, w.companyId);
      const ticket = await pending(w);
      const res = await put(w.anaToken, ticket.id, { queueId: w.q2.id, userId: w.caio.id, whatsappId: wapp2.id, status: 'open' }).expect(200);
      expect(res.body).toMatchObject({ status: 'open', userId: w.caio.id, queueId: w.q2.id, whatsappId: wapp2.id });
      const { cycles } = await storedTicket(t.orm, ticket.id);
      expect(cycles[0]).toMatchObject({ queueId: w.q2.id, userId: w.caio.id, whatsappId: wapp2.id });
      expect(cycles[0].startedAt).toBeInstanceOf(Date);
      await sleep(100);
      expect(await t.orm.em.fork().count(Message, { ticket: ticket.id }, { filters: false })).toBe(0);
    });

    it('a transfer needs a queue; unknown targets are named; nothing is half-written', async () => {
      const w = await world();
      const other = await world();
      const ticket = await pending(w, { status: 'open', userId: w.ana.id });
      expect(fieldsOf((await put(w.anaToken, ticket.id, { userId: w.bia.id }).expect(400)).body)).toEqual(['queueId']);
      expect(fieldsOf((await put(w.anaToken, ticket.id, { queueId: null, userId: w.bia.id }).expect(400)).body)).toEqual(['queueId']);
      const res = await put(w.anaToken, ticket.id, { queueId: other.q1.id, userId: other.ana.id, whatsappId: other.wapp.id }).expect(400);
      expect(fieldsOf(res.body)).toEqual(['queueId', 'userId', 'whatsappId']);
      const { ticket: stored, cycles } = await storedTicket(t.orm, ticket.id);
      expect(stored).toMatchObject({ status: 'open' });
      expect(stored!.queue!.id).toBe(w.q1.id);
      expect(stored!.user!.id).toBe(w.ana.id);
      expect(cycles[0].queueId).toBe(w.q1.id);
    });

    it('changes only integration fields when no transition is asked', async () => {
      const w = await world();
      const ticket = await pending(w, { status: 'open', userId: w.ana.id });
      const agents = await agentsOf(w.company.id);
      const res = await put(w.anaToken, ticket.id, { useIntegration: true, ...agents }).expect(200);
      expect(res.body).toMatchObject({ status: 'open', userId: w.ana.id, useIntegration: true, ...agents });
      // Another company's, or none at all: named, nothing changed.
      const other = await agentsOf((await createTenant(t)).company.id);
      const bad = await put(w.anaToken, ticket.id, { integrationId: other.integrationId, promptId: 999999 }).expect(400);
      expect(bad.body.fields.map((f: { field: string }) => f.field)).toEqual(['promptId', 'integrationId']);
      expect((await storedTicket(t.orm, ticket.id)).ticket).toMatchObject({ integrationId: agents.integrationId, promptId: agents.promptId });
    });

    it.each([
      ['bad status', { status: 'archived' }, ['status']],
      ['useIntegration not boolean', { useIntegration: 'yes' }, ['useIntegration']],
      ['userId not an integer', { userId: 'ana' }, ['userId']],
      ['queueId negative', { queueId: -3 }, ['queueId']],
      ['promptId a string', { promptId: 'x', integrationId: 1.2 }, ['integrationId', 'promptId']],
    ])('refuses bad input (%s) with the failing fields and changes nothing', async (_n, body, fields) => {
      const w = await world();
      const ticket = await pending(w);
      const res = await put(w.adminToken, ticket.id, body).expect(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      expect(fieldsOf(res.body)).toEqual(fields);
      expect((await storedTicket(t.orm, ticket.id)).ticket!.status).toBe('pending');
    });

    it("404 for unknown ids, 400 for non-numeric ones, 403 outside the caller's queues", async () => {
      const w = await world();
      expect((await put(w.adminToken, 99999999, { status: 'open' }).expect(404)).body.error).toBe('ERR_NO_TICKET_FOUND');
      expect((await t.http().put('/tickets/abc').set(bearer(w.adminToken)).send({}).expect(400)).body).toMatchObject({
        error: 'ERR_VALIDATION',
        fields: [{ field: 'id' }],
      });
      const ticket = await pending(w);
      expect((await put(w.caioToken, ticket.id, { status: 'open' }).expect(403)).body.error).toBe('ERR_NO_PERMISSION');
      expect((await storedTicket(t.orm, ticket.id)).ticket!.status).toBe('pending');
    });
  });

  describe('DELETE /tickets/{id}', () => {
    it('needs ticket-options:deleteTicket; deletes with messages and cycles', async () => {
      const w = await world();
      const ticket = await pending(w, { status: 'open', userId: w.ana.id });
      expect((await t.http().delete(`/tickets/${ticket.id}`).set(bearer(w.anaToken)).expect(403)).body.error).toBe('ERR_NO_PERMISSION');
      await t.http().delete(`/tickets/${ticket.id}`).set(bearer(w.adminToken)).expect(204);
      const { ticket: gone, cycles } = await storedTicket(t.orm, ticket.id);
      expect(gone).toBeNull();
      expect(cycles).toHaveLength(0);
      expect((await t.http().delete(`/tickets/${ticket.id}`).set(bearer(w.adminToken)).expect(404)).body.error).toBe('ERR_NO_TICKET_FOUND');
      expect((await t.http().delete('/tickets/x').set(bearer(w.adminToken)).expect(400)).body).toMatchObject({
        error: 'ERR_VALIDATION',
        fields: [{ field: 'id' }],
      });
    });
  });

  it('every ticket route answers 401 without a token', async () => {
    await t.http().get('/tickets').expect(401);
    await t.http().get('/tickets/groups').expect(401);
    await t.http().get('/tickets/1').expect(401);
    await t.http().get('/tickets/u/00000000-0000-0000-0000-000000000000').expect(401);
    await t.http().post('/tickets').send({}).expect(401);
    await t.http().put('/tickets/1').send({}).expect(401);
    await t.http().delete('/tickets/1').expect(401);
  });

  describe("inputs of the original system's clients (issue 34, src/common/http/original-inputs.ts)", () => {
    it("the header's close with promptId:false, integrationId:false; queueId/userId '' and POST's queueId/whatsappId none", async () => {
      const w = await ticketWorld(t);
      const putTicket = (id: number, body: object) => t.http().put(`/tickets/${id}`).set(w.auth(w.anaToken)).send(body);
      const withAgents = await w.mk({ status: 'open', userId: w.ana.id, useIntegration: true, ...(await agentRows(t.orm, w.companyId)) });
      const res = await putTicket(withAgents.id, { status: 'closed', userId: w.ana.id, promptId: false, integrationId: false }).expect(200);
      expect(res.body).toMatchObject({ status: 'closed' });
      const { ticket: closed } = await storedTicket(t.orm, withAgents.id);
      expect({ status: closed?.status, promptId: closed?.promptId ?? null, integrationId: closed?.integrationId ?? null }).toEqual({
        status: 'closed',
        promptId: null,
        integrationId: null,
      });

      // Return to pending from the original's list: userId none as '' (our null).
      const back = await putTicket(w.o3.id, { status: 'pending', userId: '' }).expect(200);
      expect(back.body).toMatchObject({ status: 'pending', userId: null });

      const contact = await createContact(t.orm, w.companyId);
      const created = await t.http().post('/tickets').set(w.auth(w.adminToken)).send({ contactId: contact.id, queueId: false, whatsappId: '' }).expect(201);
      // No queue (an admin may open one without); the connection falls back to the company's default.
      expect(created.body).toMatchObject({ queueId: null, whatsappId: w.wapp.id });
      await putTicket(w.p1.id, { status: 'open', userId: w.ana.id, queueId: 'fila' }).expect(400);
    });
  });
});

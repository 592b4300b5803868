import { Contact } from '../src/ticket/contacts/contact.entity';
import { Ticket } from '../src/ticket/tickets/ticket.entity';
import { User } from '../src/auth/users/user.entity';
import { connectSocket, createTestApp, eventsDelivered, record, TestApp } from './harness';
import { createContact, createQueue, createTenant, createTicket, createUser, createWhatsapp } from './factories';

/**
 * Issue 30's bulk actions on long lists: users (queues, distribution), contacts (delete) and tickets (close, transfer).
 * Each id goes through the single operation with the caller's rights: another company's id, or a missing one, is
 * reported in its result and never touched; the single operation's realtime events follow.
 */
describe('bulk actions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const em = () => t.orm.em.fork({ clear: true });
  type Result = { id: number; ok: boolean; error?: string };
  const byId = (results: Result[]) => Object.fromEntries(results.map((r) => [r.id, r.ok ? 'ok' : r.error]));

  describe('POST /users/bulk', () => {
    it("adds, removes and sets queues on many users, reports another company's user without touching it", async () => {
      const a = await createTenant(t);
      const b = await createTenant(t);
      const [q1, q2] = [await createQueue(t.orm, a.company.id), await createQueue(t.orm, a.company.id)];
      const u1 = await createUser(t.orm, { companyId: a.company.id, queueIds: [q1.id] });
      const u2 = await createUser(t.orm, { companyId: a.company.id });
      const other = await createUser(t.orm, { companyId: b.company.id });
      const queuesOf = async (id: number) =>
        (await em().findOneOrFail(User, id, { populate: ['queues'], filters: false })).queues
          .getItems()
          .map((q) => q.id)
          .sort((x, y) => x - y);
      const socket = await connectSocket(t.url, a.adminToken);
      const seen = record<{ action: string; user: { id: number } }>(socket, `company-${a.company.id}-user`);
      try {
        const add = await t
          .http()
          .post('/users/bulk')
          .set(a.auth(a.adminToken))
          .send({ ids: [u1.id, u2.id, other.id, 987654321], action: 'addQueues', queueIds: [q2.id] })
          .expect(200);
        expect(byId(add.body.results)).toEqual({ [u1.id]: 'ok', [u2.id]: 'ok', [other.id]: 'ERR_NO_USER_FOUND', 987654321: 'ERR_NO_USER_FOUND' });
        expect(add.body).toMatchObject({ okCount: 2, failedCount: 2 });
        expect(await queuesOf(u1.id)).toEqual([q1.id, q2.id].sort((x, y) => x - y));
        expect(await queuesOf(u2.id)).toEqual([q2.id]);
        expect(await queuesOf(other.id)).toEqual([]);
        await eventsDelivered(t, socket);
        expect(seen.filter((e) => e.action === 'update').map((e) => e.user.id)).toEqual([u1.id, u2.id]);

        const remove = await t
          .http()
          .post('/users/bulk')
          .set(a.auth(a.adminToken))
          .send({ ids: [u1.id, u2.id], action: 'removeQueues', queueIds: [q1.id] })
          .expect(200);
        expect(remove.body.okCount).toBe(2);
        expect(await queuesOf(u1.id)).toEqual([q2.id]);

        // Another company's queue: refused per user (as PUT /users/{id} refuses it), nothing changed.
        const foreignQueue = await createQueue(t.orm, b.company.id);
        const foreign = await t
          .http()
          .post('/users/bulk')
          .set(a.auth(a.adminToken))
          .send({ ids: [u1.id], action: 'setQueues', queueIds: [foreignQueue.id] })
          .expect(200);
        expect(foreign.body.results[0].ok).toBe(false);
        expect(await queuesOf(u1.id)).toEqual([q2.id]);
      } finally {
        socket.close();
      }
    });

    it('switches the automatic distribution for many; a plain user may not (the single rule), and bad input is a 400', async () => {
      const a = await createTenant(t);
      const u1 = await createUser(t.orm, { companyId: a.company.id });
      await t
        .http()
        .post('/users/bulk')
        .set(a.auth(a.adminToken))
        .send({ ids: [u1.id], action: 'enableDistribution' })
        .expect(200);
      expect((await em().findOneOrFail(User, u1.id, { filters: false })).automaticDistribution).toBe('habilitado');
      const plain = await t
        .http()
        .post('/users/bulk')
        .set(a.auth(a.userToken))
        .send({ ids: [u1.id], action: 'disableDistribution' })
        .expect(200);
      expect(plain.body.results[0]).toMatchObject({ ok: false, error: 'ERR_NO_PERMISSION' });
      expect((await em().findOneOrFail(User, u1.id, { filters: false })).automaticDistribution).toBe('habilitado');
      const bad = await t.http().post('/users/bulk').set(a.auth(a.adminToken)).send({ ids: [], action: 'addQueues' }).expect(400);
      expect(bad.body.error).toBe('ERR_VALIDATION');
      expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['ids', 'queueIds']);
      await t
        .http()
        .post('/users/bulk')
        .set(a.auth(a.adminToken))
        .send({ ids: Array.from({ length: 101 }, (_, i) => i + 1), action: 'enableDistribution' })
        .expect(400);
    });
  });

  describe('POST /contacts/bulk', () => {
    it("deletes many contacts with the delete events; another company's contact is reported, never deleted", async () => {
      const a = await createTenant(t);
      const b = await createTenant(t);
      const c1 = await createContact(t.orm, a.company.id);
      const c2 = await createContact(t.orm, a.company.id);
      const keep = await createContact(t.orm, a.company.id);
      const foreign = await createContact(t.orm, b.company.id);
      const socket = await connectSocket(t.url, a.adminToken);
      const seen = record<{ action: string; contactId: number }>(socket, `company-${a.company.id}-contact`);
      try {
        const res = await t
          .http()
          .post('/contacts/bulk')
          .set(a.auth(a.adminToken))
          .send({ ids: [c1.id, foreign.id, c2.id, c1.id], action: 'delete' })
          .expect(200);
        expect(res.body.results.map((r: Result) => r.id)).toEqual([c1.id, foreign.id, c2.id]);
        expect(byId(res.body.results)).toEqual({ [c1.id]: 'ok', [foreign.id]: 'ERR_NO_CONTACT_FOUND', [c2.id]: 'ok' });
        const left = (await em().find(Contact, { id: { $in: [c1.id, c2.id, keep.id, foreign.id] } }, { filters: false })).map((c) => c.id);
        expect(left.sort((x, y) => x - y)).toEqual([keep.id, foreign.id].sort((x, y) => x - y));
        await eventsDelivered(t, socket);
        expect(seen.filter((e) => e.action === 'delete').map((e) => e.contactId)).toEqual([c1.id, c2.id]);
      } finally {
        socket.close();
      }
    });

    it('needs the permission of the single delete', async () => {
      const a = await createTenant(t);
      const c = await createContact(t.orm, a.company.id);
      const res = await t
        .http()
        .post('/contacts/bulk')
        .set(a.auth(a.userToken))
        .send({ ids: [c.id], action: 'delete' });
      expect(res.status).toBe(403);
      expect(await em().findOne(Contact, c.id, { filters: false })).not.toBeNull();
    });
  });

  describe('POST /tickets/bulk', () => {
    it("closes many tickets; another company's ticket is reported and stays as it was", async () => {
      const a = await createTenant(t);
      const b = await createTenant(t);
      const w = await createWhatsapp(t.orm, a.company.id);
      const wb = await createWhatsapp(t.orm, b.company.id);
      const queue = await createQueue(t.orm, a.company.id);
      const t1 = await createTicket(t.orm, a.company.id, { whatsappId: w.id, status: 'open', userId: a.admin.id, queueId: queue.id });
      const t2 = await createTicket(t.orm, a.company.id, { whatsappId: w.id, status: 'pending', queueId: queue.id });
      const foreign = await createTicket(t.orm, b.company.id, { whatsappId: wb.id, status: 'open', userId: b.admin.id });
      const socket = await connectSocket(t.url, a.adminToken);
      const seen = record<{ action: string; ticket?: { id: number; status: string } }>(socket, `company-${a.company.id}-ticket`);
      try {
        const res = await t
          .http()
          .post('/tickets/bulk')
          .set(a.auth(a.adminToken))
          .send({ ids: [t1.id, t2.id, foreign.id], action: 'close' })
          .expect(200);
        expect(byId(res.body.results)).toEqual({ [t1.id]: 'ok', [t2.id]: 'ok', [foreign.id]: 'ERR_NO_TICKET_FOUND' });
        const status = async (id: number) => (await em().findOneOrFail(Ticket, id, { filters: false })).status;
        expect([await status(t1.id), await status(t2.id), await status(foreign.id)]).toEqual(['closed', 'closed', 'open']);
        await eventsDelivered(t, socket);
        const closed = seen.filter((e) => e.action === 'update' && e.ticket?.status === 'closed').map((e) => e.ticket!.id);
        expect(new Set(closed)).toEqual(new Set([t1.id, t2.id]));
      } finally {
        socket.close();
      }
    });

    it("transfers many tickets to a queue and an attendant; a plain user's bulk only reaches the tickets they can see", async () => {
      const a = await createTenant(t);
      const w = await createWhatsapp(t.orm, a.company.id);
      const [from, to] = [await createQueue(t.orm, a.company.id), await createQueue(t.orm, a.company.id)];
      const agent = await createUser(t.orm, { companyId: a.company.id, queueIds: [to.id] });
      const t1 = await createTicket(t.orm, a.company.id, { whatsappId: w.id, status: 'pending', queueId: from.id });
      const t2 = await createTicket(t.orm, a.company.id, { whatsappId: w.id, status: 'open', queueId: from.id, userId: a.admin.id });
      const res = await t
        .http()
        .post('/tickets/bulk')
        .set(a.auth(a.adminToken))
        .send({ ids: [t1.id, t2.id], action: 'transfer', queueId: to.id, userId: agent.id })
        .expect(200);
      expect(res.body.okCount).toBe(2);
      for (const id of [t1.id, t2.id]) {
        const ticket = await em().findOneOrFail(Ticket, id, { filters: false });
        expect([ticket.queue?.id, ticket.user?.id, ticket.status]).toEqual([to.id, agent.id, 'open']);
      }
      // The plain user of the tenant has no queue: the tickets of queue `to` are not theirs to see.
      const plain = await t
        .http()
        .post('/tickets/bulk')
        .set(a.auth(a.userToken))
        .send({ ids: [t1.id], action: 'close' })
        .expect(200);
      expect(plain.body.results[0].ok).toBe(false);
      expect((await em().findOneOrFail(Ticket, t1.id, { filters: false })).status).toBe('open');
      const missing = await t
        .http()
        .post('/tickets/bulk')
        .set(a.auth(a.adminToken))
        .send({ ids: [t1.id], action: 'transfer' })
        .expect(400);
      expect(missing.body.fields.map((f: { field: string }) => f.field)).toEqual(['queueId']);
    });
  });
});

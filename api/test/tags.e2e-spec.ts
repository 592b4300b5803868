import type { CompanyId } from '../src/common/tenancy/company-id';
import { Tag } from '../src/ticket/tags/tag.entity';
import { connectSocket, createTestApp, nextEvent, record, TestApp, eventsDelivered } from './harness';
import { createQueue, createTag, createTenant, createTicket, createUser, login, tagTicket, ticketTagIds } from './factories';
import { TAG_PALETTE } from '../src/ticket/tags/tags.service';

const fieldsOf = (body: { fields?: { field: string; messages: string[] }[] }) => Object.fromEntries((body.fields ?? []).map((f) => [f.field, f.messages]));
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe('tags and kanban', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const dbTags = (companyId: CompanyId) => t.orm.em.fork().find(Tag, { companyId }, { filters: false, orderBy: { id: 'asc' } });

  async function withSupervisor(a: Awaited<ReturnType<typeof createTenant>>) {
    const supervisor = await createUser(t.orm, { companyId: a.company.id, profile: 'supervisor' });
    return (await login(t, supervisor.email)).token;
  }

  describe('tags', () => {
    it('creates, reads, updates and deletes a tag; names unique per company, case-insensitive', async () => {
      const a = await createTenant(t);
      const b = await createTenant(t);
      const created = await t.http().post('/tags').set(a.auth(a.userToken)).send({ name: '  Orçamento ', color: '#FF0000', userId: 12345 }).expect(201);
      expect(created.body).toEqual({
        id: expect.any(Number),
        name: 'Orçamento',
        color: '#FF0000',
        kanban: 0,
        ticketsCount: 0,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const dup = await t.http().post('/tags').set(a.auth(a.userToken)).send({ name: 'ORÇAMENTO' }).expect(409);
      expect(dup.body).toMatchObject({ error: 'ERR_TAG_ALREADY_EXISTS', fields: [{ field: 'name' }] });
      await t.http().post('/tags').set(b.auth(b.userToken)).send({ name: 'Orçamento' }).expect(201);
      const withDefault = await t.http().post('/tags').set(a.auth(a.userToken)).send({ name: 'Venda_%' }).expect(201);
      expect(withDefault.body.color).toBe('#A4CCCC');
      // '_' and '%' are literal in the uniqueness check.
      await t.http().post('/tags').set(a.auth(a.userToken)).send({ name: 'VendaXY' }).expect(201);

      const got = await t.http().get(`/tags/${created.body.id}`).set(a.auth(a.userToken)).expect(200);
      expect(got.body.name).toBe('Orçamento');
      const upd = await t.http().put(`/tags/${created.body.id}`).set(a.auth(a.userToken)).send({ color: '#00ff00' }).expect(200);
      expect(upd.body).toMatchObject({ name: 'Orçamento', color: '#00ff00' });
      const clash = await t.http().put(`/tags/${created.body.id}`).set(a.auth(a.userToken)).send({ name: 'venda_%' }).expect(409);
      expect(clash.body.error).toBe('ERR_TAG_ALREADY_EXISTS');
      await t.http().put(`/tags/${created.body.id}`).set(a.auth(a.userToken)).send({ name: 'orçamento' }).expect(200);
      await t.http().delete(`/tags/${created.body.id}`).set(a.auth(a.userToken)).expect(204);
      expect((await t.http().get(`/tags/${created.body.id}`).set(a.auth(a.userToken)).expect(404)).body.error).toBe('ERR_TAG_NOT_FOUND');
      expect((await dbTags(a.company.id)).map((g) => g.name)).toEqual(['Venda_%', 'VendaXY']);
    });

    it('validates name (3+, required), colour (hex) and kanban (0/1) with the form texts, writing nothing', async () => {
      const a = await createTenant(t);
      const post = (body: object) => t.http().post('/tags').set(a.auth(a.adminToken)).send(body);
      expect(fieldsOf((await post({}).expect(400)).body).name).toContain('Obrigatório');
      expect(fieldsOf((await post({ name: ' ab ' }).expect(400)).body)).toEqual({ name: ['Mensagem muito curta'] });
      expect(fieldsOf((await post({ name: 'abc', color: 'red' }).expect(400)).body)).toEqual({ color: ['Invalid color'] });
      expect(fieldsOf((await post({ name: 'abc', color: '#12345' }).expect(400)).body)).toEqual({ color: ['Invalid color'] });
      expect(Object.keys(fieldsOf((await post({ name: 'abc', kanban: 2 }).expect(400)).body))).toEqual(['kanban']);
      expect(Object.keys(fieldsOf((await post({ name: 'x'.repeat(51) }).expect(400)).body))).toEqual(['name']);
      const tag = await createTag(t.orm, a.company.id, { name: 'Existente' });
      expect(fieldsOf((await t.http().put(`/tags/${tag.id}`).set(a.auth(a.adminToken)).send({ name: 'ab' }).expect(400)).body)).toEqual({
        name: ['Mensagem muito curta'],
      });
      await t.http().put('/tags/abc').set(a.auth(a.adminToken)).send({ name: 'abcd' }).expect(400);
      expect((await dbTags(a.company.id)).map((g) => g.name)).toEqual(['Existente']);
    });

    it('the kanban flag needs tags:kanban (admin, supervisor); plain users get 403', async () => {
      const a = await createTenant(t);
      const supervisorToken = await withSupervisor(a);
      let res = await t.http().post('/tags').set(a.auth(a.userToken)).send({ name: 'Lane', kanban: 1 }).expect(403);
      expect(res.body.error).toBe('ERR_NO_PERMISSION');
      await t.http().post('/tags').set(a.auth(a.userToken)).send({ name: 'Plain', kanban: 0 }).expect(201);
      const lane = await t.http().post('/tags').set(a.auth(supervisorToken)).send({ name: 'Lane', kanban: true }).expect(201);
      expect(lane.body.kanban).toBe(1);
      res = await t.http().put(`/tags/${lane.body.id}`).set(a.auth(a.userToken)).send({ kanban: 0 }).expect(403);
      expect(res.body.error).toBe('ERR_NO_PERMISSION');
      // Sending the current value is no change.
      await t.http().put(`/tags/${lane.body.id}`).set(a.auth(a.userToken)).send({ kanban: 1, color: '#123' }).expect(200);
      await t.http().put(`/tags/${lane.body.id}`).set(a.auth(a.adminToken)).send({ kanban: 0 }).expect(200);
      expect((await dbTags(a.company.id)).map((g) => [g.name, g.kanban])).toEqual([
        ['Plain', 0],
        ['Lane', 0],
      ]);
    });

    it('lists 20 a page with ticket counts and search; the full list and the kanban lanes', async () => {
      const a = await createTenant(t);
      const b = await createTenant(t);
      const t1 = await createTicket(t.orm, a.company.id);
      const t2 = await createTicket(t.orm, a.company.id);
      for (let i = 0; i < 21; i++) await createTag(t.orm, a.company.id, { name: `Tag ${String(i).padStart(2, '0')}` });
      const hot = await createTag(t.orm, a.company.id, { name: 'Quente', kanban: 1, ticketIds: [t1.id, t2.id] });
      const cold = await createTag(t.orm, a.company.id, { name: 'Frio', kanban: 1, ticketIds: [t1.id] });
      await createTag(t.orm, b.company.id, { name: 'Quente B', kanban: 1 });

      const p1 = await t.http().get('/tags').set(a.auth(a.userToken)).expect(200);
      expect(p1.body).toMatchObject({ count: 23, hasMore: true });
      expect(p1.body.tags).toHaveLength(20);
      expect(p1.body.tags[0]).toMatchObject({ name: 'Frio', ticketsCount: 1 });
      expect(p1.body.tags[1]).toMatchObject({ name: 'Quente', ticketsCount: 2 });
      const p2 = await t.http().get('/tags').query({ pageNumber: 2, companyId: b.company.id }).set(a.auth(a.userToken)).expect(200);
      expect(p2.body.tags.map((g: { name: string }) => g.name)).toEqual(['Tag 18', 'Tag 19', 'Tag 20']);
      expect(p2.body.hasMore).toBe(false);
      const found = await t.http().get('/tags').query({ searchParam: 'quen' }).set(a.auth(a.userToken)).expect(200);
      expect(found.body.tags.map((g: { name: string }) => g.name)).toEqual(['Quente']);

      const all = await t.http().get('/tags/list').set(a.auth(a.userToken)).expect(200);
      expect(all.body).toHaveLength(23);
      const lanes = await t.http().get('/tags/kanban').set(a.auth(a.userToken)).expect(200);
      expect(ids(lanes.body)).toEqual([cold.id, hot.id]);
      expect(lanes.body[1]).toMatchObject({ name: 'Quente', kanban: 1, ticketsCount: 2 });
    });
  });

  describe('ticket tags', () => {
    async function setup() {
      const a = await createTenant(t);
      const queue = await createQueue(t.orm, a.company.id);
      const agent = await createUser(t.orm, { companyId: a.company.id, queueIds: [queue.id] });
      const agentToken = (await login(t, agent.email)).token;
      const ticket = await createTicket(t.orm, a.company.id, { queueId: queue.id, status: 'open', userId: agent.id, lastMessage: 'Oi' });
      const laneA = await createTag(t.orm, a.company.id, { name: 'Lane A', kanban: 1 });
      const laneB = await createTag(t.orm, a.company.id, { name: 'Lane B', kanban: 1 });
      const vip = await createTag(t.orm, a.company.id, { name: 'VIP' });
      return { ...a, queue, agent, agentToken, ticket, laneA, laneB, vip };
    }

    it("sync replaces the ticket's tags and tells the sockets that see the ticket", async () => {
      const a = await setup();
      await tagTicket(t.orm, a.ticket.id, a.laneA.id);
      const socket = await connectSocket(t.url, a.agentToken);
      try {
        const event = nextEvent<{ action: string; ticket: { id: number; tags: { id: number }[] } }>(socket, `company-${a.company.id}-ticket`);
        const res = await t
          .http()
          .post('/tags/sync')
          .set(a.auth(a.agentToken))
          .send({ ticketId: a.ticket.id, tags: [{ id: a.vip.id }, { id: a.laneB.id }, { id: a.vip.id }] })
          .expect(200);
        expect(res.body).toMatchObject({ id: a.ticket.id, contact: { id: a.ticket.contact.id }, lastMessage: 'Oi' });
        expect(ids(res.body.tags)).toEqual([a.laneB.id, a.vip.id]);
        const payload = await event;
        expect(payload.action).toBe('update');
        expect(ids(payload.ticket.tags)).toEqual([a.laneB.id, a.vip.id]);
      } finally {
        socket.close();
      }
      expect(await ticketTagIds(t.orm, a.ticket.id)).toEqual([a.laneB.id, a.vip.id].sort((x, y) => x - y));
      await t.http().post('/tags/sync').set(a.auth(a.agentToken)).send({ ticketId: a.ticket.id, tags: [] }).expect(200);
      expect(await ticketTagIds(t.orm, a.ticket.id)).toEqual([]);
    });

    it('sync validates its body and refuses unknown tags, writing nothing', async () => {
      const a = await setup();
      await tagTicket(t.orm, a.ticket.id, a.vip.id);
      let res = await t
        .http()
        .post('/tags/sync')
        .set(a.auth(a.agentToken))
        .send({ ticketId: 'x', tags: [{ id: 'y' }] })
        .expect(400);
      expect(Object.keys(fieldsOf(res.body)).sort()).toEqual(['tags.0.id', 'ticketId']);
      res = await t.http().post('/tags/sync').set(a.auth(a.agentToken)).send({ ticketId: a.ticket.id }).expect(400);
      expect(Object.keys(fieldsOf(res.body))).toEqual(['tags']);
      res = await t
        .http()
        .post('/tags/sync')
        .set(a.auth(a.agentToken))
        .send({ ticketId: a.ticket.id, tags: [{ id: a.laneA.id }, { id: 99999999 }] })
        .expect(404);
      expect(res.body.error).toBe('ERR_TAG_NOT_FOUND');
      res = await t.http().post('/tags/sync').set(a.auth(a.agentToken)).send({ ticketId: 99999999, tags: [] }).expect(404);
      expect(res.body.error).toBe('ERR_NO_TICKET_FOUND');
      expect(await ticketTagIds(t.orm, a.ticket.id)).toEqual([a.vip.id]);
    });

    it('a kanban move: DELETE removes the old lane tag (other tags stay), PUT adds the new lane; each emits an update', async () => {
      const a = await setup();
      await tagTicket(t.orm, a.ticket.id, a.laneA.id);
      await tagTicket(t.orm, a.ticket.id, a.vip.id);
      const socket = await connectSocket(t.url, a.adminToken);
      const events = record<{ action: string; ticket: { id: number; tags: { id: number }[] } }>(socket, `company-${a.company.id}-ticket`);
      try {
        const removed = await t.http().delete(`/ticket-tags/${a.ticket.id}`).set(a.auth(a.agentToken)).expect(200);
        expect(ids(removed.body.tags)).toEqual([a.vip.id]);
        const added = await t.http().put(`/ticket-tags/${a.ticket.id}/${a.laneB.id}`).set(a.auth(a.agentToken)).expect(200);
        expect(ids(added.body.tags)).toEqual([a.laneB.id, a.vip.id]);
        // Adding again changes nothing.
        await t.http().put(`/ticket-tags/${a.ticket.id}/${a.laneB.id}`).set(a.auth(a.agentToken)).expect(200);
        await eventsDelivered(t, socket);
        expect(events.map((e) => [e.action, ids(e.ticket.tags)])).toEqual([
          ['update', [a.vip.id]],
          ['update', [a.laneB.id, a.vip.id]],
          ['update', [a.laneB.id, a.vip.id]],
        ]);
      } finally {
        socket.close();
      }
      // Into 'Em aberto': only the removal.
      await t.http().delete(`/ticket-tags/${a.ticket.id}`).set(a.auth(a.agentToken)).expect(200);
      expect(await ticketTagIds(t.orm, a.ticket.id)).toEqual([a.vip.id]);
      await t.http().put(`/ticket-tags/${a.ticket.id}/99999999`).set(a.auth(a.agentToken)).expect(404);
      await t.http().put(`/ticket-tags/${a.ticket.id}/x`).set(a.auth(a.agentToken)).expect(400);
      await t.http().delete('/ticket-tags/99999999').set(a.auth(a.agentToken)).expect(404);
    });

    it("users outside the ticket's queue cannot change its tags", async () => {
      const a = await setup();
      const other = await createQueue(t.orm, a.company.id);
      const outsider = await createUser(t.orm, { companyId: a.company.id, queueIds: [other.id] });
      const token = (await login(t, outsider.email)).token;
      await t.http().put(`/ticket-tags/${a.ticket.id}/${a.laneA.id}`).set(a.auth(token)).expect(403);
      await t.http().delete(`/ticket-tags/${a.ticket.id}`).set(a.auth(token)).expect(403);
      await t
        .http()
        .post('/tags/sync')
        .set(a.auth(token))
        .send({ ticketId: a.ticket.id, tags: [{ id: a.vip.id }] })
        .expect(403);
      expect(await ticketTagIds(t.orm, a.ticket.id)).toEqual([]);
    });

    it('deleting a tag removes its links and updates the open tickets that had it', async () => {
      const a = await setup();
      await tagTicket(t.orm, a.ticket.id, a.vip.id);
      const socket = await connectSocket(t.url, a.agentToken);
      try {
        const event = nextEvent<{ action: string; ticket: { id: number; tags: unknown[] } }>(socket, `company-${a.company.id}-ticket`);
        await t.http().delete(`/tags/${a.vip.id}`).set(a.auth(a.agentToken)).expect(204);
        expect(await event).toMatchObject({ action: 'update', ticket: { id: a.ticket.id, tags: [] } });
      } finally {
        socket.close();
      }
      expect(await ticketTagIds(t.orm, a.ticket.id)).toEqual([]);
    });
  });

  describe('ticketsCount (maintained counters, Migration20270108120000_tag_counts)', () => {
    it('follows every way a link comes and goes: sync, the kanban move, a deleted ticket, a deleted tag; equal to a recount', async () => {
      const a = await createTenant(t);
      const [t1, t2, t3] = [await createTicket(t.orm, a.company.id), await createTicket(t.orm, a.company.id), await createTicket(t.orm, a.company.id)];
      const hot = await createTag(t.orm, a.company.id, { name: 'Quente', kanban: 1 });
      const cold = await createTag(t.orm, a.company.id, { name: 'Frio', kanban: 1 });
      const vip = await createTag(t.orm, a.company.id, { name: 'VIP' });
      const conn = t.orm.em.fork().getConnection();
      const counts = async () =>
        Object.fromEntries(
          ((await t.http().get('/tags/list').set(a.auth(a.adminToken)).expect(200)).body as { name: string; ticketsCount: number }[]).map((g) => [
            g.name,
            g.ticketsCount,
          ]),
        );
      const recount = async () =>
        Object.fromEntries(
          (
            await conn.execute<{ name: string; n: number }[]>(
              'select g.name, (select count(*)::int from ticket_tags tt where tt.tag_id = g.id) as n from tags g where g.company_id = ?',
              [a.company.id],
            )
          ).map((r) => [r.name, r.n]),
        );
      const sync = (ticketId: number, tags: number[]) =>
        t
          .http()
          .post('/tags/sync')
          .set(a.auth(a.adminToken))
          .send({ ticketId, tags: tags.map((id) => ({ id })) })
          .expect(200);

      expect(await counts()).toEqual({ Quente: 0, Frio: 0, VIP: 0 });
      await sync(t1.id, [hot.id, vip.id]);
      await sync(t2.id, [hot.id]);
      await sync(t3.id, [cold.id, vip.id]);
      expect(await counts()).toEqual({ Quente: 2, Frio: 1, VIP: 2 });
      // The kanban move: t2 from Quente to Frio.
      await t.http().delete(`/ticket-tags/${t2.id}`).set(a.auth(a.adminToken)).expect(200);
      await t.http().put(`/ticket-tags/${t2.id}/${cold.id}`).set(a.auth(a.adminToken)).expect(200);
      await sync(t1.id, [vip.id]);
      expect(await counts()).toEqual({ Quente: 0, Frio: 2, VIP: 2 });
      expect(await counts()).toEqual(await recount());
      // A ticket deleted takes its links with it; a tag deleted goes with its counter, the others stay right.
      await conn.execute('delete from tickets where id = ?', [t3.id]);
      await t.http().delete(`/tags/${vip.id}`).set(a.auth(a.adminToken)).expect(204);
      expect(await counts()).toEqual(await recount());
      expect(await conn.execute('select count(*)::int as n from tag_counts where tag_id = ?', [vip.id])).toEqual([{ n: 0 }]);
      // A rebuild (bulk loads with triggers off) finds the same.
      const kept = await counts();
      await conn.execute('select rebuild_tag_counts(?)', [a.company.id]);
      expect(await counts()).toEqual(kept);
    });
  });

  describe('kanban board', () => {
    it('plain users get open and pending tickets of their own queues with contact, last message and tags; managers get all', async () => {
      const a = await createTenant(t);
      const q1 = await createQueue(t.orm, a.company.id);
      const q2 = await createQueue(t.orm, a.company.id);
      const agent = await createUser(t.orm, { companyId: a.company.id, queueIds: [q1.id] });
      const agentToken = (await login(t, agent.email)).token;
      const supervisorToken = await withSupervisor(a);
      const open1 = await createTicket(t.orm, a.company.id, { queueId: q1.id, status: 'open', lastMessage: 'Preciso de ajuda' });
      const pending1 = await createTicket(t.orm, a.company.id, { queueId: q1.id, status: 'pending' });
      await createTicket(t.orm, a.company.id, { queueId: q1.id, status: 'closed' });
      const open2 = await createTicket(t.orm, a.company.id, { queueId: q2.id, status: 'open' });
      const noQueue = await createTicket(t.orm, a.company.id, { status: 'pending' });
      const lane = await createTag(t.orm, a.company.id, { name: 'Lane', kanban: 1, ticketIds: [open1.id] });

      const mine = await t.http().get('/ticket/kanban').set(a.auth(agentToken)).expect(200);
      expect(Object.keys(mine.body)).toEqual(['tickets']);
      expect(ids(mine.body.tickets).sort()).toEqual([open1.id, pending1.id].sort());
      const card = mine.body.tickets.find((x: { id: number }) => x.id === open1.id);
      expect(card).toMatchObject({
        uuid: open1.uuid,
        lastMessage: 'Preciso de ajuda',
        contact: { id: open1.contact.id },
        tags: [{ id: lane.id, name: 'Lane' }],
      });
      // Asking for another queue does not widen a plain user's view.
      expect(
        (
          await t
            .http()
            .get('/ticket/kanban')
            .query({ queueIds: JSON.stringify([q2.id]) })
            .set(a.auth(agentToken))
            .expect(200)
        ).body,
      ).toEqual({ tickets: [] });

      const admin = await t.http().get('/ticket/kanban').set(a.auth(a.adminToken)).expect(200);
      expect(ids(admin.body.tickets).sort()).toEqual([open1.id, pending1.id, open2.id, noQueue.id].sort());
      const narrowed = await t
        .http()
        .get('/ticket/kanban')
        .query({ queueIds: `[${q2.id}]`, test: 'true' })
        .set(a.auth(supervisorToken))
        .expect(200);
      expect(ids(narrowed.body.tickets)).toEqual([open2.id]);

      const bad = await t.http().get('/ticket/kanban').query({ queueIds: '1,2' }).set(a.auth(a.adminToken)).expect(400);
      expect(fieldsOf(bad.body)).toEqual({ queueIds: ['Must be a JSON array of queue ids'] });
      await t.http().get('/ticket/kanban').query({ queueIds: '[0]' }).set(a.auth(a.adminToken)).expect(400);
    });

    it('needs the plan feature useKanban', async () => {
      const a = await createTenant(t, { useKanban: false });
      const res = await t.http().get('/ticket/kanban').set(a.auth(a.adminToken)).expect(403);
      expect(res.body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
    });
  });

  describe('tenant isolation', () => {
    it("company B gets 404 for A's tags and tickets on every route, and its lists never hold A's rows", async () => {
      const a = await createTenant(t);
      const b = await createTenant(t);
      const aTicket = await createTicket(t.orm, a.company.id, { status: 'open' });
      const aTag = await createTag(t.orm, a.company.id, { name: 'Tag de A', kanban: 1, ticketIds: [aTicket.id] });
      const bTicket = await createTicket(t.orm, b.company.id, { status: 'open' });
      const bTag = await createTag(t.orm, b.company.id, { name: 'Tag de B', kanban: 1 });
      const bAdmin = b.auth(b.adminToken);

      expect((await t.http().get(`/tags/${aTag.id}`).set(bAdmin).expect(404)).body.error).toBe('ERR_TAG_NOT_FOUND');
      await t.http().put(`/tags/${aTag.id}`).set(bAdmin).send({ name: 'Hacked' }).expect(404);
      await t.http().delete(`/tags/${aTag.id}`).set(bAdmin).expect(404);
      // A's ticket with B's tag, B's ticket with A's tag.
      expect((await t.http().post('/tags/sync').set(bAdmin).send({ ticketId: aTicket.id, tags: [] }).expect(404)).body.error).toBe('ERR_NO_TICKET_FOUND');
      expect(
        (
          await t
            .http()
            .post('/tags/sync')
            .set(bAdmin)
            .send({ ticketId: bTicket.id, tags: [{ id: aTag.id }] })
            .expect(404)
        ).body.error,
      ).toBe('ERR_TAG_NOT_FOUND');
      await t.http().put(`/ticket-tags/${aTicket.id}/${bTag.id}`).set(bAdmin).expect(404);
      await t.http().put(`/ticket-tags/${bTicket.id}/${aTag.id}`).set(bAdmin).expect(404);
      await t.http().delete(`/ticket-tags/${aTicket.id}`).set(bAdmin).expect(404);

      const lists = await Promise.all(['/tags', '/tags/list', '/tags/kanban', '/ticket/kanban'].map((p) => t.http().get(p).set(bAdmin).expect(200)));
      expect(ids(lists[0].body.tags)).toEqual([bTag.id]);
      expect(ids(lists[1].body)).toEqual([bTag.id]);
      expect(ids(lists[2].body)).toEqual([bTag.id]);
      expect(ids(lists[3].body.tickets)).toEqual([bTicket.id]);

      expect(await ticketTagIds(t.orm, aTicket.id)).toEqual([aTag.id]);
      expect(await ticketTagIds(t.orm, bTicket.id)).toEqual([]);
      expect((await dbTags(a.company.id)).map((g) => g.name)).toEqual(['Tag de A']);
    });
  });

  describe("inputs of the original system's clients (issue 34, src/common/http/original-inputs.ts)", () => {
    type OriginalTenant = Awaited<ReturnType<typeof createTenant>>;
    const api = (s: OriginalTenant, token = s.adminToken) => ({
      get: (path: string) => t.http().get(path).set(s.auth(token)),
      post: (path: string) => t.http().post(path).set(s.auth(token)),
      put: (path: string) => t.http().put(path).set(s.auth(token)),
    });
    it("color '' is stored as the first palette colour no other tag uses, then the next", async () => {
      const s = await createTenant(t);
      const first = await api(s).post('/tags').send({ name: 'Sem cor', color: '', kanban: 0 }).expect(201);
      expect(first.body.color).toBe(TAG_PALETTE[0]);
      const second = await api(s).post('/tags').send({ name: 'Outra sem cor', color: '' }).expect(201);
      expect(second.body.color).toBe(TAG_PALETTE[1]);
      const absent = await api(s).post('/tags').send({ name: 'Padrão' }).expect(201);
      expect(absent.body.color).toBe('#A4CCCC');
      await api(s).put(`/tags/${absent.body.id}`).send({ color: '' }).expect(200);
      expect((await api(s).get(`/tags/${absent.body.id}`).expect(200)).body.color).toBe(TAG_PALETTE[2]);
      await api(s).post('/tags').send({ name: 'Errada', color: 'azul' }).expect(400);
    });
  });
});

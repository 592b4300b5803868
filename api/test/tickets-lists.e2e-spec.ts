import { Ticket } from '../src/ticket/tickets/ticket.entity';
import { connectSocket, createTestApp, record, TestApp, eventsDelivered, isTestMarker } from './harness';
import { createContact, createQueue, createTag, createTenant, createTicket, createUser, createWhatsapp, login, setSetting, tagTicket } from './factories';
import { ticketWorld, type TicketWorld as World } from './factories/ticket-world';
import { builtStatement, tenantSql, withPooledConnection } from '../src/common/tenancy/tenant-sql';
import { buildTicketQueries, type TicketListParams } from '../src/ticket/tickets/tickets.queries';
import { ListTicketsDto } from '../src/ticket/tickets/dto/list-tickets.dto';
import { mapTicket, TICKET_POPULATE } from '../src/ticket/tickets/dto/ticket.dto';
import { forkForCompany } from '../src/common/tenancy/tenant-filter';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const fieldsOf = (body: { fields?: { field: string }[] }) => (body.fields ?? []).map((f) => f.field).sort();
const idsOf = (body: { tickets: { id: number }[] }) => body.tickets.map((x) => x.id).sort((a, b) => a - b);
const sorted = (...tickets: Ticket[]) => tickets.map((x) => x.id).sort((a, b) => a - b);

describe('tickets: lists, visibility, search, realtime, tenancy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const list = (token: string, query: Record<string, string | number> = {}, path = '/tickets') => t.http().get(path).query(query).set(bearer(token));

  describe('visibility', () => {
    let w: World;
    beforeAll(async () => {
      w = await ticketWorld(t);
    });

    it('a plain user: pending of own queues, own open tickets, closed and search of own queues; showAll ignored', async () => {
      expect(idsOf((await list(w.anaToken, { status: 'pending' }).expect(200)).body)).toEqual(sorted(w.p1));
      const open = (await list(w.anaToken, { status: 'open' }).expect(200)).body;
      expect(idsOf(open)).toEqual(sorted(w.o1, w.o3));
      expect(idsOf((await list(w.anaToken, { status: 'open', showAll: 'true' }).expect(200)).body)).toEqual(sorted(w.o1, w.o3));
      expect(idsOf((await list(w.anaToken, { status: 'closed' }).expect(200)).body)).toEqual(sorted(w.c1));
      expect(idsOf((await list(w.anaToken).expect(200)).body)).toEqual(sorted(w.p1, w.o1, w.o2, w.o3, w.c1));
      expect(open.counts).toEqual({ open: 2, pending: 1 });
      expect(open.count).toBe(2);
      expect(open.hasMore).toBe(false);
    });

    it('a plain user of another queue sees only that queue (and own tickets)', async () => {
      expect(idsOf((await list(w.caioToken, { status: 'pending' }).expect(200)).body)).toEqual(sorted(w.p2));
      expect(idsOf((await list(w.caioToken, { status: 'open' }).expect(200)).body)).toEqual([]);
      expect(idsOf((await list(w.caioToken, { status: 'closed' }).expect(200)).body)).toEqual(sorted(w.c2));
      expect(idsOf((await list(w.caioToken).expect(200)).body)).toEqual(sorted(w.p2, w.o3, w.c2));
    });

    it('admin and supervisor see everything, showAll on by default; showAll=false shows their own open tickets', async () => {
      for (const token of [w.adminToken, w.supToken]) {
        expect(idsOf((await list(token, { status: 'pending' }).expect(200)).body)).toEqual(sorted(w.p1, w.p2, w.n1));
        const open = (await list(token, { status: 'open' }).expect(200)).body;
        expect(idsOf(open)).toEqual(sorted(w.o1, w.o2, w.o3));
        expect(open.counts).toEqual({ open: 3, pending: 3 });
        const mine = (await list(token, { status: 'open', showAll: 'false' }).expect(200)).body;
        expect(idsOf(mine)).toEqual([]);
        expect(mine.counts).toEqual({ open: 0, pending: 3 });
      }
    });

    it('queueIds (a JSON array string) narrows the list, keeping tickets without a queue; filters by users', async () => {
      expect(idsOf((await list(w.adminToken, { status: 'pending', queueIds: JSON.stringify([w.q1.id]) }).expect(200)).body)).toEqual(sorted(w.p1, w.n1));
      // A plain user asking for a queue not theirs gets nothing more.
      expect(idsOf((await list(w.anaToken, { status: 'pending', queueIds: `[${w.q2.id}]` }).expect(200)).body)).toEqual([]);
      expect(idsOf((await list(w.adminToken, { users: `${w.bia.id}` }).expect(200)).body)).toEqual(sorted(w.o2, w.c1));
      expect(idsOf((await list(w.adminToken, { users: JSON.stringify([w.bia.id, w.caio.id]) }).expect(200)).body)).toEqual(sorted(w.o2, w.c1, w.c2));
    });

    it("opening a ticket: 403 ERR_NO_PERMISSION outside one's queues, unless assigned, admin or supervisor", async () => {
      const get = (token: string, x: Ticket) => t.http().get(`/tickets/${x.id}`).set(bearer(token));
      const byUuid = (token: string, x: Ticket) => t.http().get(`/tickets/u/${x.uuid}`).set(bearer(token));
      expect((await get(w.anaToken, w.p2).expect(403)).body.error).toBe('ERR_NO_PERMISSION');
      expect((await byUuid(w.anaToken, w.p2).expect(403)).body.error).toBe('ERR_NO_PERMISSION');
      expect((await get(w.anaToken, w.n1).expect(403)).body.error).toBe('ERR_NO_PERMISSION');
      const own = (await get(w.anaToken, w.o3).expect(200)).body;
      expect(own).toMatchObject({ id: w.o3.id, uuid: w.o3.uuid, status: 'open', queueId: w.q2.id, user: { id: w.ana.id, name: 'Ana' } });
      expect((await byUuid(w.anaToken, w.o2).expect(200)).body).toMatchObject({ id: w.o2.id, isGroup: false, contact: { id: w.o2.contact.id } });
      await get(w.adminToken, w.p2).expect(200);
      await get(w.supToken, w.p2).expect(200);
      expect((await get(w.anaToken, { id: 99999999 } as Ticket).expect(404)).body.error).toBe('ERR_NO_TICKET_FOUND');
      expect((await t.http().get('/tickets/u/not-a-uuid').set(bearer(w.anaToken)).expect(404)).body.error).toBe('ERR_NO_TICKET_FOUND');
      expect((await t.http().get('/tickets/abc').set(bearer(w.anaToken)).expect(400)).body).toMatchObject({
        error: 'ERR_VALIDATION',
        fields: [{ field: 'id' }],
      });
    });
  });

  describe('groups', () => {
    it('groups stay out of /tickets by default (CheckMsgIsGroup), have /tickets/groups, follow groupsTab and isGroup', async () => {
      const w = await ticketWorld(t);
      const g = await w.mk({ isGroup: true });
      const pendingIds = async () => idsOf((await list(w.adminToken, { status: 'pending' }).expect(200)).body);
      expect(await pendingIds()).toEqual(sorted(w.p1, w.p2, w.n1));
      const groups = (await list(w.adminToken, { status: 'pending' }, '/tickets/groups').expect(200)).body;
      expect(idsOf(groups)).toEqual(sorted(g));
      expect(groups.counts).toEqual({ open: 0, pending: 1 });
      expect(idsOf((await list(w.anaToken, {}, '/tickets/groups').expect(200)).body)).toEqual(sorted(g));
      expect(idsOf((await list(w.caioToken, {}, '/tickets/groups').expect(200)).body)).toEqual([]);

      await setSetting(t.orm, w.companyId, 'CheckMsgIsGroup', 'disabled');
      expect(await pendingIds()).toEqual(sorted(w.p1, w.p2, w.n1, g));
      expect(idsOf((await list(w.adminToken, { status: 'pending', isGroup: 'false' }).expect(200)).body)).toEqual(sorted(w.p1, w.p2, w.n1));
      expect(idsOf((await list(w.adminToken, { status: 'pending', isGroup: 'true' }).expect(200)).body)).toEqual(sorted(g));
      await setSetting(t.orm, w.companyId, 'groupsTab', 'enabled');
      expect(await pendingIds()).toEqual(sorted(w.p1, w.p2, w.n1));
    });

    it("a group ticket outside the caller's queues opens when groupsIsTeckets is enabled", async () => {
      const w = await ticketWorld(t);
      const g = await w.mk({ isGroup: true, queueId: w.q2.id });
      expect((await t.http().get(`/tickets/${g.id}`).set(bearer(w.anaToken)).expect(403)).body.error).toBe('ERR_NO_PERMISSION');
      await setSetting(t.orm, w.companyId, 'groupsIsTeckets', 'enabled');
      await t.http().get(`/tickets/${g.id}`).set(bearer(w.anaToken)).expect(200);
      await t.http().get(`/tickets/${w.p2.id}`).set(bearer(w.anaToken)).expect(403);
    });
  });

  describe('filters and paging', () => {
    it('tags (all of them; JSON array or comma list), unread, dates in the company time zone', async () => {
      const w = await ticketWorld(t);
      const [red, blue] = [await createTag(t.orm, w.companyId), await createTag(t.orm, w.companyId)];
      await tagTicket(t.orm, w.p1.id, red.id);
      await tagTicket(t.orm, w.p1.id, blue.id);
      await tagTicket(t.orm, w.o1.id, red.id);
      expect(idsOf((await list(w.adminToken, { tags: JSON.stringify([red.id]) }).expect(200)).body)).toEqual(sorted(w.p1, w.o1));
      expect(idsOf((await list(w.adminToken, { tags: `${red.id},${blue.id}` }).expect(200)).body)).toEqual(sorted(w.p1));

      const unread = await w.mk({ unreadMessages: 3 });
      expect(idsOf((await list(w.adminToken, { withUnreadMessages: 'true' }).expect(200)).body)).toEqual(sorted(unread));

      // 02:30 UTC on the 10th is still the 9th in São Paulo.
      const late = await w.mk({ createdAt: new Date('2026-03-10T02:30:00Z'), updatedAt: new Date('2026-03-10T02:30:00Z') });
      expect(idsOf((await list(w.adminToken, { date: '2026-03-09' }).expect(200)).body)).toEqual(sorted(late));
      expect(idsOf((await list(w.adminToken, { date: '2026-03-10' }).expect(200)).body)).toEqual([]);
      expect(idsOf((await list(w.adminToken, { updatedAt: '2026-03-09' }).expect(200)).body)).toEqual(sorted(late));

      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() - 60_000));
      const finished = idsOf((await list(w.adminToken, { finishedAt: today }).expect(200)).body);
      expect(finished).toEqual(sorted(w.c1, w.c2));
    });

    it('a list entry is the ticket as GET /tickets/:id answers it (the row loader against the entity mapper)', async () => {
      const w = await ticketWorld(t);
      const contact = await createContact(t.orm, w.companyId, {
        name: 'Zé "Aspas" \\ Ünïcode\n',
        email: 'ze@example.com',
        extraInfo: [
          { name: 'CPF', value: '123' },
          { name: 'Plano', value: 'Ouro' },
        ],
      });
      const full = await w.mk({ contactId: contact.id, status: 'open', userId: w.bia.id, unreadMessages: 2, lastMessage: 'olá\ttab' });
      const [red, blue] = [await createTag(t.orm, w.companyId), await createTag(t.orm, w.companyId)];
      await tagTicket(t.orm, full.id, blue.id);
      await tagTicket(t.orm, full.id, red.id);
      const bare = await w.mk({ queueId: null });
      for (const [ticket, status] of [
        [full, 'open'],
        [bare, 'pending'],
      ] as const) {
        const entry = (await list(w.adminToken, { status }).expect(200)).body.tickets.find((x: { id: number }) => x.id === ticket.id);
        const one = (await t.http().get(`/tickets/${ticket.id}`).set(bearer(w.adminToken)).expect(200)).body;
        expect(entry).toEqual(one);
        // Both are the row loader's; the entity mapper (events of ORM paths) gives the same ticket.
        const entity = await forkForCompany(t.orm.em, w.companyId).findOneOrFail(Ticket, { id: ticket.id }, { populate: TICKET_POPULATE });
        expect(JSON.parse(JSON.stringify(mapTicket(entity)))).toEqual(one);
        expect((await t.http().get(`/tickets/u/${ticket.uuid}`).set(bearer(w.adminToken)).expect(200)).body).toEqual(one);
      }
      const entry = (await list(w.adminToken, { status: 'open' }).expect(200)).body.tickets.find((x: { id: number }) => x.id === full.id);
      expect(entry.contact.extraInfo.map((f: { name: string }) => f.name)).toEqual(['CPF', 'Plano']);
      expect(entry.tags.map((g: { id: number }) => g.id)).toEqual([red.id, blue.id].sort((a, b) => a - b));
      expect(entry).toMatchObject({ user: { id: w.bia.id, name: 'Bia' }, queue: { id: w.q1.id }, whatsapp: { id: w.wapp.id }, unreadMessages: 2 });
    });

    it('pages of 40, most recently updated first, with hasMore and count', async () => {
      const tenant = await createTenant(t);
      const wapp = await createWhatsapp(t.orm, tenant.company.id);
      const made: Ticket[] = [];
      for (let i = 0; i < 45; i++) {
        made.push(await createTicket(t.orm, tenant.company.id, { whatsappId: wapp.id, updatedAt: new Date(Date.UTC(2026, 0, 1, 0, i)) }));
      }
      const newestFirst = made.map((x) => x.id).reverse();
      const p1 = (await list(tenant.adminToken, { status: 'pending' }).expect(200)).body;
      expect(p1.tickets.map((x: { id: number }) => x.id)).toEqual(newestFirst.slice(0, 40));
      expect(p1).toMatchObject({ count: 45, hasMore: true, counts: { pending: 45, open: 0 } });
      const p2 = (await list(tenant.adminToken, { status: 'pending', pageNumber: 2 }).expect(200)).body;
      expect(p2.tickets.map((x: { id: number }) => x.id)).toEqual(newestFirst.slice(40));
      expect(p2).toMatchObject({ count: 45, hasMore: false });
      expect((await list(tenant.adminToken, { pageNumber: 3 }).expect(200)).body).toMatchObject({ tickets: [], hasMore: false });
    });

    it("a plain user's pages are the union of their queues' slices and their own tickets elsewhere: each ticket once, in order", async () => {
      // Ana attends q1 and q2; q3 is not hers. 240 tickets over the three queues and none, the three statuses, some
      // hers, updated at shuffled instants (ties on purpose: the id breaks them).
      const tenant = await createTenant(t);
      const companyId = tenant.company.id;
      const [q1, q2, q3] = [await createQueue(t.orm, companyId), await createQueue(t.orm, companyId), await createQueue(t.orm, companyId)];
      const wapp = await createWhatsapp(t.orm, companyId);
      const ana = await createUser(t.orm, { companyId, name: 'Ana', queueIds: [q1.id, q2.id] });
      const bia = await createUser(t.orm, { companyId, name: 'Bia', queueIds: [q3.id] });
      const anaToken = (await login(t, ana.email)).token;
      const queues = [q1.id, q2.id, q3.id, null];
      const statuses = ['open', 'pending', 'closed'] as const;
      const made: { id: number; status: string; queueId: number | null; userId: number | null; updatedAt: number; unread: number }[] = [];
      for (let i = 0; i < 240; i++) {
        const status = statuses[i % 3];
        const queueId = queues[(i * 7) % 4];
        const userId = status === 'pending' ? null : i % 5 === 0 ? ana.id : bia.id;
        const updatedAt = Date.UTC(2026, 0, 1, 0, (i * 37) % 101);
        const unread = i % 4 === 0 ? 2 : 0;
        const ticket = await createTicket(t.orm, companyId, {
          whatsappId: wapp.id,
          status,
          queueId,
          userId,
          updatedAt: new Date(updatedAt),
          unreadMessages: unread,
        });
        made.push({ id: ticket.id, status, queueId, userId, updatedAt, unread });
      }
      const sees = (x: (typeof made)[number]) => x.userId === ana.id || (x.queueId !== null && [q1.id, q2.id].includes(x.queueId));
      const order = (a: (typeof made)[number], b: (typeof made)[number]) => b.updatedAt - a.updatedAt || b.id - a.id;
      const all = async (query: Record<string, string>) => {
        const ids: number[] = [];
        for (let page = 1; ; page++) {
          const body = (await list(anaToken, { ...query, pageNumber: page }).expect(200)).body;
          ids.push(...body.tickets.map((x: { id: number }) => x.id));
          if (!body.hasMore) return { ids, first: (await list(anaToken, query).expect(200)).body };
          expect(body.tickets).toHaveLength(40);
        }
      };
      const expected = (keep: (x: (typeof made)[number]) => boolean) =>
        made
          .filter((x) => sees(x) && keep(x))
          .sort(order)
          .map((x) => x.id);

      const pending = expected((x) => x.status === 'pending');
      const { ids: pendingIds, first } = await all({ status: 'pending' });
      expect(pendingIds).toEqual(pending);
      expect(first).toMatchObject({ count: pending.length, counts: { pending: pending.length } });
      const closed = expected((x) => x.status === 'closed');
      expect((await all({ status: 'closed' })).ids).toEqual(closed);
      // Her open list is her own open tickets, in any queue.
      expect((await all({ status: 'open' })).ids).toEqual(expected((x) => x.status === 'open' && x.userId === ana.id));
      // The queue filter keeps the queueless; her own tickets in q3 drop out with it.
      const q2only = expected((x) => x.status === 'closed' && (x.queueId === q2.id || x.queueId === null));
      expect((await all({ status: 'closed', queueIds: JSON.stringify([q2.id]) })).ids).toEqual(q2only);
      // The unread list has no status: its count is exact.
      const unread = expected((x) => x.unread > 0);
      const bell = await all({ withUnreadMessages: 'true' });
      expect(bell.ids).toEqual(unread);
      expect(bell.first.count).toBe(unread.length);
      // A closed list is not counted: count is what was listed so far, hasMore tells the rest.
      expect(closed.length).toBeGreaterThan(40);
      expect((await list(anaToken, { status: 'closed' }).expect(200)).body).toMatchObject({ count: 40, hasMore: true });
    });

    it.each([
      [{ status: 'archived' }, ['status']],
      [{ tags: 'red' }, ['tags']],
      [{ tags: '[1,"x"]' }, ['tags']],
      [{ queueIds: '[1,' }, ['queueIds']],
      [{ users: '-1' }, ['users']],
      [{ date: '2026-02-30' }, ['date']],
      [{ updatedAt: 'yesterday', finishedAt: '2026-1-1' }, ['finishedAt', 'updatedAt']],
      [{ showAll: 'yes', withUnreadMessages: '1', isGroup: 'x' }, ['isGroup', 'showAll', 'withUnreadMessages']],
      [{ pageNumber: 0 }, ['pageNumber']],
      [{ searchParam: 'x'.repeat(201) }, ['searchParam']],
    ])('refuses bad query %j with the failing fields', async (query, fields) => {
      const tenant = await createTenant(t);
      const res = await list(tenant.adminToken, query as Record<string, string>).expect(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      expect(fieldsOf(res.body)).toEqual(fields);
      await list(tenant.adminToken, query as Record<string, string>, '/tickets/groups').expect(400);
    });
  });

  describe('realtime', () => {
    it("a plain user's socket gets its queue's ticket updates only, and removeFromList when a ticket leaves", async () => {
      const w = await ticketWorld(t);
      const other = await createTenant(t);
      const [anaSock, caioSock, otherSock] = await Promise.all([
        connectSocket(t.url, w.anaToken),
        connectSocket(t.url, w.caioToken),
        connectSocket(t.url, other.adminToken),
      ]);
      try {
        const event = `company-${w.companyId}-ticket`;
        const anaSeen = record<{ action: string; ticket?: { id: number }; ticketId?: number }>(anaSock, event);
        const caioSeen = record<{ action: string; ticket?: { id: number }; ticketId?: number }>(caioSock, event);
        const otherSeen: unknown[] = [];
        otherSock.onAny((name: string, payload: unknown) => !isTestMarker(name) && otherSeen.push({ name, payload }));

        const ticket = await w.mk({});
        await t.http().put(`/tickets/${ticket.id}`).set(bearer(w.adminToken)).send({ status: 'open' }).expect(200);
        await t.http().put(`/tickets/${w.p2.id}`).set(bearer(w.adminToken)).send({ status: 'closed' }).expect(200);
        await eventsDelivered(t, anaSock, caioSock, otherSock);
        expect(anaSeen).toEqual([{ action: 'update', ticket: expect.objectContaining({ id: ticket.id, status: 'open', userId: w.admin.id }) }]);
        expect(caioSeen).toEqual([{ action: 'update', ticket: expect.objectContaining({ id: w.p2.id, status: 'closed' }) }]);

        anaSeen.length = 0;
        caioSeen.length = 0;
        await t.http().put(`/tickets/${ticket.id}`).set(bearer(w.adminToken)).send({ queueId: w.q2.id, userId: null, status: 'pending' }).expect(200);
        await eventsDelivered(t, anaSock, caioSock, otherSock);
        expect(anaSeen).toEqual([{ action: 'removeFromList', ticketId: ticket.id }]);
        expect(caioSeen).toEqual([{ action: 'update', ticket: expect.objectContaining({ id: ticket.id, status: 'pending', queueId: w.q2.id }) }]);

        anaSeen.length = 0;
        await t
          .http()
          .post('/tickets')
          .set(bearer(w.adminToken))
          .send({ contactId: w.p1.contact.id, queueId: w.q1.id, whatsappId: (await createWhatsapp(t.orm, w.companyId)).id })
          .expect(201);
        await t.http().delete(`/tickets/${w.p1.id}`).set(bearer(w.adminToken)).expect(204);
        await eventsDelivered(t, anaSock, caioSock, otherSock);
        expect(anaSeen.map((e) => e.action)).toEqual(['update', 'delete']);
        expect(anaSeen[1]).toEqual({ action: 'delete', ticketId: w.p1.id });
        expect(otherSeen).toEqual([]);
      } finally {
        for (const s of [anaSock, caioSock, otherSock]) s.close();
      }
    });
  });

  describe('prepared list shapes', () => {
    it('a plain status list runs as a named statement on the generic plan and answers what the planned one does; filtered lists are planned with their values', async () => {
      const w = await ticketWorld(t);
      for (let i = 0; i < 12; i++) await w.mk({ status: 'open', userId: w.ana.id, queueId: i % 3 === 0 ? null : i % 2 ? w.q1.id : w.q2.id });
      const db = tenantSql(t.orm.em, w.companyId);
      const params = (query: Partial<ListTicketsDto>, userId = w.ana.id): TicketListParams => ({
        viewer: { userId, seesAll: false, queueIds: [w.q1.id] },
        showAll: false,
        groups: 'any',
        timezone: 'America/Sao_Paulo',
        companyQueueIds: [w.q1.id, w.q2.id],
        query: Object.assign(new ListTicketsDto(), query),
      });
      const built = (query: Partial<ListTicketsDto>, userId?: number) => buildTicketQueries(db, db.knex, params(query, userId));
      for (const status of ['open', 'pending', 'closed'] as const) expect(built({ status }).prepare).toBe(true);
      for (const query of [
        { status: 'open' as const, tags: [1] },
        { status: 'open' as const, users: [1] },
        { status: 'closed' as const, date: '2026-01-01' },
        { status: 'pending' as const, withUnreadMessages: 'true' as const },
        { searchParam: 'x' },
        {},
      ]) {
        expect(built(query).prepare).toBe(false);
      }
      // A manager's list is one slice: PostgreSQL plans it with its values anyway, so it is not prepared.
      const manager = { ...params({ status: 'closed' }), viewer: { userId: w.sup.id, seesAll: true, queueIds: [] }, showAll: true };
      expect(buildTicketQueries(db, db.knex, manager).prepare).toBe(false);

      // The attendant's open list: their own tickets queue by queue and the badges, one statement.
      const open = built({ status: 'open' });
      expect(open.headWithCounts).not.toBeNull();
      const named = builtStatement(open.headWithCounts!, { prepare: true });
      expect(named.name).toMatch(/^built-\d+$/);
      // The same shape for another user is the same statement, with other values.
      const other = builtStatement(built({ status: 'open' }, w.bia.id).headWithCounts!, { prepare: true });
      expect(other.name).toBe(named.name);
      expect(other.values).not.toEqual(named.values);
      type Pg = { query(config: { name?: string; text: string; values?: unknown[] }): Promise<{ rows: Record<string, unknown>[] }> };
      await withPooledConnection<Pg, void>(db.knex, async (pg) => {
        const planned = (await pg.query({ text: named.text, values: named.values })).rows;
        expect(planned.map((r) => r.id)).toHaveLength(14); // the world's o1 and o3, and these 12
        // PostgreSQL plans the first five calls with their values, then keeps the generic plan if it is no dearer.
        for (let i = 0; i < 8; i++) expect((await pg.query(named)).rows).toEqual(planned);
        expect((await pg.query(other)).rows).toEqual((await pg.query({ text: other.text, values: other.values })).rows);
        const [stats] = (await pg.query({ text: 'select generic_plans, custom_plans from pg_prepared_statements where name = $1', values: [named.name] })).rows;
        expect(Number(stats.generic_plans)).toBeGreaterThan(0);
      });
      // And through HTTP, as before.
      expect((await list(w.anaToken, { status: 'open' }).expect(200)).body.tickets).toHaveLength(14);
    });
  });

  describe('tenant isolation', () => {
    it("another company's admin gets 404 on every route for our tickets and never lists them", async () => {
      const w = await ticketWorld(t);
      const b = await createTenant(t);
      const bq = await createQueue(t.orm, b.company.id);
      const bw = await createWhatsapp(t.orm, b.company.id, { isDefault: true });
      const bContact = await createContact(t.orm, b.company.id);
      const http = () => t.http();
      const hdr = bearer(b.adminToken);
      for (const target of [w.p1, w.o1, w.c1]) {
        expect((await http().get(`/tickets/${target.id}`).set(hdr).expect(404)).body.error).toBe('ERR_NO_TICKET_FOUND');
        expect((await http().get(`/tickets/u/${target.uuid}`).set(hdr).expect(404)).body.error).toBe('ERR_NO_TICKET_FOUND');
        for (const body of [{ status: 'open' }, { status: 'closed' }, { status: 'pending' }, { queueId: bq.id }, { useIntegration: true }]) {
          expect((await http().put(`/tickets/${target.id}`).set(hdr).send(body).expect(404)).body.error).toBe('ERR_NO_TICKET_FOUND');
        }
        expect((await http().delete(`/tickets/${target.id}`).set(hdr).expect(404)).body.error).toBe('ERR_NO_TICKET_FOUND');
      }
      const queries: Record<string, string>[] = [{}, { status: 'open' }, { status: 'pending' }, { status: 'closed' }, { searchParam: 'Contato' }];
      for (const query of queries) {
        expect((await list(b.adminToken, query).expect(200)).body).toMatchObject({ tickets: [], count: 0 });
        expect((await list(b.adminToken, query, '/tickets/groups').expect(200)).body.count).toBe(0);
      }
      // Creating with our contact (or on our connection) is a validation error for them, not a ticket.
      const res = await http().post('/tickets').set(hdr).send({ contactId: w.p1.contact.id, whatsappId: w.wapp.id }).expect(400);
      expect(fieldsOf(res.body)).toEqual(['contactId', 'whatsappId']);
      await http().post('/tickets').set(hdr).send({ contactId: bContact.id, queueId: bq.id, whatsappId: bw.id }).expect(201);
      const stored = await t.orm.em.fork().findOne(Ticket, { id: w.p1.id }, { filters: false });
      expect(stored).toMatchObject({ status: 'pending', companyId: w.companyId });
    });
  });
});

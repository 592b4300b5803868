import { createContact, createQueue, createSuperUser, createTag, createTenant, createTicket, createUser, createWhatsapp, login, tagTicket } from './factories';
import { createTestApp, TestApp } from './harness';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * The open and pending badges come from `ticket_counts`, kept by triggers on tickets
 * (Migration20261227100000_ticket_counts). Whatever writes a ticket, through the API, the ORM or a foreign key's
 * cascade, the counters must equal a count of the tickets, and the badges must equal those a scan gives.
 */
describe('tickets: the badge counters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  type Bucket = { status: string; queue_id: number | null; user_id: number | null; is_group: boolean; n: number };
  const key = (b: Bucket) => `${b.status}/${b.queue_id}/${b.user_id}/${b.is_group}`;
  /** The counters of a company, and what a count of its tickets says they should be. */
  async function buckets(companyId: number): Promise<{ kept: Record<string, number>; counted: Record<string, number> }> {
    const conn = t.orm.em.fork().getConnection();
    const kept = await conn.execute<Bucket[]>('select status, queue_id, user_id, is_group, n from ticket_counts where company_id = ? and n <> 0', [companyId]);
    const counted = await conn.execute<Bucket[]>(
      `select status, queue_id, user_id, is_group, count(*)::int as n from tickets
        where company_id = ? and status in ('open', 'pending') group by status, queue_id, user_id, is_group`,
      [companyId],
    );
    const asMap = (rows: Bucket[]) => Object.fromEntries(rows.map((b) => [key(b), b.n]));
    return { kept: asMap(kept), counted: asMap(counted) };
  }
  async function expectCountersExact(companyId: number) {
    const { kept, counted } = await buckets(companyId);
    expect(kept).toEqual(counted);
  }

  async function world() {
    const tenant = await createTenant(t);
    const companyId = tenant.company.id;
    const q1 = await createQueue(t.orm, companyId);
    const q2 = await createQueue(t.orm, companyId);
    const wapp = await createWhatsapp(t.orm, companyId, { isDefault: true });
    const ana = await createUser(t.orm, { companyId, name: 'Ana', queueIds: [q1.id, q2.id] });
    const bia = await createUser(t.orm, { companyId, name: 'Bia', queueIds: [q1.id] });
    const [anaToken, biaToken] = await Promise.all([ana, bia].map(async (u) => (await login(t, u.email)).token));
    const mk = (over: Parameters<typeof createTicket>[2] = {}) =>
      createTicket(t.orm, companyId, { whatsappId: wapp.id, status: 'pending', queueId: q1.id, ...over });
    return { ...tenant, companyId, q1, q2, wapp, ana, bia, anaToken, biaToken, mk };
  }
  const put = (token: string, id: number, body: object) => t.http().put(`/tickets/${id}`).set(bearer(token)).send(body);
  const badges = async (token: string, query: Record<string, string> = {}) =>
    (
      await t
        .http()
        .get('/tickets')
        .query({ status: 'pending', ...query })
        .set(bearer(token))
        .expect(200)
    ).body.counts as { open: number; pending: number };

  it('follow every kind of write: create, accept, transfer, return, close, reopen, delete, and queue and user deletions', async () => {
    const w = await world();
    const tickets = [];
    for (let i = 0; i < 6; i++) tickets.push(await w.mk(i % 2 ? { queueId: w.q2.id } : {}));
    await w.mk({ status: 'closed', userId: w.bia.id });
    await w.mk({ isGroup: true });
    await expectCountersExact(w.companyId);
    expect(await badges(w.adminToken)).toEqual({ open: 0, pending: 6 });

    // Through the API: a new open ticket, accepts, a transfer to another queue and user, back to pending, close, reopen.
    const contact = await createContact(t.orm, w.companyId, { name: 'Cliente' });
    await t
      .http()
      .post('/tickets')
      .set(bearer(w.anaToken))
      .send({ contactId: contact.id, queueId: w.q1.id, whatsappId: w.wapp.id, status: 'open' })
      .expect(201);
    await put(w.anaToken, tickets[0].id, { status: 'open', userId: w.ana.id }).expect(200);
    await put(w.biaToken, tickets[2].id, { status: 'open', userId: w.bia.id }).expect(200);
    await expectCountersExact(w.companyId);
    await put(w.adminToken, tickets[0].id, { queueId: w.q2.id, userId: w.bia.id }).expect(200);
    await put(w.adminToken, tickets[2].id, { status: 'pending', userId: null }).expect(200);
    await put(w.anaToken, tickets[1].id, { status: 'open', userId: w.ana.id }).expect(200);
    await put(w.anaToken, tickets[1].id, { status: 'closed' }).expect(200);
    await expectCountersExact(w.companyId);
    expect(await badges(w.adminToken)).toEqual({ open: 2, pending: 4 });
    // Ana's own open tickets (showAll off) and her queues' pending ones; Bia sees queue 1 only, plus her own.
    expect(await badges(w.anaToken)).toEqual({ open: 1, pending: 4 });
    expect(await badges(w.biaToken)).toEqual({ open: 1, pending: 2 });
    await put(w.anaToken, tickets[1].id, { status: 'open', userId: w.ana.id }).expect(200);
    await t.http().delete(`/tickets/${tickets[3].id}`).set(bearer(w.adminToken)).expect(204);
    await expectCountersExact(w.companyId);

    // Cascades: deleting a queue and a user sets their tickets' columns to null, which the counters follow.
    await t
      .http()
      .delete(`/queue/${w.q2.id}`)
      .set(bearer(w.adminToken))
      .expect((r) => expect(r.status).toBeLessThan(300));
    await expectCountersExact(w.companyId);
    await t
      .http()
      .delete(`/users/${w.bia.id}`)
      .set(bearer(w.adminToken))
      .expect((r) => expect(r.status).toBeLessThan(300));
    await expectCountersExact(w.companyId);
    expect(await badges(w.adminToken)).toEqual({ open: 3, pending: 3 });
  });

  it('give the same badges as counting the tickets, for every viewer and bucket filter', async () => {
    const w = await world();
    const tag = await createTag(t.orm, w.companyId);
    const all = [
      await w.mk(),
      await w.mk({ queueId: w.q2.id }),
      await w.mk({ queueId: null }),
      await w.mk({ status: 'open', userId: w.ana.id }),
      await w.mk({ status: 'open', userId: w.bia.id }),
      await w.mk({ status: 'open', queueId: w.q2.id, userId: w.bia.id }),
      await w.mk({ status: 'open', queueId: null, userId: w.ana.id }),
      await w.mk({ isGroup: true, status: 'open', userId: w.ana.id }),
    ];
    // Every ticket tagged: a tag filter counts the tickets themselves and must agree with the counters.
    for (const ticket of all) await tagTicket(t.orm, ticket.id, tag.id);
    const tagged = { tags: JSON.stringify([tag.id]) };
    for (const token of [w.adminToken, w.anaToken, w.biaToken]) {
      for (const query of [
        {},
        { showAll: 'false' },
        { queueIds: JSON.stringify([w.q1.id]) },
        { users: JSON.stringify([w.ana.id]) },
        { isGroup: 'true' },
      ] as Record<string, string>[]) {
        expect(await badges(token, query)).toEqual(await badges(token, { ...query, ...tagged }));
      }
    }
    expect(await badges(w.adminToken)).toEqual({ open: 4, pending: 3 });
  });

  it('stay exact under concurrent moves between the same buckets (no deadlock, nothing lost)', async () => {
    const w = await world();
    const tickets = [];
    for (let i = 0; i < 24; i++) tickets.push(await w.mk(i % 2 ? { status: 'open', userId: w.ana.id } : {}));
    // Half move pending -> open (Ana), half open -> pending, at once: each takes one bucket and adds to the other.
    const results = await Promise.all(
      tickets.map((x, i) =>
        i % 2 ? put(w.adminToken, x.id, { status: 'pending', userId: null }) : put(w.anaToken, x.id, { status: 'open', userId: w.ana.id }),
      ),
    );
    expect(results.map((r) => [r.status, r.body.error])).toEqual(tickets.map(() => [200, undefined]));
    await expectCountersExact(w.companyId);
    expect(await badges(w.adminToken)).toEqual({ open: 12, pending: 12 });
  });

  it("keep each tag link's active flag with its ticket, so tag-filtered open and pending lists and badges stay exact", async () => {
    const w = await world();
    const conn = t.orm.em.fork().getConnection();
    const vip = await createTag(t.orm, w.companyId);
    const pending = await w.mk();
    const closed = await w.mk({ status: 'closed', userId: w.ana.id });
    const sync = (ticketId: number) =>
      t
        .http()
        .post('/tags/sync')
        .set(bearer(w.adminToken))
        .send({ ticketId, tags: [{ id: vip.id }] })
        .expect(200);
    // Linked through the API (the ORM's collection), and by the factory's raw insert.
    await sync(pending.id);
    await tagTicket(t.orm, closed.id, vip.id);
    /** Links whose flag disagrees with their ticket's status: none, whatever wrote them. */
    const stale = async () =>
      (
        await conn.execute<{ n: number }[]>(
          `select count(*)::int as n from ticket_tags tt join tickets tk on tk.id = tt.ticket_id
            where tk.company_id = ? and tt.active is distinct from (tk.status in ('open', 'pending'))`,
          [w.companyId],
        )
      )[0].n;
    const tagged = async (status: string) =>
      (
        await t
          .http()
          .get('/tickets')
          .query({ status, tags: JSON.stringify([vip.id]) })
          .set(bearer(w.adminToken))
          .expect(200)
      ).body as { tickets: { id: number }[]; counts: { open: number; pending: number } };
    expect(await stale()).toBe(0);
    expect((await tagged('pending')).tickets.map((x) => x.id)).toEqual([pending.id]);
    expect((await tagged('pending')).counts).toEqual({ open: 0, pending: 1 });

    // Accept one, close it, reopen the closed one: the flags follow, and so do the lists and the badges.
    await put(w.anaToken, pending.id, { status: 'open', userId: w.ana.id }).expect(200);
    expect((await tagged('open')).tickets.map((x) => x.id)).toEqual([pending.id]);
    await put(w.anaToken, pending.id, { status: 'closed' }).expect(200);
    await put(w.anaToken, closed.id, { status: 'open', userId: w.ana.id }).expect(200);
    expect(await stale()).toBe(0);
    expect((await tagged('pending')).tickets).toEqual([]);
    expect((await tagged('open')).tickets.map((x) => x.id)).toEqual([closed.id]);
    expect((await tagged('open')).counts).toEqual({ open: 1, pending: 0 });
    expect((await tagged('closed')).tickets.map((x) => x.id)).toEqual([pending.id]);

    // A bulk load with triggers off is put right by the rebuild.
    await conn.execute(`update ticket_tags set active = not active where tag_id = ?`, [vip.id]);
    expect(await stale()).toBe(2);
    await conn.execute('select rebuild_ticket_tags_active()');
    expect(await stale()).toBe(0);
  });

  it("go with a deleted company, as do its dashboard days (the triggers run inside the company's cascade)", async () => {
    const w = await world();
    await w.mk();
    await w.mk({ status: 'open', userId: w.ana.id });
    const closed = await w.mk({ status: 'closed', userId: w.ana.id });
    // Tagged tickets too: their links go in the cascade, and the tags' counters with them.
    const tag = await createTag(t.orm, w.companyId);
    await tagTicket(t.orm, closed.id, tag.id);
    const conn = t.orm.em.fork().getConnection();
    const rows = async (table: string) =>
      (await conn.execute<{ n: number }[]>(`select count(*)::int as n from ${table} where company_id = ?`, [w.companyId]))[0].n;
    expect(await rows('ticket_counts')).toBeGreaterThan(0);
    expect(await rows('ticket_tracking_days')).toBeGreaterThan(0);
    expect(await rows('tag_counts')).toBe(1);
    const sup = await createSuperUser(t);
    const deleted = await t.http().delete(`/companies/${w.companyId}`).set(bearer(sup.token));
    expect([deleted.status, deleted.body]).toEqual([204, {}]);
    expect(await rows('ticket_counts')).toBe(0);
    expect(await rows('ticket_tracking_days')).toBe(0);
    expect(await rows('tag_counts')).toBe(0);
  });

  it("are a company's own: another company's tickets never reach its badges", async () => {
    const a = await world();
    const b = await world();
    await a.mk();
    await a.mk({ status: 'open', userId: a.ana.id });
    for (let i = 0; i < 3; i++) await b.mk();
    expect(await badges(a.adminToken)).toEqual({ open: 1, pending: 1 });
    expect(await badges(b.adminToken)).toEqual({ open: 0, pending: 3 });
    // rebuild_ticket_counts (for bulk loads without triggers) gives back the same counters.
    const conn = t.orm.em.fork().getConnection();
    const before = await buckets(a.companyId);
    await conn.execute('select rebuild_ticket_counts(?)', [a.companyId]);
    expect((await buckets(a.companyId)).kept).toEqual(before.kept);
    await expectCountersExact(b.companyId);
  });
});

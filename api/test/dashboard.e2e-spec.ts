import type { CompanyId } from '../src/common/tenancy/company-id';
import { randomUUID } from 'node:crypto';
import { User } from '../src/auth/users/user.entity';
import { Company } from '../src/tenant/companies/company.entity';
import { Contact } from '../src/ticket/contacts/contact.entity';
import { TicketTracking } from '../src/ticket/tickets/ticket-tracking.entity';
import { Ticket, TicketStatus } from '../src/ticket/tickets/ticket.entity';
import { createTestApp, TestApp } from './harness';
import { createQueue, createTenant, createUser, login } from './factories';

type Tenant = Awaited<ReturnType<typeof createTenant>>;
const at = (iso: string) => new Date(iso);
const fieldsOf = (body: { fields?: { field: string }[] }) => (body.fields ?? []).map((f) => f.field).sort();
let numberSeq = 0;

/** YYYY-MM-DD of `now` in a time zone, and calendar arithmetic on such days. */
const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('dashboard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // Direct inserts with exact timestamps: the dashboard reads what the attendance flow writes.
  async function contact(companyId: CompanyId, input: { createdAt?: Date; isGroup?: boolean } = {}): Promise<Contact> {
    const em = t.orm.em.fork();
    const c = em.create(Contact, { companyId, name: `Cliente ${++numberSeq}`, number: `55119${String(numberSeq).padStart(8, '0')}`, ...input });
    await em.flush();
    return c;
  }

  async function ticket(companyId: CompanyId, input: { status?: TicketStatus; createdAt?: Date; userId?: number; queueId?: number } = {}): Promise<Ticket> {
    const c = await contact(companyId);
    const em = t.orm.em.fork();
    const tk = em.create(Ticket, {
      companyId,
      uuid: randomUUID(),
      contact: c.id,
      status: input.status ?? 'closed',
      user: input.userId ?? null,
      queue: input.queueId ?? null,
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
    });
    await em.flush();
    return tk;
  }

  /** One attendance cycle, on a ticket of its own unless one is given. */
  async function cycle(
    companyId: CompanyId,
    input: {
      ticketId?: number;
      userId?: number | null;
      queueId?: number | null;
      queuedAt?: Date | null;
      startedAt?: Date | null;
      finishedAt?: Date | null;
      rating?: number | null;
    },
  ): Promise<TicketTracking> {
    const ticketId = input.ticketId ?? (await ticket(companyId)).id;
    const em = t.orm.em.fork();
    const tr = em.create(TicketTracking, {
      companyId,
      ticketId,
      userId: input.userId ?? null,
      queueId: input.queueId ?? null,
      queuedAt: input.queuedAt ?? null,
      startedAt: input.startedAt ?? null,
      finishedAt: input.finishedAt ?? null,
      rating: input.rating ?? null,
      createdAt: new Date(),
    });
    await em.flush();
    return tr;
  }

  const setTimezone = (companyId: CompanyId, timezone: string) => t.orm.em.fork().nativeUpdate(Company, { id: companyId }, { timezone });

  const dashboard = (tenant: Tenant, query: Record<string, string | number> = {}) =>
    t.http().get('/dashboard').query(query).set(tenant.auth(tenant.adminToken));

  const hourCounts = (series: { hour: string; count: number }[]) => Object.fromEntries(series.filter((b) => b.count > 0).map((b) => [b.hour, b.count]));

  describe('period aggregates', () => {
    let a: Tenant;
    let b: Tenant;
    let ana: User;
    let bruno: User;
    let vendas: { id: number; color: string };
    let suporte: { id: number; color: string };

    beforeAll(async () => {
      a = await createTenant(t);
      b = await createTenant(t);
      ana = await createUser(t.orm, { companyId: a.company.id, name: 'Ana' });
      bruno = await createUser(t.orm, { companyId: a.company.id, name: 'Bruno' });
      await t.orm.em.fork().nativeUpdate(User, { id: ana.id }, { online: true }, { filters: false });
      vendas = await createQueue(t.orm, a.company.id, { name: 'Vendas', color: '#111111' });
      suporte = await createQueue(t.orm, a.company.id, { name: 'Suporte', color: '#222222' });
      const A = a.company.id;

      // Period 2025-03-03..2025-03-05 in America/Sao_Paulo (UTC-3): [2025-03-03T03:00Z, 2025-03-06T03:00Z).
      await cycle(A, {
        userId: ana.id,
        queueId: vendas.id,
        queuedAt: at('2025-03-03T12:00:00Z'),
        startedAt: at('2025-03-03T12:05:00Z'),
        finishedAt: at('2025-03-03T12:35:00Z'),
        rating: 3,
      }); // wait 5, support 30
      await cycle(A, {
        userId: ana.id,
        queueId: vendas.id,
        queuedAt: at('2025-03-04T13:00:00Z'),
        startedAt: at('2025-03-04T13:15:00Z'),
        finishedAt: at('2025-03-04T13:25:00Z'),
        rating: 2,
      }); // wait 15, support 10
      await cycle(A, { userId: bruno.id, queueId: suporte.id, startedAt: at('2025-03-05T20:00:00Z'), finishedAt: at('2025-03-05T20:20:30Z') }); // no queue time, support 20.5, unrated
      await cycle(A, { queuedAt: at('2025-03-05T10:00:00Z'), finishedAt: at('2025-03-06T02:59:59Z') }); // closed unstarted, no user, no queue; last second of the period
      // Outside the period, by one second or one minute either side.
      await cycle(A, { userId: ana.id, queueId: vendas.id, startedAt: at('2025-03-06T01:00:00Z'), finishedAt: at('2025-03-06T03:00:00Z'), rating: 1 });
      await cycle(A, { userId: bruno.id, queueId: suporte.id, startedAt: at('2025-03-03T02:00:00Z'), finishedAt: at('2025-03-03T02:59:00Z'), rating: 1 });
      // Still running: not finished, not counted.
      const running = await ticket(A, { status: 'open', userId: ana.id });
      await cycle(A, { ticketId: running.id, userId: ana.id, queuedAt: at('2025-03-04T10:00:00Z'), startedAt: at('2025-03-04T10:01:00Z') });
      await ticket(A, { status: 'pending' });
      await ticket(A, { status: 'pending', queueId: vendas.id });
      // Leads: contacts (not groups) created in the period, boundaries included and excluded.
      await contact(A, { createdAt: at('2025-03-03T03:00:00Z') });
      await contact(A, { createdAt: at('2025-03-06T02:59:59Z') });
      await contact(A, { createdAt: at('2025-03-04T12:00:00Z'), isGroup: true });
      await contact(A, { createdAt: at('2025-03-06T03:00:00Z') });
      await contact(A, { createdAt: at('2025-03-03T02:59:59Z') });

      // Company B has data in the same period; none of it may reach A's dashboard, and none of A's reaches B's.
      const B = b.company.id;
      const bQueue = await createQueue(t.orm, B, { name: 'Vendas B' });
      await cycle(B, {
        userId: b.admin.id,
        queueId: bQueue.id,
        queuedAt: at('2025-03-04T12:00:00Z'),
        startedAt: at('2025-03-04T14:00:00Z'),
        finishedAt: at('2025-03-04T18:00:00Z'),
        rating: 1,
      });
      await ticket(B, { status: 'open' });
      await contact(B, { createdAt: at('2025-03-04T12:00:00Z') });
    });

    it('counts, averages, attendants and closed per user and per queue, in the company time zone', async () => {
      const res = await dashboard(a, { date_from: '2025-03-03', date_to: '2025-03-05' }).expect(200);
      expect(res.body.period).toEqual({ dateFrom: '2025-03-03', dateTo: '2025-03-05', timezone: 'America/Sao_Paulo' });
      expect(res.body.companyDueDate).toBe(a.company.dueDate);
      expect(res.body.counters).toEqual({
        supportPending: 2,
        supportHappening: 1,
        supportFinished: 4,
        leads: 2,
        avgSupportTime: 20.17, // (30 + 10 + 20.5) / 3; the unstarted cycle has no support time
        avgWaitTime: 10, // (5 + 15) / 2; cycles without both times are skipped
      });
      expect(res.body.attendants).toEqual(
        [
          { id: a.admin.id, name: a.admin.name, rating: null, avgSupportTime: null, online: false, closedTickets: 0 },
          { id: ana.id, name: 'Ana', rating: 2.5, avgSupportTime: 20, online: true, closedTickets: 2 },
          { id: bruno.id, name: 'Bruno', rating: null, avgSupportTime: 20.5, online: false, closedTickets: 1 },
          { id: a.user.id, name: a.user.name, rating: null, avgSupportTime: null, online: false, closedTickets: 0 },
        ].sort((x, y) => x.name.toLowerCase().localeCompare(y.name.toLowerCase()) || x.id - y.id),
      );
      expect(res.body.closedByUser).toEqual([
        { userId: ana.id, name: 'Ana', count: 2 },
        { userId: bruno.id, name: 'Bruno', count: 1 },
        { userId: null, name: null, count: 1 },
      ]);
      expect(res.body.closedByQueue).toEqual([
        { queueId: vendas.id, name: 'Vendas', color: '#111111', count: 2 },
        { queueId: suporte.id, name: 'Suporte', color: '#222222', count: 1 },
        { queueId: null, name: null, color: null, count: 1 },
      ]);
    });

    it("moves cycles in and out as the period's edges move", async () => {
      // One day later takes in the cycle finished at 2025-03-06 00:00 local and loses 2025-03-03's.
      const res = await dashboard(a, { date_from: '2025-03-04', date_to: '2025-03-06' }).expect(200);
      expect(res.body.counters).toMatchObject({ supportFinished: 4, leads: 2 }); // 03-04, 03-05 x2, 03-06; contacts 03-05 23:59:59 and 03-06 00:00
      const ranking = res.body.attendants.find((u: { id: number }) => u.id === ana.id);
      expect(ranking).toMatchObject({ rating: 1.5, closedTickets: 2, avgSupportTime: 65 }); // (10 + 120) / 2
      const earlier = await dashboard(a, { date_from: '2025-03-02', date_to: '2025-03-02' }).expect(200);
      expect(earlier.body.counters).toMatchObject({ supportFinished: 1, leads: 1, avgSupportTime: 59, avgWaitTime: null });
    });

    it("never counts another company's data (tenant isolation)", async () => {
      const res = await dashboard(b, { date_from: '2025-03-03', date_to: '2025-03-05' }).expect(200);
      expect(res.body.counters).toEqual({
        supportPending: 0,
        supportHappening: 1,
        supportFinished: 1,
        leads: 1,
        avgSupportTime: 240,
        avgWaitTime: 120,
      });
      expect(res.body.attendants.map((u: { id: number }) => u.id).sort()).toEqual([b.admin.id, b.user.id].sort());
      expect(res.body.attendants.find((u: { id: number }) => u.id === b.admin.id)).toMatchObject({ rating: 1, closedTickets: 1 });
      expect(res.body.closedByUser).toEqual([{ userId: b.admin.id, name: b.admin.name, count: 1 }]);
      expect(res.body.closedByQueue).toEqual([expect.objectContaining({ name: 'Vendas B', count: 1 })]);
      const hourly = await dashboard(b, { date: '2025-03-04' }).expect(200);
      expect(hourCounts(hourly.body.hourly.ticketsClosedByHour)).toEqual({ '15:00': 1 });
    });
  });

  describe('time zones', () => {
    it('a cycle finished at 02:30 UTC is the previous day in America/Sao_Paulo and the same day in UTC', async () => {
      const sp = await createTenant(t);
      const utc = await createTenant(t);
      await setTimezone(utc.company.id, 'UTC');
      for (const tenant of [sp, utc]) {
        await cycle(tenant.company.id, { userId: tenant.admin.id, startedAt: at('2025-03-10T02:00:00Z'), finishedAt: at('2025-03-10T02:30:00Z') });
      }
      const finished = async (tenant: Tenant, day: string) => (await dashboard(tenant, { date_from: day, date_to: day, date: day }).expect(200)).body;

      const sp9 = await finished(sp, '2025-03-09');
      expect(sp9.period.timezone).toBe('America/Sao_Paulo');
      expect(sp9.counters.supportFinished).toBe(1);
      expect(hourCounts(sp9.hourly.ticketsClosedByHour)).toEqual({ '23:00': 1 });
      const sp10 = await finished(sp, '2025-03-10');
      expect(sp10.counters.supportFinished).toBe(0);
      expect(hourCounts(sp10.hourly.ticketsClosedByHour)).toEqual({});

      const utc10 = await finished(utc, '2025-03-10');
      expect(utc10.period.timezone).toBe('UTC');
      expect(utc10.counters.supportFinished).toBe(1);
      expect(hourCounts(utc10.hourly.ticketsClosedByHour)).toEqual({ '02:00': 1 });
      expect((await finished(utc, '2025-03-09')).counters.supportFinished).toBe(0);
    });
  });

  describe('hourly charts', () => {
    it('buckets tickets created and cycles closed on the chosen day into 24 local hours', async () => {
      const a = await createTenant(t);
      const A = a.company.id;
      // 2025-03-09 in America/Sao_Paulo is [2025-03-09T03:00Z, 2025-03-10T03:00Z).
      for (const iso of [
        '2025-03-09T03:00:00Z',
        '2025-03-09T03:15:00Z',
        '2025-03-09T16:45:00Z',
        '2025-03-10T02:59:59Z',
        '2025-03-10T03:00:00Z',
        '2025-03-09T02:59:59Z',
      ]) {
        await ticket(A, { createdAt: at(iso) });
      }
      for (const iso of ['2025-03-09T12:00:00Z', '2025-03-09T12:59:59Z', '2025-03-10T02:00:00Z', '2025-03-10T03:00:00Z']) {
        await cycle(A, { finishedAt: at(iso) });
      }
      // The chart's day is independent of the period.
      const res = await dashboard(a, { date_from: '2024-01-01', date_to: '2024-01-01', date: '2025-03-09' }).expect(200);
      const { hourly } = res.body;
      expect(hourly.date).toBe('2025-03-09');
      expect(hourly.ticketsCreatedByHour).toHaveLength(24);
      expect(hourly.ticketsCreatedByHour.map((b: { hour: string }) => b.hour)).toEqual(
        Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`),
      );
      expect(hourly.ticketsCreatedByHour[0]).toEqual({ hour: '00:00', count: 2 });
      expect(hourCounts(hourly.ticketsCreatedByHour)).toEqual({ '00:00': 2, '13:00': 1, '23:00': 1 });
      expect(hourly.ticketsClosedByHour).toHaveLength(24);
      expect(hourCounts(hourly.ticketsClosedByHour)).toEqual({ '09:00': 2, '23:00': 1 });
      expect(res.body.counters.supportFinished).toBe(0);
    });
  });

  describe('default period and days', () => {
    it('is today without a filter; days=N is the N days ending today, in the company time zone', async () => {
      const a = await createTenant(t);
      const today = todayIn('America/Sao_Paulo');
      // Local noon (15:00 UTC, Sao Paulo being UTC-3) of today and of 2, 6, 7 and 89 days before.
      // All cycles on one ticket created yesterday, so today's hourly chart holds only the ticket created now.
      const old = await ticket(a.company.id, { createdAt: at(`${addDays(today, -1)}T15:00:00Z`) });
      for (const back of [0, 2, 6, 7, 89, 90]) {
        await cycle(a.company.id, { ticketId: old.id, userId: a.admin.id, finishedAt: at(`${addDays(today, -back)}T15:00:00Z`) });
      }
      await ticket(a.company.id, { createdAt: new Date() });

      const none = await dashboard(a).expect(200);
      expect(none.body.period).toEqual({ dateFrom: today, dateTo: today, timezone: 'America/Sao_Paulo' });
      expect(none.body.counters.supportFinished).toBe(1);
      expect(none.body.hourly.date).toBe(today);
      expect(none.body.hourly.ticketsCreatedByHour.reduce((n: number, b: { count: number }) => n + b.count, 0)).toBe(1);

      const expected: [number, number][] = [
        [0, 1],
        [3, 2],
        [7, 3],
        [15, 4],
        [30, 4],
        [60, 4],
        [90, 5],
      ];
      for (const [days, count] of expected) {
        const res = await dashboard(a, { days }).expect(200);
        expect({ days, period: res.body.period, finished: res.body.counters.supportFinished }).toEqual({
          days,
          period: { dateFrom: addDays(today, days ? -(days - 1) : 0), dateTo: today, timezone: 'America/Sao_Paulo' },
          finished: count,
        });
      }
    });

    it('accepts a range of exactly 366 days', async () => {
      const a = await createTenant(t);
      const res = await dashboard(a, { date_from: '2024-01-01', date_to: '2025-01-01' }).expect(200);
      expect(res.body.period).toMatchObject({ dateFrom: '2024-01-01', dateTo: '2025-01-01' });
    });
  });

  describe("the original system's charts: GET /dashboard/ticketsDay and /dashboard/ticketsUsers", () => {
    let a: Tenant;
    let b: Tenant;
    let ana: User;
    let bruno: User;
    const charts = (tenant: Tenant, route: 'ticketsDay' | 'ticketsUsers', query: Record<string, string | number> = {}) =>
      t.http().get(`/dashboard/${route}`).query(query).set(tenant.auth(tenant.adminToken));

    beforeAll(async () => {
      a = await createTenant(t);
      b = await createTenant(t);
      ana = await createUser(t.orm, { companyId: a.company.id, name: 'Ana' });
      bruno = await createUser(t.orm, { companyId: a.company.id, name: 'Bruno' });
      const A = a.company.id;
      // America/Sao_Paulo (UTC-3): 2025-03-03..05 is [2025-03-03T03:00Z, 2025-03-06T03:00Z).
      await cycle(A, { userId: ana.id, startedAt: at('2025-03-03T12:00:00Z'), finishedAt: at('2025-03-03T12:35:00Z') }); // 03/03 09h
      await cycle(A, { userId: ana.id, startedAt: at('2025-03-04T13:00:00Z'), finishedAt: at('2025-03-04T13:25:00Z') }); // 04/03 10h
      await cycle(A, { userId: bruno.id, startedAt: at('2025-03-04T20:00:00Z'), finishedAt: at('2025-03-04T20:20:00Z') }); // 04/03 17h
      await cycle(A, { finishedAt: at('2025-03-06T02:59:59Z') }); // 05/03 23h, no user
      await cycle(A, { userId: ana.id, finishedAt: at('2025-03-06T03:00:00Z') }); // 06/03: outside
      await cycle(A, { userId: ana.id, startedAt: at('2025-03-04T10:00:00Z') }); // running: not counted
      // Another company, the same days: never in a's charts.
      for (const iso of ['2025-03-03T12:10:00Z', '2025-03-04T13:10:00Z', '2025-03-04T13:20:00Z']) {
        await cycle(b.company.id, { userId: b.admin.id, finishedAt: at(iso) });
      }
    });

    it('counts cycles finished per local day, and per local hour over one day, as the original answers', async () => {
      const days = await charts(a, 'ticketsDay', { initialDate: '2025-03-03', finalDate: '2025-03-05' }).expect(200);
      expect(days.body).toEqual({
        count: 4,
        data: [
          { data: '03/03/2025', total: 1 },
          { data: '04/03/2025', total: 2 },
          { data: '05/03/2025', total: 1 },
        ],
      });
      const hours = await charts(a, 'ticketsDay', { initialDate: '2025-03-04', finalDate: '2025-03-04' }).expect(200);
      expect(hours.body).toEqual({
        count: 2,
        data: [
          { horario: 10, total: 1 },
          { horario: 17, total: 1 },
        ],
      });
      // Either bound alone is that one day.
      expect((await charts(a, 'ticketsDay', { initialDate: '2025-03-05' }).expect(200)).body).toEqual({ count: 1, data: [{ horario: 23, total: 1 }] });
      expect((await charts(a, 'ticketsDay', { initialDate: '2025-03-07', finalDate: '2025-03-09' }).expect(200)).body).toEqual({ count: 0, data: [] });
    });

    it('lists every user of the company with the cycles they finished, those with cycles first', async () => {
      const res = await charts(a, 'ticketsUsers', { initialDate: '2025-03-03', finalDate: '2025-03-05' }).expect(200);
      const data = res.body.data as { userId: number; nome: string; quantidade: number }[];
      expect(data.slice(0, 2)).toEqual([
        { userId: ana.id, nome: 'Ana', quantidade: 2 },
        { userId: bruno.id, nome: 'Bruno', quantidade: 1 },
      ]);
      expect(data.slice(2).map((u) => u.quantidade)).toEqual(data.slice(2).map(() => 0));
      const users = await t.orm.em.fork().find(User, { companyId: a.company.id }, { filters: false });
      expect(data.map((u) => u.userId).sort((x, y) => x - y)).toEqual(users.map((u) => u.id).sort((x, y) => x - y));
      const one = await charts(a, 'ticketsUsers', { initialDate: '2025-03-04', finalDate: '2025-03-04' }).expect(200);
      expect(one.body.data.slice(0, 2)).toEqual([
        { userId: ana.id, nome: 'Ana', quantidade: 1 },
        { userId: bruno.id, nome: 'Bruno', quantidade: 1 },
      ]);
    });

    it("never shows another company's data, whatever companyId the query names", async () => {
      const query = { initialDate: '2025-03-03', finalDate: '2025-03-05' };
      const own = (await charts(a, 'ticketsDay', query).expect(200)).body;
      expect((await charts(a, 'ticketsDay', { ...query, companyId: b.company.id }).expect(200)).body).toEqual(own);
      const users = (await charts(a, 'ticketsUsers', { ...query, companyId: b.company.id }).expect(200)).body.data as { userId: number }[];
      expect(users.map((u) => u.userId)).not.toContain(b.admin.id);
      expect(users.map((u) => u.userId)).toContain(ana.id);
      // b sees its own three cycles only.
      expect((await charts(b, 'ticketsDay', { ...query, companyId: a.company.id }).expect(200)).body).toEqual({
        count: 3,
        data: [
          { data: '03/03/2025', total: 1 },
          { data: '04/03/2025', total: 2 },
        ],
      });
      const bUsers = (await charts(b, 'ticketsUsers', query).expect(200)).body.data as { userId: number; quantidade: number }[];
      expect(bUsers[0]).toMatchObject({ userId: b.admin.id, quantidade: 3 });
      expect(bUsers.map((u) => u.userId)).not.toContain(ana.id);
    });

    it('validates the dates and is for admins and supervisors', async () => {
      const reversed = await charts(a, 'ticketsDay', { initialDate: '2025-03-10', finalDate: '2025-03-01' }).expect(400);
      expect(reversed.body.fields).toEqual([{ field: 'finalDate', messages: ['Must not be before initialDate'] }]);
      const bad = await charts(a, 'ticketsUsers', { initialDate: '2025-02-30', finalDate: "2025-03-01' or 1=1 --" }).expect(400);
      expect(fieldsOf(bad.body)).toEqual(['finalDate', 'initialDate']);
      for (const route of ['ticketsDay', 'ticketsUsers']) {
        expect((await t.http().get(`/dashboard/${route}`).set(a.auth(a.userToken)).expect(403)).body.error).toBe('ERR_NO_PERMISSION');
        await t.http().get(`/dashboard/${route}`).expect(401);
      }
    });
  });

  describe('validation and access', () => {
    let a: Tenant;
    beforeAll(async () => {
      a = await createTenant(t);
    });

    it.each([
      [{ date_from: '2025-02-30', date_to: '2025-03-01' }, ['date_from']],
      [{ date_from: '03/01/2025', date_to: '2025-03-01T00:00' }, ['date_from', 'date_to']],
      [{ date_from: '2025-03-10', date_to: '2025-03-01' }, ['date_to']],
      [{ date_from: '2024-01-01', date_to: '2025-01-02' }, ['date_to']],
      [{ date_from: '2025-03-01' }, ['date_to']],
      [{ date_to: '2025-03-01' }, ['date_from']],
      [{ days: 5 }, ['days']],
      [{ days: 'week' }, ['days']],
      [{ days: 7, date_from: '2025-03-01', date_to: '2025-03-02' }, ['days']],
      [{ date: '2025-13-01' }, ['date']],
      [{ date: "2025-03-01' or 1=1 --" }, ['date']],
    ])('rejects %j with 400 ERR_VALIDATION naming %j', async (query, fields) => {
      const res = await dashboard(a, query as Record<string, string | number>).expect(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      expect(fieldsOf(res.body)).toEqual(fields);
    });

    it('explains the range errors', async () => {
      const reversed = await dashboard(a, { date_from: '2025-03-10', date_to: '2025-03-01' }).expect(400);
      expect(reversed.body.fields).toEqual([{ field: 'date_to', messages: ['Must not be before date_from'] }]);
      const long = await dashboard(a, { date_from: '2024-01-01', date_to: '2025-01-02' }).expect(400);
      expect(long.body.fields).toEqual([{ field: 'date_to', messages: ['Must be at most 366 days after date_from'] }]);
    });

    it('is for admins and supervisors: a plain user gets 403, no token 401', async () => {
      const supervisor = await createUser(t.orm, { companyId: a.company.id, profile: 'supervisor' });
      const supervisorToken = (await login(t, supervisor.email)).token;
      await t.http().get('/dashboard').set(a.auth(supervisorToken)).expect(200);
      const res = await t.http().get('/dashboard').set(a.auth(a.userToken)).expect(403);
      expect(res.body.error).toBe('ERR_NO_PERMISSION');
      await t.http().get('/dashboard').expect(401);
    });
  });
});

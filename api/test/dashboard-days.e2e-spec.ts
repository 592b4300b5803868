import { Company } from '../src/tenant/companies/company.entity';
import { TicketTracking } from '../src/ticket/tickets/ticket-tracking.entity';
import { createTenant, createTicket, createUser, createQueue } from './factories';
import { createTestApp, TestApp } from './harness';

/**
 * The dashboard's period figures come from `ticket_tracking_days`, kept by triggers on ticket_trackings and companies
 * (Migration20261227110000_dashboard_days). Whatever writes a cycle, the rollup must equal a fold of the cycles.
 */
describe('dashboard: the daily rollup of attendance cycles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The rollup of a company, and what folding its cycles in the company's time zone says it should be. */
  async function days(companyId: number) {
    const conn = t.orm.em.fork().getConnection();
    const cols = `day::text as day, user_id, queue_id, n::int, support_s::float8, support_n::int, wait_s::float8, wait_n::int, rating_s::int, rating_n::int`;
    const kept = await conn.execute(`select ${cols} from ticket_tracking_days where company_id = ? and n <> 0 order by day, user_id, queue_id`, [companyId]);
    const folded = await conn.execute(
      `select ${cols} from (
         select (r.finished_at at time zone c.timezone)::date as day, r.user_id, r.queue_id, count(*) as n,
                coalesce(sum(extract(epoch from r.finished_at - r.started_at)), 0) as support_s, count(r.started_at) as support_n,
                coalesce(sum(extract(epoch from r.started_at - r.queued_at)), 0) as wait_s, count(r.started_at - r.queued_at) as wait_n,
                coalesce(sum(r.rating) filter (where r.rating between 1 and 3), 0) as rating_s, count(*) filter (where r.rating between 1 and 3) as rating_n
           from ticket_trackings r join companies c on c.id = r.company_id
          where r.company_id = ? and r.finished_at is not null group by 1, 2, 3) x
        order by day, user_id, queue_id`,
      [companyId],
    );
    return { kept, folded };
  }
  const expectExact = async (companyId: number) => {
    const { kept, folded } = await days(companyId);
    expect(kept).toEqual(folded);
  };

  it('follows cycles closed, rated later, reopened, moved, deleted with their ticket, and a time zone change', async () => {
    const a = await createTenant(t);
    const b = await createTenant(t);
    const companyId = a.company.id;
    const q = await createQueue(t.orm, companyId);
    const ana = await createUser(t.orm, { companyId, name: 'Ana', queueIds: [q.id] });
    const em = t.orm.em.fork();
    const at = (iso: string) => new Date(iso);
    const cycle = async (over: Partial<TicketTracking>) => {
      const ticket = await createTicket(t.orm, companyId, { status: 'open', queueId: q.id, userId: ana.id });
      const tr = em.create(TicketTracking, {
        companyId,
        ticketId: ticket.id,
        userId: ana.id,
        queueId: q.id,
        queuedAt: at('2025-03-03T02:00:00Z'),
        startedAt: at('2025-03-03T02:10:00Z'),
        finishedAt: at('2025-03-03T02:40:30Z'),
        rating: null,
        createdAt: new Date(),
        ...over,
      });
      await em.flush();
      return { ticket, tr };
    };
    // 02:40 UTC is still the 2nd in São Paulo; one cycle unstarted, one open (not counted), one of another company.
    const one = await cycle({});
    const two = await cycle({ startedAt: null, finishedAt: at('2025-03-03T12:00:00Z') });
    const open = await cycle({ finishedAt: null });
    await createTicket(t.orm, b.company.id, { status: 'closed' });
    await expectExact(companyId);
    expect((await days(companyId)).kept.map((d) => d.day)).toEqual(['2025-03-02', '2025-03-03']);

    one.tr.rating = 3; // rated after the close
    two.tr.userId = null; // the attendant left
    open.tr.finishedAt = at('2025-03-05T15:00:00Z'); // closed now
    await em.flush();
    await expectExact(companyId);
    one.tr.rating = 9; // out of the 1 to 3 scale: no longer a rating
    one.tr.finishedAt = null; // reopened
    await em.flush();
    await expectExact(companyId);

    await em.getConnection().execute('delete from tickets where id = ?', [two.ticket.id], 'run'); // its cycles go with it (cascade)
    await expectExact(companyId);
    await t.orm.em.fork().nativeUpdate(Company, { id: companyId }, { timezone: 'Asia/Tokyo' });
    await expectExact(companyId);
    expect((await days(companyId)).kept.map((d) => d.day)).toEqual(['2025-03-06']);
    await expectExact(b.company.id);
  });
});

import type { CompanyId } from '../../common/company-id';
import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { forkForCompany } from '../../database/tenant-filter';
import { tenantSql } from '../../database/tenant-sql';
import { SettingsService } from '../../tenant/settings/settings.service';
import type { TicketDto } from '../../ticket/tickets/dto/ticket.dto';
import { TicketSystemTransitionsService } from '../../ticket/tickets/ticket-system-transitions.service';
import type { Ticket } from '../../ticket/tickets/ticket.entity';
import { DistributionRules, distributionRules, waitsForPeople } from './distribution.rules';

/**
 * Automatic distribution (setting AutomaticDistribution): a ticket waiting in a queue, with no attendant, no bot
 * menu and no agent answering it, goes to a user of that queue whose profile has automaticDistribution
 * 'habilitado' (and who is online, with UsersOnline), below NumberOfTickets open tickets. Fairness: the user
 * with the fewest open tickets, then the one who waited longest since their last distributed ticket, then the
 * lowest id.
 *
 * Atomic across processes: the choice and the assignment run in one transaction holding the ticket's row lock
 * and a company-wide advisory lock, so two arrivals on two processes never both count a user below capacity,
 * and a ticket is assigned at most once (the ticket must still be pending with no user under its lock).
 */
@Injectable()
export class DistributionService {
  private readonly log = new Logger('Distribution');

  constructor(
    private readonly em: EntityManager,
    private readonly settings: SettingsService,
    private readonly system: TicketSystemTransitionsService,
  ) {}

  async rules(companyId: CompanyId): Promise<DistributionRules> {
    return distributionRules(await this.settings.valuesOf(companyId, ['AutomaticDistribution', 'NumberOfTickets', 'UsersOnline']));
  }

  /** Offers one waiting ticket to the queue's users; answers the ticket when someone got it. */
  async distribute(companyId: CompanyId, ticketId: number, rules?: DistributionRules): Promise<TicketDto | null> {
    const r = rules ?? (await this.rules(companyId));
    if (!r.enabled) return null;
    try {
      return await this.system.assign(companyId, ticketId, (em, ticket) => this.pick(em, ticket, r));
    } catch (e) {
      this.log.warn(`ticket ${ticketId} not distributed: ${String(e)}`);
      return null;
    }
  }

  /** Offers every waiting ticket of the company, oldest first, until nobody can take more (the sweeper, a freed attendant). */
  async fill(companyId: CompanyId, limit = 200): Promise<number> {
    const r = await this.rules(companyId);
    if (!r.enabled) return 0;
    const waiting = await tenantSql(forkForCompany(this.em, companyId), companyId).execute<{ id: number }>(
      `select t.id from tickets t
        where t.company_id = :companyId and t.status = 'pending' and t.user_id is null and t.queue_id is not null and t.is_group = false
          and t.use_integration = false and t.prompt_id is null
          and not exists (select 1 from ticket_bots b where b.ticket_id = t.id and b.stage is not null)
        order by t.updated_at, t.id limit ?`,
      [limit],
    );
    let assigned = 0;
    for (const { id } of waiting) {
      if (await this.distribute(companyId, id, r)) assigned += 1;
      else if (!(await this.anyoneFree(companyId, r))) break;
    }
    return assigned;
  }

  private async anyoneFree(companyId: CompanyId, r: DistributionRules): Promise<boolean> {
    const rows = await tenantSql(forkForCompany(this.em, companyId), companyId).execute<{ id: number }>(
      `select u.id from users u
        where u.company_id = :companyId and u.automatic_distribution = 'habilitado' and (? = false or u.online)
          and (? = 0 or (select coalesce(sum(c.n), 0) from ticket_counts c where c.company_id = :companyId and c.status = 'open' and c.user_id = u.id) < ?)
        limit 1`,
      [r.onlineOnly, r.capacity, r.capacity],
    );
    return rows.length > 0;
  }

  /**
   * Inside the assignment's transaction: the company lock, then the fairest user with room. Each user's open tickets
   * are summed from the maintained counters (`ticket_counts`, kept by triggers in the same transaction), not counted:
   * counting read every ticket the user ever had (an attendant with 9,800: 21 ms, for each user of the queue).
   */
  private async pick(em: EntityManager, ticket: Ticket, r: DistributionRules): Promise<number | null> {
    if (!waitsForPeople(ticket)) return null;
    const sql = tenantSql(em, ticket.companyId);
    const bot = await sql.execute<{ stage: string | null }>('select stage from ticket_bots where ticket_id = ? and company_id = :companyId', [ticket.id]);
    if (bot[0]?.stage) return null;
    await sql.execute(`select pg_advisory_xact_lock(hashtext('atende:distribution'), :companyId)`);
    const [chosen] = await sql.execute<{ id: number }>(
      `select u.id from users u
         join user_queues uq on uq.user_id = u.id and uq.queue_id = ?
         left join lateral (select coalesce(sum(c.n), 0)::int as n from ticket_counts c
                             where c.company_id = :companyId and c.status = 'open' and c.user_id = u.id) o on true
         left join distribution_marks m on m.user_id = u.id
        where u.company_id = :companyId and u.automatic_distribution = 'habilitado' and (? = false or u.online)
          and (? = 0 or o.n < ?)
        order by o.n, m.last_assigned_at nulls first, u.id
        limit 1`,
      [ticket.queue!.id, r.onlineOnly, r.capacity, r.capacity],
    );
    if (!chosen) return null;
    await sql.execute(
      `insert into distribution_marks (user_id, company_id, last_assigned_at) values (?, :companyId, clock_timestamp())
       on conflict (user_id) do update set last_assigned_at = excluded.last_assigned_at`,
      [chosen.id],
      'run',
    );
    return chosen.id;
  }
}

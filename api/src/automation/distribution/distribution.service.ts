import type { CompanyId } from '../../common/tenancy/company-id';
import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { forkForCompany } from '../../common/tenancy/tenant-filter';
import { tenantSql, type TenantSql } from '../../common/tenancy/tenant-sql';
import { anyoneFree, botStage, choose, lockDistribution, markAssigned, waiting } from './distribution.queries';
import { SettingsService } from '../../tenant/settings/settings.service';
import type { TicketDto } from '../../ticket/tickets/dto/ticket.dto';
import { TicketSystemTransitionsService, type LockedTicket } from '../../ticket/tickets/ticket-system-transitions.service';
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
      return await this.system.assign(companyId, ticketId, (sql, ticket) => this.pick(sql, ticket, r));
    } catch (e) {
      this.log.warn(`ticket ${ticketId} not distributed: ${String(e)}`);
      return null;
    }
  }

  /** Offers every waiting ticket of the company, oldest first, until nobody can take more (the sweeper, a freed attendant). */
  async fill(companyId: CompanyId, limit = 200): Promise<number> {
    const r = await this.rules(companyId);
    if (!r.enabled) return 0;
    const ids = await waiting(tenantSql(forkForCompany(this.em, companyId), companyId), limit);
    let assigned = 0;
    for (const id of ids) {
      if (await this.distribute(companyId, id, r)) assigned += 1;
      else if (!(await this.anyoneFree(companyId, r))) break;
    }
    return assigned;
  }

  private async anyoneFree(companyId: CompanyId, r: DistributionRules): Promise<boolean> {
    return anyoneFree(tenantSql(forkForCompany(this.em, companyId), companyId), r);
  }

  /**
   * Inside the assignment's transaction: the company lock, then the fairest user with room. Each user's open tickets
   * are summed from the maintained counters (`ticket_counts`, kept by triggers in the same transaction), not counted:
   * counting read every ticket the user ever had (an attendant with 9,800: 21 ms, for each user of the queue).
   */
  private async pick(sql: TenantSql, ticket: LockedTicket, r: DistributionRules): Promise<number | null> {
    if (!waitsForPeople(ticket) || !ticket.queueId) return null;
    if (await botStage(sql, ticket.id)) return null;
    await lockDistribution(sql);
    const chosen = await choose(sql, ticket.queueId, r);
    if (chosen === undefined) return null;
    await markAssigned(sql, chosen);
    return chosen;
  }
}

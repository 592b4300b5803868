import type { CompanyId } from '../../common/tenancy/company-id';
import { Injectable } from '@nestjs/common';
import { platformSql } from '../../common/tenancy/platform-sql';
import { sweepDistributing, sweepInactive, sweepMenus, sweepWaiting } from './timers.queries';
import { EntityManager } from '@mikro-orm/postgresql';
import { DistributionService } from '../distribution/distribution.service';
import { AutomationClock } from '../chatbot/automation-clock';
import { AutomationTimersService } from './automation-timers.service';

/**
 * Does what lost timer jobs would have done (Redis emptied, the platform down when one was due): finds, across
 * every company, open tickets past their connection's expiresTicket, waiting tickets past timeSendQueue, and
 * chatbot menus past their time-out, and runs each ticket's timer (which re-checks under the row lock). Then it
 * offers waiting tickets to free attendants in companies with automatic distribution (someone came online).
 */
@Injectable()
export class AutomationSweeperService {
  constructor(
    private readonly em: EntityManager,
    private readonly timers: AutomationTimersService,
    private readonly distribution: DistributionService,
    private readonly clock: AutomationClock,
  ) {}

  async sweep(now = this.clock.now()): Promise<void> {
    const db = platformSql(this.em.fork());
    const inactive = await sweepInactive(db, now);
    for (const r of inactive) await this.timers.run(r.company_id as CompanyId, r.id, 'inactive', now);

    const waiting = await sweepWaiting(db, now);
    for (const r of waiting) await this.timers.run(r.company_id as CompanyId, r.id, 'redirect', now);

    const menus = await sweepMenus(db, now);
    for (const r of menus) await this.timers.run(r.company_id as CompanyId, r.ticket_id, 'menu', now);

    const distributing = await sweepDistributing(db);
    for (const r of distributing) await this.distribution.fill(r.company_id as CompanyId);
  }
}

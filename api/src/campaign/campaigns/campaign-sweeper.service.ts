import type { CompanyId } from '../../common/tenancy/company-id';
import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { platformSql } from '../../common/tenancy/platform-sql';
import { sweepConfirmed, sweepDue, sweepUnsent } from './campaigns.queries';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { OutboundService } from '../../ticket/messages/outbound.service';
import { CampaignDispatchService } from './campaign-dispatch.service';

/**
 * Queues again what a lost job would have done (Redis emptied, a worker killed): starts that are due, ticks of
 * running campaigns, confirmed recipients whose message job vanished, and stored campaign messages whose send job
 * vanished. Every job it queues is id'd by what it wakes, so queueing one that exists adds nothing. It reads every
 * company's rows (one sweeper for the platform) and hands each job its row's company.
 */
@Injectable()
export class CampaignSweeperService {
  constructor(
    private readonly em: EntityManager,
    private readonly dispatch: CampaignDispatchService,
    private readonly outbound: OutboundService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async sweep(now = new Date()): Promise<void> {
    const db = platformSql(this.em.fork());
    const horizon = new Date(now.getTime() + 2 * this.config.campaignSweepMs);
    const due = await sweepDue(db, horizon);
    for (const c of due) {
      const companyId = c.company_id as CompanyId;
      if (c.status === 'PROGRAMADA') await this.dispatch.queueStart(companyId, c.id, new Date(c.scheduled_at).getTime());
      else await this.dispatch.scheduleTick(companyId, c.id);
    }
    const stale = new Date(now.getTime() - this.config.campaignSweepMs);
    const confirmed = await sweepConfirmed(db, stale);
    for (const r of confirmed) await this.dispatch.queueConfirmed(r.company_id as CompanyId, String(r.id));
    const unsent = await sweepUnsent(db, new Date(now.getTime() - 24 * 3600_000), stale);
    for (const m of unsent) await this.outbound.requeue(m.company_id as CompanyId, String(m.id));
  }
}

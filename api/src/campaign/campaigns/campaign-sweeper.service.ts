import type { CompanyId } from '../../common/company-id';
import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
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
    const em = this.em.fork();
    const horizon = new Date(now.getTime() + 2 * this.config.campaignSweepMs);
    const due = await em.execute<{ id: number; company_id: number; status: string; scheduled_at: Date }[]>(
      `select id, company_id, status, scheduled_at from campaigns
        where (status = 'PROGRAMADA' and scheduled_at <= ?) or status = 'EM_ANDAMENTO'`,
      [horizon],
    );
    for (const c of due) {
      const companyId = c.company_id as CompanyId;
      if (c.status === 'PROGRAMADA') await this.dispatch.queueStart(companyId, c.id, new Date(c.scheduled_at).getTime());
      else await this.dispatch.scheduleTick(companyId, c.id);
    }
    const stale = new Date(now.getTime() - this.config.campaignSweepMs);
    const confirmed = await em.execute<{ id: string; company_id: number }[]>(
      'select id, company_id from campaign_shippings where confirmed_at is not null and sent_at is null and confirmed_at < ?',
      [stale],
    );
    for (const r of confirmed) await this.dispatch.queueConfirmed(r.company_id as CompanyId, String(r.id));
    const unsent = await em.execute<{ id: string; company_id: number }[]>(
      `select m.id, m.company_id from campaign_shippings s
         join messages m on m.id in (s.message_id, s.confirmation_message_id) and m.company_id = s.company_id
        where s.done_at > ? and m.ack = 0 and m.provider_id is null and m.created_at < ?`,
      [new Date(now.getTime() - 24 * 3600_000), stale],
    );
    for (const m of unsent) await this.outbound.requeue(m.company_id as CompanyId, String(m.id));
  }
}

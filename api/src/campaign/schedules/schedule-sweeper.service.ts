import type { CompanyId } from '../../common/tenancy/company-id';
import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { platformSql } from '../../common/tenancy/platform-sql';
import { sweepDue, sweepUnsent } from './schedules.queries';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { OutboundService } from '../../ticket/messages/outbound.service';
import { ScheduleSendService } from './schedule-send.service';

/** A sent schedule's message still unqueued after this long is queued again (a crash between commit and queueing). */
const UNSENT_AFTER_MS = 60_000;

/**
 * Queues again what a lost job would have done (Redis emptied, the platform down at a schedule's time, a worker
 * killed): every PENDENTE schedule due before two sweeps from now (an overdue one at once), and the message of a sent
 * schedule still at ack 0 without a provider id after a minute. Jobs are id'd by what they wake, so queueing one that
 * exists adds nothing. It reads every company's rows (one sweeper for the platform) and hands each job its row's company.
 */
@Injectable()
export class ScheduleSweeperService {
  constructor(
    private readonly em: EntityManager,
    private readonly sender: ScheduleSendService,
    private readonly outbound: OutboundService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async sweep(now = new Date()): Promise<void> {
    const db = platformSql(this.em.fork());
    const horizon = new Date(now.getTime() + 2 * this.config.scheduleSweepMs);
    const due = await sweepDue(db, horizon);
    for (const r of due) {
      await this.sender.queue({ id: r.id, companyId: r.company_id as CompanyId, sendAt: new Date(r.send_at), status: 'PENDENTE' }, now.getTime());
    }
    const unsent = await sweepUnsent(db, new Date(now.getTime() - 86_400_000), new Date(now.getTime() - UNSENT_AFTER_MS));
    for (const m of unsent) await this.outbound.requeue(m.company_id as CompanyId, String(m.id));
  }
}

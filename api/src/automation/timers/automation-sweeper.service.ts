import type { CompanyId } from '../../common/company-id';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DistributionService } from '../distribution/distribution.service';
import { AutomationClock } from '../engine/automation-clock';
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
    const em = this.em.fork();
    const inactive = await em.execute<{ id: number; company_id: number }[]>(
      `select t.id, t.company_id from tickets t join whatsapps w on w.id = t.whatsapp_id and w.company_id = t.company_id
        where t.status = 'open' and w.expires_ticket > 0 and t.updated_at <= ?::timestamptz - make_interval(mins => w.expires_ticket)
        limit 1000`,
      [now],
    );
    for (const r of inactive) await this.timers.run(r.company_id as CompanyId, r.id, 'inactive', now);

    const waiting = await em.execute<{ id: number; company_id: number }[]>(
      `select t.id, t.company_id from tickets t join whatsapps w on w.id = t.whatsapp_id and w.company_id = t.company_id
        where t.status = 'pending' and t.user_id is null and w.time_send_queue > 0 and w.send_id_queue is not null
          and t.queue_id is null
          and coalesce((select tr.queued_at from ticket_trackings tr where tr.ticket_id = t.id and tr.finished_at is null order by tr.id desc limit 1), t.created_at)
              <= ?::timestamptz - make_interval(mins => w.time_send_queue)
        limit 1000`,
      [now],
    );
    for (const r of waiting) await this.timers.run(r.company_id as CompanyId, r.id, 'redirect', now);

    const menus = await em.execute<{ ticket_id: number; company_id: number }[]>(
      `select ticket_id, company_id from ticket_bots where stage is not null and expires_at <= ? limit 1000`,
      [now],
    );
    for (const r of menus) await this.timers.run(r.company_id as CompanyId, r.ticket_id, 'menu', now);

    const distributing = await em.execute<{ company_id: number }[]>(
      `select distinct s.company_id from settings s
        where s.key = 'AutomaticDistribution' and s.value = 'enabled'
          and exists (select 1 from tickets t where t.company_id = s.company_id and t.status = 'pending' and t.user_id is null and t.queue_id is not null)`,
    );
    for (const r of distributing) await this.distribution.fill(r.company_id as CompanyId);
  }
}

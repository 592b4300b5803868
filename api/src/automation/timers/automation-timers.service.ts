import type { CompanyId } from '../../common/tenancy/company-id';
import { Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bull';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Queue } from 'bull';
import { forkForCompany } from '../../common/tenancy/tenant-filter';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { dropExpiredMenu, menuExpiry, openCycleQueuedAt, timerTicket } from './timers.queries';
import { CompanyJob, QUEUES, withQueue } from '../../jobs/jobs';
import { TicketSystemTransitionsService } from '../../ticket/tickets/ticket-system-transitions.service';
import { toDate } from '../../ticket/tickets/ticket-rows';
import { DistributionService } from '../distribution/distribution.service';
import { AutomationClock } from '../chatbot/automation-clock';
import { BotSenderService } from '../chatbot/bot-sender.service';

export const AUTOMATION_TIMER = 'timer';
export const TIMER_KINDS = ['inactive', 'redirect', 'menu'] as const;
export type TimerKind = (typeof TIMER_KINDS)[number];

export interface AutomationTimerJob extends CompanyJob {
  ticketId: number;
  kind: TimerKind;
}

const MINUTE = 60_000;

/** What the timers read of a ticket and its connection (one prepared row, not the entities: every change arms one). */
interface TimerTicket {
  id: number;
  status: string;
  userId: number | null;
  queueId: number | null;
  updatedAt: Date;
  createdAt: Date;
  whatsapp: { expiresTicket: number; expiresInactiveMessage: string | null; timeSendQueue: number; sendIdQueue: number | null } | null;
}

/**
 * The ticket timers (README: "Timers"). Each is a delayed job named by what it wakes (`inactive:{ticket}:{due}`),
 * and each job only asks: is it due now, by automation's clock, on the locked row? Not yet (the conversation moved
 * on): it queues itself for the new time. Already done, or no longer applies: nothing. So a job that fires twice, or
 * late after a restart, or one the sweeper queues again, changes a ticket at most once.
 * - inactive: an open ticket with no activity (a message either way, or any change) for the connection's
 *   expiresTicket minutes is closed, and the connection's expiresInactiveMessage sent;
 * - redirect: a pending ticket still without a queue (the customer chose none) timeSendQueue minutes after it
 *   entered the waiting list moves to the connection's sendIdQueue, once;
 * - menu: a chatbot menu unanswered for the setting timeOut's minutes is dropped (the next message starts over).
 */
@Injectable()
export class AutomationTimersService {
  private readonly log = new Logger('AutomationTimers');

  constructor(
    private readonly em: EntityManager,
    @InjectQueue(QUEUES.automation) private readonly queue: Queue<AutomationTimerJob>,
    private readonly system: TicketSystemTransitionsService,
    private readonly distribution: DistributionService,
    private readonly send: BotSenderService,
    private readonly clock: AutomationClock,
  ) {}

  /** Queues the timer for `due` (automation's clock); a timer for the same ticket and time is queued once. */
  async schedule(companyId: CompanyId, ticketId: number, kind: TimerKind, due: Date): Promise<void> {
    const delay = Math.max(0, due.getTime() - this.clock.now().getTime());
    // Bounded (withQueue): no caller waits on a Redis that is down; the sweeper queues the timers of the tickets due.
    await withQueue(this.queue, () =>
      this.queue.add(AUTOMATION_TIMER, { companyId, ticketId, kind }, { jobId: `${kind}:${ticketId}:${due.getTime()}`, delay }),
    ).catch((e: unknown) => this.log.warn(`${kind} timer for ticket ${ticketId} not queued (the sweeper will catch it): ${String(e)}`));
  }

  /** Runs one timer now; answers the time it is due when that is still ahead (and queues itself for then). */
  async run(companyId: CompanyId, ticketId: number, kind: TimerKind, now = this.clock.now()): Promise<Date | null> {
    const later =
      kind === 'inactive'
        ? await this.closeIfInactive(companyId, ticketId, now)
        : kind === 'redirect'
          ? await this.redirectIfWaiting(companyId, ticketId, now)
          : await this.dropStaleMenu(companyId, ticketId, now);
    if (later) await this.schedule(companyId, ticketId, kind, later);
    return later;
  }

  /** After a ticket became open: its inactivity timer. */
  async armInactive(companyId: CompanyId, ticketId: number): Promise<void> {
    const t = await this.load(companyId, ticketId);
    const minutes = t?.whatsapp?.expiresTicket ?? 0;
    if (t && t.status === 'open' && minutes > 0) await this.schedule(companyId, ticketId, 'inactive', new Date(t.updatedAt.getTime() + minutes * MINUTE));
  }

  /** After a ticket started waiting: its redirect timer. */
  async armRedirect(companyId: CompanyId, ticketId: number): Promise<void> {
    const t = await this.load(companyId, ticketId);
    const w = t?.whatsapp;
    if (!t || !w || t.status !== 'pending' || t.userId || t.queueId || w.timeSendQueue <= 0 || !w.sendIdQueue) return;
    await this.schedule(companyId, ticketId, 'redirect', new Date((await this.waitingSince(companyId, t)).getTime() + w.timeSendQueue * MINUTE));
  }

  private async closeIfInactive(companyId: CompanyId, ticketId: number, now: Date): Promise<Date | null> {
    const t = await this.load(companyId, ticketId);
    const w = t?.whatsapp;
    if (!t || !w || t.status !== 'open' || w.expiresTicket <= 0) return null;
    const limit = w.expiresTicket * MINUTE;
    const due = new Date(t.updatedAt.getTime() + limit);
    if (due > now) return due;
    const closed = await this.system.close(
      companyId,
      ticketId,
      'timer',
      (locked) => locked.status === 'open' && locked.updatedAt.getTime() + limit <= now.getTime(),
    );
    if (closed && w.expiresInactiveMessage?.trim() && !closed.isGroup) await this.send.text(companyId, ticketId, w.expiresInactiveMessage, 'inactive');
    return null;
  }

  private async redirectIfWaiting(companyId: CompanyId, ticketId: number, now: Date): Promise<Date | null> {
    const t = await this.load(companyId, ticketId);
    const w = t?.whatsapp;
    if (!t || !w || t.status !== 'pending' || t.userId || t.queueId || w.timeSendQueue <= 0 || !w.sendIdQueue) return null;
    const target = w.sendIdQueue;
    const due = new Date((await this.waitingSince(companyId, t)).getTime() + w.timeSendQueue * MINUTE);
    if (due > now) return due;
    await this.system.moveToQueue(companyId, ticketId, target, 'timer', (locked) => locked.status === 'pending' && !locked.userId && !locked.queueId);
    return null;
  }

  private async dropStaleMenu(companyId: CompanyId, ticketId: number, now: Date): Promise<Date | null> {
    const sql = tenantSql(forkForCompany(this.em, companyId), companyId);
    const expiresAt = await menuExpiry(sql, ticketId);
    if (!expiresAt) return null;
    const due = new Date(expiresAt);
    if (due > now) return due;
    if (await dropExpiredMenu(sql, ticketId, now)) await this.distribution.distribute(companyId, ticketId);
    return null;
  }

  /** When the ticket's current wait began: its open attendance cycle's queuedAt, else its creation. */
  private async waitingSince(companyId: CompanyId, t: TimerTicket): Promise<Date> {
    const queuedAt = await openCycleQueuedAt(tenantSql(forkForCompany(this.em, companyId), companyId), t.id);
    return queuedAt ? new Date(queuedAt) : t.createdAt;
  }

  private async load(companyId: CompanyId, ticketId: number): Promise<TimerTicket | null> {
    const r = await timerTicket(tenantSql(this.em, companyId), ticketId);
    if (!r) return null;
    return {
      id: r.id,
      status: r.status,
      userId: r.user_id,
      queueId: r.queue_id,
      updatedAt: toDate(r.updated_at),
      createdAt: toDate(r.created_at),
      whatsapp:
        r.w_id === null
          ? null
          : {
              expiresTicket: r.expires_ticket ?? 0,
              expiresInactiveMessage: r.expires_inactive_message,
              timeSendQueue: r.time_send_queue ?? 0,
              sendIdQueue: r.send_id_queue,
            },
    };
  }
}

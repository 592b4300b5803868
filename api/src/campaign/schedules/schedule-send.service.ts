import { Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bull';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Queue } from 'bull';
import type { CompanyId } from '../../common/tenancy/company-id';
import { AppError } from '../../common/http/errors';
import { sniffMediaType } from '../../common/infra/media-type';
import { companyFolder, keyInside } from '../../common/infra/media-store/media-store';
import { forkForCompany, transactionForCompany } from '../../common/tenancy/tenant-filter';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { claimDue } from './schedules.queries';
import { CompanyJob, QUEUES, withQueue } from '../../jobs/jobs';
import { ConnectionSessionsService } from '../../connection/sessions/connection-sessions.service';
import { Whatsapp } from '../../connection/whatsapps/whatsapp.entity';
import { RealtimeService } from '../../realtime/realtime.service';
import { MediaStorageService } from '../../ticket/messages/media-storage.service';
import type { Message } from '../../ticket/messages/message.entity';
import { OutboundMedia, OutboundService } from '../../ticket/messages/outbound.service';
import type { PlannedTemplate } from '../../ticket/official/outbound-window';
import { mapTicket, TICKET_POPULATE } from '../../ticket/tickets/dto/ticket.dto';
import { Ticket } from '../../ticket/tickets/ticket.entity';
import { TicketEventsService } from '../../ticket/tickets/ticket-events.service';
import { TicketsService } from '../../ticket/tickets/tickets.service';
import { mapSchedule } from './dto/schedule.dto';
import { Schedule } from './schedule.entity';

export const SEND_SCHEDULE = 'schedule';

export interface ScheduleJob extends CompanyJob {
  scheduleId: number;
  /** The sendAt this job was made for: a schedule moved to another time since makes it a no-op. */
  sendAt: number;
}

/** The folder of a company's schedule images in the media store: company{id}/schedules. */
export const scheduleFolder = (companyId: number): string => `${companyFolder(companyId)}/schedules`;

/** What one run of a schedule's job did. */
export type ScheduleRun = 'sent' | 'error' | 'skipped';

/**
 * Sends each schedule exactly once at its time. PostgreSQL is the truth, Bull only the timer: every save queues a
 * delayed job named by the schedule and its time, and the sweeper (ScheduleSweeperService) queues it again for
 * every PENDENTE schedule due soon, so a job Redis lost, or a time that passed while the platform was down, still sends. The job claims the row under a lock only while it is still
 * PENDENTE at the job's time, and stores the message and ENVIADA in one transaction; the message's own send job
 * (by message id, retried) carries it to WhatsApp.
 */
@Injectable()
export class ScheduleSendService {
  private readonly log = new Logger('Schedules');

  constructor(
    private readonly em: EntityManager,
    private readonly tickets: TicketsService,
    private readonly ticketEvents: TicketEventsService,
    private readonly outbound: OutboundService,
    private readonly sessions: ConnectionSessionsService,
    private readonly media: MediaStorageService,
    private readonly realtime: RealtimeService,
    @InjectQueue(QUEUES.campaigns) private readonly jobs: Queue<ScheduleJob>,
  ) {}

  /**
   * The delayed job of a PENDENTE schedule; adding it again for the same time adds nothing. Never fails and never
   * waits long (withQueue): while Redis is down the job is not queued, which is logged, and the row, stored first,
   * is what counts: the sweeper queues every PENDENTE schedule due soon.
   */
  async queue(row: Pick<Schedule, 'id' | 'companyId' | 'sendAt' | 'status'>, now = Date.now()): Promise<void> {
    if (row.status !== 'PENDENTE') return;
    const at = row.sendAt.getTime();
    await withQueue(this.jobs, () =>
      this.jobs.add(
        SEND_SCHEDULE,
        { companyId: row.companyId, scheduleId: row.id, sendAt: at },
        {
          jobId: `schedule:${row.id}:${at}`,
          delay: Math.max(0, at - now),
          removeOnComplete: true,
          removeOnFail: true,
          attempts: 3,
          backoff: { type: 'exponential', delay: 2000 },
        },
      ),
    ).catch((e: unknown) => this.log.warn(`schedule ${row.id} not queued now (the sweeper queues it): ${String(e)}`));
  }

  /** A schedule's job: sends it when it is still PENDENTE at this time, else does nothing. */
  async send(companyId: CompanyId, scheduleId: number, sendAt: number): Promise<ScheduleRun> {
    const em = forkForCompany(this.em, companyId);
    const done: { created?: Ticket; copied?: string } = {};
    let outcome: { run: ScheduleRun; message?: Message } | null;
    try {
      outcome = await transactionForCompany(em, companyId, async (tx) => {
        if (!(await claimDue(tenantSql(tx, companyId), scheduleId, new Date(sendAt)))) return null;
        const row = await tx.findOneOrFail(Schedule, { id: scheduleId, companyId }, { populate: ['contact'] });
        let whatsappId: number;
        try {
          whatsappId = await this.connectionFor(tx, companyId, row.contact.whatsappId);
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          this.failed(row, 'Nenhuma conexão do WhatsApp disponível para enviar');
          return { run: 'error' as const };
        }
        // On an official connection outside the customer's window: the schedule purpose's template, or the refusal as its error.
        let planned: PlannedTemplate | null;
        try {
          planned = await this.outbound.planFor(tx, companyId, whatsappId, row.contact.number, { purpose: 'schedule', userId: row.userId });
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          this.failed(row, e.message);
          return { run: 'error' as const };
        }
        const media = row.media.path && !planned ? await this.copyMedia(companyId, row) : undefined;
        if (row.media.path && !planned && !media) {
          this.failed(row, 'O anexo não foi encontrado');
          return { run: 'error' as const };
        }
        done.copied = media?.path;
        const got = await this.tickets.activeOrNewTicket(companyId, row.contact, whatsappId);
        if (got.created) done.created = got.ticket;
        const ticket = await tx.findOneOrFail(Ticket, { id: got.ticket.id, companyId }, { populate: TICKET_POPULATE });
        const template = planned ? await this.outbound.renderPlanned(tx, ticket, planned, row.userId) : undefined;
        const message = this.outbound.stage(
          tx,
          ticket,
          row.body,
          { source: 'schedule', userId: row.userId ?? undefined, purpose: 'schedule' },
          media,
          template,
        );
        await tx.flush();
        row.status = 'ENVIADA';
        row.sentAt = new Date();
        row.error = null;
        row.ticketId = ticket.id;
        row.messageId = String(message.id);
        await tx.flush();
        return { run: 'sent' as const, message };
      });
    } catch (e) {
      if (done.copied) await this.media.remove(companyId, done.copied).catch(() => undefined);
      throw e;
    }
    if (done.created) await this.announceTicket(companyId, done.created.id);
    if (!outcome) return 'skipped';
    // Committed: from here on a failure only delays (the sweeper queues an unqueued message again).
    if (outcome.message) await this.outbound.announce(em, outcome.message);
    const row = await forkForCompany(this.em, companyId).findOne(Schedule, { id: scheduleId, companyId }, { populate: ['contact'] });
    if (row) this.realtime.emit(companyId, 'schedule', { action: 'update', schedule: mapSchedule(row) });
    return outcome.run;
  }

  /** A ticket this send opened appears in the lists at once. */
  private async announceTicket(companyId: CompanyId, ticketId: number): Promise<void> {
    const ticket = await forkForCompany(this.em, companyId).findOne(Ticket, { id: ticketId, companyId }, { populate: TICKET_POPULATE });
    if (ticket) this.ticketEvents.ticketUpdated(mapTicket(ticket));
  }

  /** The contact's connection while it exists, else the company's default. */
  private async connectionFor(em: EntityManager, companyId: CompanyId, whatsappId: number | null | undefined): Promise<number> {
    if (whatsappId && (await em.count(Whatsapp, { id: whatsappId, companyId }))) return whatsappId;
    return this.sessions.defaultConnectionId(companyId);
  }

  /** The schedule's image copied into the message store, so the message keeps a file of its own. */
  private async copyMedia(companyId: CompanyId, row: Schedule): Promise<OutboundMedia | undefined> {
    const stored = row.media.path!;
    const key = stored.includes('/') ? null : keyInside(scheduleFolder(companyId), stored);
    if (!key) return undefined;
    const data = await this.media.mediaStore.readBuffer(key).catch(() => null);
    const type = data ? sniffMediaType(data) : null;
    if (!data || !type) return undefined;
    const copy = await this.media.store(companyId, data, type);
    if (!copy) return undefined;
    return { path: copy.path, mediaType: type.kind, mediaName: row.media.name ?? `imagem.${type.ext}` };
  }

  private failed(row: Schedule, reason: string): void {
    row.status = 'ERRO';
    row.error = reason;
    this.log.warn(`schedule ${row.id} of company ${row.companyId}: ${reason}`);
  }
}

import type { CompanyId } from '../../common/tenancy/company-id';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../common/http/errors';
import { forkForCompany, transactionForCompany } from '../../common/tenancy/tenant-filter';
import { tenantSql, type TenantSql } from '../../common/tenancy/tenant-sql';
import type { TicketDto } from './dto/ticket.dto';
import { TicketChange, TicketChangeBy, TicketEventsService, TicketPlacement } from './ticket-events.service';
import { TicketError } from './ticket.errors';
import { loadTicketDtos, toDate } from './ticket-rows';
import { CycleFields, insertCycle, lockTicket, LockedTicketRow, queueExists, TicketFields, updateOpenCycle, updateTicket } from './ticket-system.queries';

/** The locked ticket, as a guard or a change reads it. */
export interface LockedTicket {
  id: number;
  companyId: CompanyId;
  status: string;
  userId: number | null;
  queueId: number | null;
  whatsappId: number | null;
  isGroup: boolean;
  useIntegration: boolean;
  integrationId: number | null;
  promptId: number | null;
  ratingUntil: Date | null;
  updatedAt: Date;
}

/** A condition checked on the locked ticket: the change happens only while it still holds (timers, bot steps). */
export type TicketGuard = (ticket: LockedTicket) => boolean;

/** What a change does to the locked ticket: its new fields, and what its open attendance cycle gets. */
interface Change {
  ticket: Partial<Omit<TicketFields, 'updatedAt'>>;
  /** Fields of the open cycle (one is started from the ticket as it was if it has none), or a new cycle. */
  cycle: { open: CycleFields } | { new: Omit<CycleFields, 'finishedAt'> };
}

/**
 * Ticket changes made on no person's behalf: the send-message API closing a ticket, and the automation module
 * (the bot choosing a queue, inactivity closing, the queue redirect, automatic distribution, a rating answer).
 * Each runs under the ticket's row lock and only while its guard holds on the locked row, so a timer that fires
 * twice, or a bot step racing an attendant, changes nothing the second time. Events go out after commit, the
 * realtime ones and the `changed` hook, like a person's change.
 *
 * Rows, not entities (ticket-system.queries.ts): the bot's queue choice and automatic distribution make two of these
 * changes for every customer who walks the menu; through the ORM (lock, cycle, flush, the DTO with its relations)
 * they were most of the chatbot's CPU under a burst (bench:automation, automation/README.md).
 */
@Injectable()
export class TicketSystemTransitionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: TicketEventsService,
  ) {}

  /** Closes the ticket (the cycle finished, the attendant kept). A closed ticket, or a failed guard, answers null. */
  async close(companyId: CompanyId, id: number, by: TicketChangeBy, guard?: TicketGuard): Promise<TicketDto | null> {
    return this.change(companyId, id, 'close', by, (_db, ticket, now) => {
      if (ticket.status === 'closed' || (guard && !guard(ticket))) return null;
      // A closed ticket waits for nobody: no unread badge stays on it.
      return {
        ticket: { status: 'closed', resetUnread: true, useIntegration: false, integrationId: null, promptId: null },
        cycle: { open: { finishedAt: now } },
      };
    });
  }

  /** Puts an open or pending ticket in a queue, pending with no attendant (the bot's choice, the waiting-time redirect). */
  async moveToQueue(companyId: CompanyId, id: number, queueId: number, by: TicketChangeBy, guard?: TicketGuard): Promise<TicketDto | null> {
    return this.change(companyId, id, 'transfer', by, async (db, ticket, now) => {
      if (ticket.status === 'closed' || (guard && !guard(ticket))) return null;
      if (!(await queueExists(db, queueId))) return null;
      return {
        ticket: { queueId, userId: null, status: 'pending' },
        cycle: { open: { queueId, userId: null, startedAt: null, queuedAt: now } },
      };
    });
  }

  /**
   * Gives a pending ticket with no attendant to the user `pick` chooses inside the same transaction (automatic
   * distribution takes its lock there), open as if that user accepted it.
   */
  async assign(companyId: CompanyId, id: number, pick: (db: TenantSql, ticket: LockedTicket) => Promise<number | null>): Promise<TicketDto | null> {
    return this.change(companyId, id, 'assign', 'distribution', async (db, ticket, now) => {
      if (ticket.status !== 'pending' || ticket.userId || !ticket.queueId) return null;
      const userId = await pick(db, ticket);
      if (!userId) return null;
      return { ticket: { userId, status: 'open' }, cycle: { open: { userId, startedAt: now } } };
    });
  }

  /** A closed ticket back to its queue's waiting list with a new cycle (a message that turned out not to be a rating). */
  async reopenPending(companyId: CompanyId, id: number, guard?: TicketGuard): Promise<TicketDto | null> {
    return this.change(companyId, id, 'reopen', 'bot', (_db, ticket, now) => {
      if (ticket.status !== 'closed' || (guard && !guard(ticket))) return null;
      return {
        ticket: { status: 'pending', userId: null, ratingUntil: null },
        cycle: { new: { queueId: ticket.queueId, userId: null, queuedAt: now, startedAt: null } },
      };
    });
  }

  /** Field-only changes on the locked ticket (the agent a ticket talks to, the rating window); realtime update, no `changed` hook. */
  async setFields(
    companyId: CompanyId,
    id: number,
    fields: Partial<Pick<TicketFields, 'useIntegration' | 'integrationId' | 'promptId' | 'ratingUntil'>>,
    guard?: TicketGuard,
  ): Promise<TicketDto | null> {
    const changed = await transactionForCompany(forkForCompany(this.em, companyId), companyId, async (em) => {
      const db = tenantSql(em, companyId);
      const row = await lockTicket(db, id);
      const ticket = row && lockedTicket(companyId, row);
      if (!ticket || (guard && !guard(ticket))) return false;
      await updateTicket(db, id, { ...fieldsOf(ticket), ...fields, updatedAt: new Date() });
      return true;
    });
    if (!changed) return null;
    const dto = await this.dto(companyId, id);
    this.events.ticketUpdated(dto);
    return dto;
  }

  private async change(
    companyId: CompanyId,
    id: number,
    action: TicketChange['action'],
    by: TicketChangeBy,
    decide: (db: TenantSql, ticket: LockedTicket, now: Date) => Promise<Change | null> | Change | null,
  ): Promise<TicketDto | null> {
    const before = await transactionForCompany(forkForCompany(this.em, companyId), companyId, async (em) => {
      const db = tenantSql(em, companyId);
      const row = await lockTicket(db, id);
      if (!row) throw new AppError(TicketError.ERR_NO_TICKET_FOUND);
      const ticket = lockedTicket(companyId, row);
      const placement: TicketPlacement = { queueId: ticket.queueId, userId: ticket.userId, status: ticket.status };
      const now = new Date();
      const change = await decide(db, ticket, now);
      if (!change) return null;
      await updateTicket(db, id, { ...fieldsOf(ticket), ...change.ticket, updatedAt: now });
      // The open cycle, or (ingest or an older version left none) one started from the ticket as it was, as currentCycle does.
      const started = { whatsappId: ticket.whatsappId, queueId: ticket.queueId, userId: ticket.userId, queuedAt: ticket.queueId ? ticket.updatedAt : null };
      if ('new' in change.cycle) {
        await insertCycle(db, id, { ...started, ...change.cycle.new, startedAt: change.cycle.new.startedAt ?? null, finishedAt: null, createdAt: now });
      } else if (!(await updateOpenCycle(db, id, change.cycle.open))) {
        await insertCycle(db, id, { ...started, startedAt: null, finishedAt: null, ...change.cycle.open, createdAt: new Date() });
      }
      return placement;
    });
    if (!before) return null;
    const ticket = await this.dto(companyId, id);
    this.events.ticketUpdated(ticket, before);
    await this.events.changed({ action, ticket, before, by });
    return ticket;
  }

  /** The committed ticket's DTO, from the row loader (what mapTicket gives, without hydrating the relations). */
  private async dto(companyId: CompanyId, id: number): Promise<TicketDto> {
    const dto = (await loadTicketDtos(tenantSql(this.em, companyId), [id])).get(id);
    if (!dto) throw new AppError(TicketError.ERR_NO_TICKET_FOUND);
    return dto;
  }
}

function lockedTicket(companyId: CompanyId, r: LockedTicketRow): LockedTicket {
  return {
    id: r.id,
    companyId,
    status: r.status,
    userId: r.user_id,
    queueId: r.queue_id,
    whatsappId: r.whatsapp_id,
    isGroup: r.is_group,
    useIntegration: r.use_integration,
    integrationId: r.integration_id,
    promptId: r.prompt_id,
    ratingUntil: r.rating_until === null ? null : toDate(r.rating_until),
    updatedAt: toDate(r.updated_at),
  };
}

/** The ticket's changeable fields as they are (a change overrides some). */
const fieldsOf = (t: LockedTicket): Omit<TicketFields, 'updatedAt'> => ({
  status: t.status,
  userId: t.userId,
  queueId: t.queueId,
  resetUnread: false,
  useIntegration: t.useIntegration,
  integrationId: t.integrationId,
  promptId: t.promptId,
  ratingUntil: t.ratingUntil,
});

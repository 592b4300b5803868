import type { CompanyId } from '../../common/tenancy/company-id';
import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../auth/users/user.entity';
import { AppError } from '../../common/http/errors';
import { forkForCompany, transactionForCompany } from '../../common/tenancy/tenant-filter';
import { Queue } from '../../tenant/queues/queue.entity';
import type { TicketDto } from './dto/ticket.dto';
import { TicketChange, TicketChangeBy, TicketEventsService, TicketPlacement } from './ticket-events.service';
import { currentCycle, TicketTracking } from './ticket-tracking.entity';
import { TicketError } from './ticket.errors';
import { Ticket } from './ticket.entity';
import { TicketsService } from './tickets.service';

/** A condition checked on the locked ticket: the change happens only while it still holds (timers, bot steps). */
export type TicketGuard = (ticket: Ticket) => boolean;

/**
 * Ticket changes made on no person's behalf: the send-message API closing a ticket, and the automation module
 * (the bot choosing a queue, inactivity closing, the queue redirect, automatic distribution, a rating answer).
 * Each runs under the ticket's row lock and only while its guard holds on the locked row, so a timer that fires
 * twice, or a bot step racing an attendant, changes nothing the second time. Events go out after commit, the
 * realtime ones and the `changed` hook, like a person's change.
 */
@Injectable()
export class TicketSystemTransitionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly tickets: TicketsService,
    private readonly events: TicketEventsService,
  ) {}

  /** Closes the ticket (the cycle finished, the attendant kept). A closed ticket, or a failed guard, answers null. */
  async close(companyId: CompanyId, id: number, by: TicketChangeBy, guard?: TicketGuard): Promise<TicketDto | null> {
    return this.change(companyId, id, 'close', by, async (em, ticket, now) => {
      if (ticket.status === 'closed' || (guard && !guard(ticket))) return false;
      ticket.status = 'closed';
      // A closed ticket waits for nobody: no unread badge stays on it.
      ticket.unreadMessages = 0;
      ticket.useIntegration = false;
      ticket.integrationId = null;
      ticket.promptId = null;
      (await currentCycle(em, ticket)).finishedAt = now;
      return true;
    });
  }

  /** Puts an open or pending ticket in a queue, pending with no attendant (the bot's choice, the waiting-time redirect). */
  async moveToQueue(companyId: CompanyId, id: number, queueId: number, by: TicketChangeBy, guard?: TicketGuard): Promise<TicketDto | null> {
    return this.change(companyId, id, 'transfer', by, async (em, ticket, now) => {
      if (ticket.status === 'closed' || (guard && !guard(ticket))) return false;
      const queue = await em.findOne(Queue, { id: queueId, companyId });
      if (!queue) return false;
      ticket.queue = em.getReference(Queue, queue.id, { wrapped: true });
      ticket.user = null;
      ticket.status = 'pending';
      const c = await currentCycle(em, ticket);
      c.queueId = queue.id;
      c.userId = null;
      c.startedAt = null;
      c.queuedAt = now;
      return true;
    });
  }

  /**
   * Gives a pending ticket with no attendant to the user `pick` chooses inside the same transaction (automatic
   * distribution takes its lock there), open as if that user accepted it.
   */
  async assign(companyId: CompanyId, id: number, pick: (em: EntityManager, ticket: Ticket) => Promise<number | null>): Promise<TicketDto | null> {
    return this.change(companyId, id, 'assign', 'distribution', async (em, ticket, now) => {
      if (ticket.status !== 'pending' || ticket.user || !ticket.queue) return false;
      const userId = await pick(em, ticket);
      if (!userId) return false;
      ticket.user = em.getReference(User, userId, { wrapped: true });
      ticket.status = 'open';
      const c = await currentCycle(em, ticket);
      c.userId = userId;
      c.startedAt = now;
      return true;
    });
  }

  /** A closed ticket back to its queue's waiting list with a new cycle (a message that turned out not to be a rating). */
  async reopenPending(companyId: CompanyId, id: number, guard?: TicketGuard): Promise<TicketDto | null> {
    return this.change(companyId, id, 'reopen', 'bot', async (em, ticket, now) => {
      if (ticket.status !== 'closed' || (guard && !guard(ticket))) return false;
      ticket.status = 'pending';
      ticket.user = null;
      ticket.ratingUntil = null;
      const queueId = ticket.queue?.id ?? null;
      em.create(TicketTracking, { companyId, ticketId: ticket.id, whatsappId: ticket.whatsapp?.id ?? null, queueId, queuedAt: now, createdAt: now });
      return true;
    });
  }

  /** Field-only changes on the locked ticket (the agent a ticket talks to, the rating window); realtime update, no `changed` hook. */
  async setFields(
    companyId: CompanyId,
    id: number,
    fields: Partial<Pick<Ticket, 'useIntegration' | 'integrationId' | 'promptId' | 'ratingUntil'>>,
    guard?: TicketGuard,
  ): Promise<TicketDto | null> {
    let changed = false;
    await transactionForCompany(forkForCompany(this.em, companyId), companyId, async (em) => {
      const ticket = await em.findOne(Ticket, { id, companyId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (!ticket || (guard && !guard(ticket))) return;
      Object.assign(ticket, fields);
      changed = true;
      await em.flush();
    });
    if (!changed) return null;
    const dto = await this.tickets.loadDto(companyId, id);
    this.events.ticketUpdated(dto);
    return dto;
  }

  private async change(
    companyId: CompanyId,
    id: number,
    action: TicketChange['action'],
    by: TicketChangeBy,
    apply: (em: EntityManager, ticket: Ticket, now: Date) => Promise<boolean>,
  ): Promise<TicketDto | null> {
    const before = await transactionForCompany(forkForCompany(this.em, companyId), companyId, async (em) => {
      const ticket = await em.findOne(Ticket, { id, companyId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (!ticket) throw new AppError(TicketError.ERR_NO_TICKET_FOUND);
      const placement: TicketPlacement = { queueId: ticket.queue?.id ?? null, userId: ticket.user?.id ?? null, status: ticket.status };
      const now = new Date();
      if (!(await apply(em, ticket, now))) return null;
      ticket.updatedAt = now;
      await em.flush();
      return placement;
    });
    if (!before) return null;
    const ticket = await this.tickets.loadDto(companyId, id);
    this.events.ticketUpdated(ticket, before);
    await this.events.changed({ action, ticket, before, by });
    return ticket;
  }
}

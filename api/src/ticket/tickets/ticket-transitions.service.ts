import { Injectable, Logger } from '@nestjs/common';
import { LockMode, ref, UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../auth/users/user.entity';
import { Whatsapp } from '../../connection/whatsapps/whatsapp.entity';
import { AppError, FieldError, validationError } from '../../common/http/errors';
import type { RequestContext } from '../../common/access/request-context';
import { SettingsService } from '../../tenant/settings/settings.service';
import type { TicketDto } from './dto/ticket.dto';
import { UpdateTicketDto } from './dto/update-ticket.dto';
import { OutboundService } from '../messages/outbound.service';
import { Queue } from '../../tenant/queues/queue.entity';
import { TicketEventsService, TicketPlacement } from './ticket-events.service';
import { currentCycle, TicketTracking } from './ticket-tracking.entity';
import { TicketError } from './ticket.errors';
import { Ticket } from './ticket.entity';
import { TicketsService } from './tickets.service';
import { isId } from '../../common/http/ids';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { integrationExists, promptExists } from './tickets.queries';
import { automaticMessage, classify, TicketAction } from './tickets.rules';

interface Outcome {
  action: TicketAction;
  before: TicketPlacement;
  queueChanged: boolean;
}

/**
 * `PUT /tickets/{id}`: the state machine of attendance.md section 4. The change is read from the ticket's status and
 * the fields sent (the screens send one body shape for every button):
 * - `status: 'closed'` from open or pending: close (caller as user, queue kept, integration and prompt cleared,
 *   attendance cycle finished);
 * - `status: 'open'` on a closed ticket: reopen (caller, queue kept, new cycle);
 * - `queueId` sent with a different queue, connection or attendant: transfer (queue required; with `userId` the
 *   ticket is open for that user, without it pending with no user);
 * - `status: 'open'` on a pending ticket: accept (caller; the cycle starts);
 * - `status: 'pending'` on an open ticket: return (no user; back in the queue);
 * - otherwise only useIntegration, promptId and integrationId change.
 * Every change runs under a row lock on the ticket, so two attendants accepting at once are serialised: the
 * second finds the ticket open and gets ERR_TICKET_ALREADY_ACCEPTED. Events and messages go out after commit.
 */
@Injectable()
export class TicketTransitionsService {
  private readonly log = new Logger('TicketTransitions');

  constructor(
    private readonly em: EntityManager,
    private readonly tickets: TicketsService,
    private readonly settings: SettingsService,
    private readonly events: TicketEventsService,
    private readonly outbound: OutboundService,
  ) {}

  async update(ctx: RequestContext, id: number, dto: UpdateTicketDto): Promise<TicketDto> {
    if (!isId(id)) throw new AppError(TicketError.ERR_NO_TICKET_FOUND);
    const viewer = await this.tickets.viewer(ctx);
    let outcome: Outcome;
    try {
      outcome = await this.em.transactional(async (em) => {
        const ticket = await em.findOne(Ticket, { id, companyId: ctx.companyId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
        if (!ticket) throw new AppError(TicketError.ERR_NO_TICKET_FOUND);
        await this.tickets.assertCanOpen(ctx, viewer, ticket);
        const before: TicketPlacement = { queueId: ticket.queue?.id ?? null, userId: ticket.user?.id ?? null, status: ticket.status };
        const action = classify(
          { status: ticket.status, queueId: ticket.queue?.id ?? null, userId: ticket.user?.id ?? null, whatsappId: ticket.whatsapp?.id ?? null },
          dto,
          ctx.userId,
        );
        const queueChanged = await this.apply(em, ctx, ticket, dto, action);
        await em.flush();
        return { action, before, queueChanged };
      });
    } catch (e) {
      if (!(e instanceof UniqueConstraintViolationException)) throw e;
      // Reopening, or moving to another connection, where the contact already has an active ticket.
      const current = await this.em.fork().findOne(Ticket, { id, companyId: ctx.companyId });
      const other = current ? await this.tickets.activeTicketOf(ctx.companyId, current.contact.id, dto.whatsappId ?? current.whatsapp?.id ?? 0) : null;
      throw other ? this.tickets.otherOpenTicket(other) : new AppError(TicketError.ERR_OTHER_OPEN_TICKET);
    }

    const ticket = await this.tickets.loadDto(ctx.companyId, id);
    this.events.ticketUpdated(ticket, outcome.before);
    await this.sendAutomaticMessage(ctx, ticket, outcome);
    if (outcome.action !== 'fields') await this.events.changed({ action: outcome.action, ticket, before: outcome.before, by: 'user' });
    return ticket;
  }

  /** Applies the transition to the locked ticket and its attendance cycle; answers whether the queue changed. */
  private async apply(em: EntityManager, ctx: RequestContext, ticket: Ticket, dto: UpdateTicketDto, action: TicketAction): Promise<boolean> {
    const now = new Date();
    const me = em.getReference(User, ctx.userId, { wrapped: true });
    const cycle = () => this.currentCycle(em, ticket);
    let queueChanged = false;

    switch (action) {
      case 'accept': {
        ticket.status = 'open';
        ticket.user = me;
        const c = await cycle();
        c.userId = ctx.userId;
        c.startedAt = now;
        break;
      }
      case 'return': {
        ticket.status = 'pending';
        ticket.user = null;
        const c = await cycle();
        c.userId = null;
        c.startedAt = null;
        c.queuedAt = now;
        break;
      }
      case 'close': {
        ticket.status = 'closed';
        ticket.user = me;
        // A closed ticket waits for nobody: no unread badge stays on it.
        ticket.unreadMessages = 0;
        ticket.useIntegration = false;
        ticket.integrationId = null;
        ticket.promptId = null;
        const c = await cycle();
        c.userId = ctx.userId;
        c.finishedAt = now;
        return false;
      }
      case 'reopen': {
        ticket.status = 'open';
        ticket.user = me;
        const queueId = ticket.queue?.id ?? null;
        em.create(TicketTracking, {
          companyId: ctx.companyId,
          ticketId: ticket.id,
          whatsappId: ticket.whatsapp?.id ?? null,
          queueId,
          userId: ctx.userId,
          queuedAt: queueId ? now : null,
          startedAt: now,
          createdAt: now,
        });
        break;
      }
      case 'transfer': {
        const target = await this.references(em, ctx, dto);
        queueChanged = target.queue.id !== (ticket.queue?.id ?? null);
        ticket.queue = ref(target.queue);
        if (target.whatsapp) ticket.whatsapp = ref(target.whatsapp);
        ticket.user = target.user ? ref(target.user) : null;
        ticket.status = target.user ? 'open' : 'pending';
        const c = await cycle();
        c.queueId = target.queue.id;
        if (target.whatsapp) c.whatsappId = target.whatsapp.id;
        if (queueChanged || !target.user) c.queuedAt = now;
        c.userId = target.user?.id ?? null;
        c.startedAt = target.user ? now : null;
        break;
      }
      case 'fields':
        break;
    }
    await this.assertAgents(em, ctx, dto);
    if (dto.useIntegration !== undefined) ticket.useIntegration = dto.useIntegration;
    if (dto.integrationId !== undefined) ticket.integrationId = dto.integrationId;
    if (dto.promptId !== undefined) ticket.promptId = dto.promptId;
    // A change that only touches fields still moves updatedAt (the lists are ordered by it).
    ticket.updatedAt = now;
    return queueChanged;
  }

  private currentCycle(em: EntityManager, ticket: Ticket): Promise<TicketTracking> {
    return currentCycle(em, ticket);
  }

  /** A prompt or integration named must be one of the company's (read by table name: automation owns them). */
  private async assertAgents(em: EntityManager, ctx: RequestContext, dto: UpdateTicketDto): Promise<void> {
    const fields: FieldError[] = [];
    const sql = tenantSql(em, ctx.companyId);
    if (dto.promptId != null && (!isId(dto.promptId) || !(await promptExists(sql, dto.promptId)))) {
      fields.push({ field: 'promptId', messages: ['Unknown prompt'] });
    }
    if (dto.integrationId != null && (!isId(dto.integrationId) || !(await integrationExists(sql, dto.integrationId)))) {
      fields.push({ field: 'integrationId', messages: ['Unknown integration'] });
    }
    if (fields.length) throw validationError(fields);
  }

  /** The transfer's queue, user and connection, all of the caller's company; unknown ones are named. */
  private async references(em: EntityManager, ctx: RequestContext, dto: UpdateTicketDto) {
    const fields: FieldError[] = [];
    const queue = await em.findOne(Queue, { id: dto.queueId!, companyId: ctx.companyId });
    if (!queue) fields.push({ field: 'queueId', messages: ['Unknown queue'] });
    const user = dto.userId != null ? await em.findOne(User, { id: dto.userId, companyId: ctx.companyId }) : null;
    if (dto.userId != null && !user) fields.push({ field: 'userId', messages: ['Unknown user'] });
    const whatsapp = dto.whatsappId != null ? await em.findOne(Whatsapp, { id: dto.whatsappId, companyId: ctx.companyId }) : null;
    if (dto.whatsappId != null && !whatsapp) fields.push({ field: 'whatsappId', messages: ['Unknown connection'] });
    if (fields.length) throw validationError(fields);
    return { queue: queue!, user, whatsapp };
  }

  /**
   * After commit: the greeting on accept (setting sendGreetingAccepted, not for groups) on behalf of the attendant,
   * and the transfer notice (setting sendMsgTransfTicket, not for groups). The change already stands, so a message
   * that cannot be queued is logged rather than failing the request.
   */
  private async sendAutomaticMessage(ctx: RequestContext, ticket: TicketDto, outcome: Outcome): Promise<void> {
    if (ticket.isGroup) return;
    // Each setting is read only for the change it is about.
    const message = automaticMessage(outcome.action, ticket, {
      greetingOnAccept: outcome.action === 'accept' && (await this.settings.valueOf(ctx.companyId, 'sendGreetingAccepted')) === 'enabled',
      noticeOnTransfer: outcome.action === 'transfer' && (await this.settings.valueOf(ctx.companyId, 'sendMsgTransfTicket')) === 'enabled',
    });
    if (!message) return;
    const { body, source } = message;
    try {
      // On an official connection outside the customer's window: the greeting's or the transfer's template, or stored as failed with the reason (OutboundService).
      const purpose = outcome.action === 'accept' ? 'greeting' : 'transfer';
      await this.outbound.queueText(ctx.companyId, ticket.id, body, { source, userId: ctx.userId, purpose });
    } catch (e) {
      this.log.warn(`automatic ${outcome.action} message for ticket ${ticket.id} not queued: ${String(e)}`);
    }
  }
}

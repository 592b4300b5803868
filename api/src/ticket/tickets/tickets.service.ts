import { forkForCompany } from '../../common/tenancy/tenant-filter';
import type { CompanyId } from '../../common/tenancy/company-id';
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../auth/users/user.entity';
import { Whatsapp } from '../../connection/whatsapps/whatsapp.entity';
import { AppError, FieldError, validationError } from '../../common/http/errors';
import { can, RequestContext } from '../../common/access/request-context';
import { Contact } from '../contacts/contact.entity';
import { CreateTicketDto } from './dto/create-ticket.dto';
import { mapTicket, TICKET_POPULATE, TicketDto } from './dto/ticket.dto';
import { Queue } from '../../tenant/queues/queue.entity';
import { TicketEventsService } from './ticket-events.service';
import { TicketAccessService, TicketViewer } from './ticket-access.service';
import { TicketTracking } from './ticket-tracking.entity';
import { TicketError } from './ticket.errors';
import { Ticket } from './ticket.entity';
import { isId } from '../../common/http/ids';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { loadTicketDtoByUuid, loadTicketDtos } from './ticket-rows';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type { TicketViewer } from './ticket-access.service';

/**
 * Reading, creating and deleting tickets, plus the visibility rule shared by the list, search and transitions:
 * a manager (tickets-manager:showall) sees every ticket of the company; anyone else sees the tickets of their own
 * queues and the tickets assigned to them. A ticket without a queue is therefore a managers' (and its assignee's)
 * ticket, as the realtime rooms deliver it. Another company's ticket is always "not found".
 */
@Injectable()
export class TicketsService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: TicketEventsService,
    private readonly access: TicketAccessService,
  ) {}

  viewer(ctx: RequestContext, em: EntityManager = this.em): Promise<TicketViewer> {
    return this.access.viewer(ctx, em);
  }

  /** Opening a ticket (and acting on it): the shared rule of TicketAccessService. */
  assertCanOpen(ctx: RequestContext, viewer: TicketViewer, ticket: Ticket): Promise<void> {
    return this.access.assertCanSee(ctx, ticket, viewer);
  }

  /**
   * Opening a ticket (GET /tickets/{id}, /tickets/u/{uuid}): the row loader's prepared read, as the lists answer it.
   * Through the ORM (findOne with its relations populated) it cost 4.4 ms of API CPU a request against 2.2 for a
   * 40-ticket list, and PostgreSQL planned its join each time (bench:cpu, 2026-11-30).
   */
  async get(ctx: RequestContext, id: number): Promise<TicketDto> {
    const dto = isId(id) ? (await loadTicketDtos(tenantSql(this.em, ctx.companyId), [id])).get(id) : undefined;
    return this.open(ctx, dto);
  }

  async getByUuid(ctx: RequestContext, uuid: string): Promise<TicketDto> {
    const dto = UUID.test(uuid) ? await loadTicketDtoByUuid(tenantSql(this.em, ctx.companyId), uuid) : undefined;
    return this.open(ctx, dto);
  }

  private async open(ctx: RequestContext, ticket: TicketDto | undefined): Promise<TicketDto> {
    if (!ticket) throw new AppError(TicketError.ERR_NO_TICKET_FOUND);
    await this.access.assertCanSee(ctx, ticket, await this.viewer(ctx));
    return ticket;
  }

  /** The ticket as clients see it, read fresh (after a commit) from its own context. */
  async loadDto(companyId: CompanyId, id: number): Promise<TicketDto> {
    const em = forkForCompany(this.em, companyId);
    const ticket = await em.findOneOrFail(Ticket, { id, companyId }, { populate: TICKET_POPULATE });
    return mapTicket(ticket);
  }

  /**
   * A new open ticket assigned to the caller (or, for managers, to `userId`), with its first attendance cycle.
   * One open or pending ticket per contact and connection: the check names the owner, and the partial unique
   * index turns a concurrent second creation into the same 409.
   */
  async create(ctx: RequestContext, dto: CreateTicketDto): Promise<TicketDto> {
    const me = await this.em.findOneOrFail(User, { id: ctx.userId, companyId: ctx.companyId });
    if (me.createTicket === 'desabilitado') throw new AppError(TicketError.ERR_NO_PERMISSION, 'Ticket creation is disabled for your user');
    const seesAll = can(ctx, 'tickets-manager:showall');
    const assigneeId = dto.userId ?? ctx.userId;
    if (assigneeId !== ctx.userId && !seesAll) {
      throw new AppError(TicketError.ERR_NO_PERMISSION, 'You may only open tickets for yourself', [
        { field: 'userId', messages: ['Not allowed for your profile'] },
      ]);
    }

    const fields: FieldError[] = [];
    const contact = await this.em.findOne(Contact, { id: dto.contactId, companyId: ctx.companyId });
    if (!contact) fields.push({ field: 'contactId', messages: ['Unknown contact'] });
    let queue: Queue | null = null;
    if (dto.queueId) {
      queue = await this.em.findOne(Queue, { id: dto.queueId, companyId: ctx.companyId });
      if (!queue) fields.push({ field: 'queueId', messages: ['Unknown queue'] });
      else if (!seesAll && !(await this.viewer(ctx)).queueIds.includes(queue.id)) {
        fields.push({ field: 'queueId', messages: ['Not one of your queues'] });
      }
    } else if (ctx.profile !== 'admin') {
      fields.push({ field: 'queueId', messages: ['Selecione uma fila'] });
    }
    if (assigneeId !== ctx.userId && !(await this.em.findOne(User, { id: assigneeId, companyId: ctx.companyId }))) {
      fields.push({ field: 'userId', messages: ['Unknown user'] });
    }
    let whatsapp: Whatsapp | null = null;
    if (dto.whatsappId) {
      whatsapp = await this.em.findOne(Whatsapp, { id: dto.whatsappId, companyId: ctx.companyId });
      if (!whatsapp) fields.push({ field: 'whatsappId', messages: ['Unknown connection'] });
    }
    if (fields.length) throw validationError(fields);
    whatsapp ??= await this.defaultWhatsapp(ctx, me);

    const existing = await this.activeTicketOf(ctx.companyId, contact!.id, whatsapp.id);
    if (existing) throw this.otherOpenTicket(existing);

    let ticketId: number;
    try {
      ticketId = await this.em.transactional(async (em) => {
        const now = new Date();
        const ticket = em.create(Ticket, {
          uuid: randomUUID(),
          companyId: ctx.companyId,
          status: 'open',
          isGroup: contact!.isGroup,
          contact: em.getReference(Contact, contact!.id),
          user: em.getReference(User, assigneeId),
          queue: queue ? em.getReference(Queue, queue.id) : null,
          whatsapp: em.getReference(Whatsapp, whatsapp.id),
        });
        await em.flush();
        em.create(TicketTracking, {
          companyId: ctx.companyId,
          ticketId: ticket.id,
          whatsappId: whatsapp.id,
          userId: assigneeId,
          queueId: queue?.id ?? null,
          queuedAt: queue ? now : null,
          startedAt: now,
          createdAt: now,
        });
        await em.flush();
        return ticket.id;
      });
    } catch (e) {
      if (!(e instanceof UniqueConstraintViolationException)) throw e;
      // Another request created the contact's ticket between the check and the insert.
      const winner = await this.activeTicketOf(ctx.companyId, contact!.id, whatsapp.id);
      throw winner ? this.otherOpenTicket(winner) : new AppError(TicketError.ERR_OTHER_OPEN_TICKET);
    }
    const created = await this.loadDto(ctx.companyId, ticketId);
    this.events.ticketUpdated(created);
    return created;
  }

  async remove(ctx: RequestContext, id: number): Promise<void> {
    const ticket = isId(id) ? await this.em.findOne(Ticket, { id, companyId: ctx.companyId }) : null;
    if (!ticket) throw new AppError(TicketError.ERR_NO_TICKET_FOUND);
    const placement = { queueId: ticket.queue?.id ?? null, userId: ticket.user?.id ?? null };
    // Messages, trackings, notes and tag links go with it (foreign keys cascade).
    await this.em.nativeDelete(Ticket, { id: ticket.id, companyId: ctx.companyId });
    this.em.getUnitOfWork().unsetIdentity(ticket);
    this.events.ticketDeleted(ctx.companyId, id, placement);
  }

  /**
   * The contact's open or pending ticket on the connection, or a new pending one without a queue or user (the
   * send-message API: it waits in the pending list, unless closed at once, until an attendant accepts it).
   */
  async activeOrNewTicket(companyId: CompanyId, contact: Contact, whatsappId: number): Promise<{ ticket: Ticket; created: boolean }> {
    const existing = await this.activeTicketOf(companyId, contact.id, whatsappId, forkForCompany(this.em, companyId));
    if (existing) return { ticket: existing, created: false };
    try {
      const ticket = await this.em.fork().transactional(async (em) => {
        const t = em.create(Ticket, {
          uuid: randomUUID(),
          companyId,
          status: 'pending',
          isGroup: contact.isGroup,
          contact: em.getReference(Contact, contact.id),
          whatsapp: em.getReference(Whatsapp, whatsappId),
        });
        await em.flush();
        em.create(TicketTracking, { companyId, ticketId: t.id, whatsappId, createdAt: new Date() });
        await em.flush();
        return t;
      });
      return { ticket, created: true };
    } catch (e) {
      if (!(e instanceof UniqueConstraintViolationException)) throw e;
      // A message from the contact (or another call) created it between the check and the insert.
      const winner = await this.activeTicketOf(companyId, contact.id, whatsappId, forkForCompany(this.em, companyId));
      if (!winner) throw e;
      return { ticket: winner, created: false };
    }
  }

  /**
   * Where a mass send to a contact goes (campaigns): the contact's open or pending ticket on the connection, else
   * its latest ticket there (kept closed), else a new closed one. A campaign thus never fills the waiting list; a
   * reply from the contact opens a ticket the usual way.
   */
  async outreachTicket(companyId: CompanyId, contact: Contact, whatsappId: number): Promise<Ticket> {
    const em = forkForCompany(this.em, companyId);
    const active = await this.activeTicketOf(companyId, contact.id, whatsappId, em);
    if (active) return active;
    const latest = await em.findOne(Ticket, { companyId, contact: contact.id, whatsapp: whatsappId }, { orderBy: { updatedAt: 'desc', id: 'desc' } });
    if (latest) return latest;
    const ticket = em.create(Ticket, {
      uuid: randomUUID(),
      companyId,
      status: 'closed',
      isGroup: contact.isGroup,
      contact: em.getReference(Contact, contact.id),
      whatsapp: em.getReference(Whatsapp, whatsappId),
    });
    await em.flush();
    return ticket;
  }

  /** The contact's open or pending ticket on a connection, with its attendant. */
  async activeTicketOf(companyId: CompanyId, contactId: number, whatsappId: number, em: EntityManager = this.em.fork()): Promise<Ticket | null> {
    return em.findOne(Ticket, { companyId, contact: contactId, whatsapp: whatsappId, status: { $in: ['open', 'pending'] } }, { populate: ['user'] });
  }

  /** ERR_OTHER_OPEN_TICKET naming the ticket and who has it, so the new-ticket modal can say so. */
  otherOpenTicket(existing: Ticket): AppError {
    const owner = existing.user?.isInitialized() ? existing.user.getEntity().name : null;
    const message = owner
      ? `O contato já tem um atendimento em andamento (ticket ${existing.id}) com ${owner}`
      : `O contato já tem um atendimento pendente (ticket ${existing.id})`;
    return new AppError(TicketError.ERR_OTHER_OPEN_TICKET, message, [{ field: 'contactId', messages: [message] }]);
  }

  /** The caller's own connection, else the company's default one. */
  private async defaultWhatsapp(ctx: RequestContext, me: User): Promise<Whatsapp> {
    const own = me.whatsappId ? await this.em.findOne(Whatsapp, { id: me.whatsappId, companyId: ctx.companyId }) : null;
    const found = own ?? (await this.em.findOne(Whatsapp, { companyId: ctx.companyId, isDefault: true }, { orderBy: { id: 'asc' } }));
    if (!found) {
      throw new AppError(TicketError.ERR_NO_DEF_WAPP_FOUND, undefined, [{ field: 'whatsappId', messages: ['Choose a connection'] }]);
    }
    return found;
  }
}

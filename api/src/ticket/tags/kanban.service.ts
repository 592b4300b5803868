import { Injectable } from '@nestjs/common';
import { FilterQuery } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError, validationError } from '../../common/http/errors';
import { can, RequestContext } from '../../common/access/request-context';
import { TicketAccessService } from '../tickets/ticket-access.service';
import { TagError } from './tag.errors';
import { ListKanbanTicketsDto, SyncTicketTagsDto } from './dto/tag.dto';
import { mapTicket, TicketDto } from '../tickets/dto/ticket.dto';
import type { KanbanTicketsDto } from './dto/kanban.dto';
import { Tag } from './tag.entity';
import { TicketEventsService } from '../tickets/ticket-events.service';
import { Ticket } from '../tickets/ticket.entity';
import { isId } from '../../common/http/ids';
import type { CompanyId } from '../../common/tenancy/company-id';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { countByTag, link, unlinkAll, unlinkKanban } from './tags.queries';

/** Tickets on the board at most; the most recently updated first. */
export const KANBAN_MAX_TICKETS = 1000;
const KANBAN_POPULATE = ['contact', 'user', 'queue', 'whatsapp', 'tags'] as const;
const LIVE = ['open', 'pending'] as const;

/**
 * Ticket-tag links (sync, add, the kanban move) and the kanban board. Links are written with SQL (tags.queries.ts) inside a
 * transaction, then the ticket is read back and sent to the sockets that may see it.
 */
@Injectable()
export class KanbanService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: TicketAccessService,
    private readonly events: TicketEventsService,
  ) {}

  /** Replaces the ticket's tags with the given ones (all must be the company's). */
  async sync(ctx: RequestContext, dto: SyncTicketTagsDto): Promise<TicketDto> {
    const ticket = await this.findTicket(ctx, dto.ticketId);
    const ids = [...new Set(dto.tags.map((t) => t.id))];
    const tags = ids.length ? await this.em.find(Tag, { companyId: ctx.companyId, id: { $in: ids } }, { fields: ['id'] }) : [];
    const missing = ids.filter((id) => !tags.some((t) => t.id === id));
    if (missing.length) {
      throw new AppError(TagError.ERR_TAG_NOT_FOUND, `Tag not found: ${missing.join(', ')}`, [
        { field: 'tags', messages: [`Unknown tag ids: ${missing.join(', ')}`] },
      ]);
    }
    await this.em.transactional(async (em) => {
      const db = tenantSql(em, ctx.companyId);
      await unlinkAll(db, ticket.id);
      if (ids.length) await link(db, ticket.id, ids);
    });
    return this.changed(ctx, ticket.id);
  }

  /** Adds one link; adding one that exists changes nothing. */
  async add(ctx: RequestContext, ticketId: number, tagId: number): Promise<TicketDto> {
    const ticket = await this.findTicket(ctx, ticketId);
    const tag = isId(tagId) ? await this.em.findOne(Tag, { id: tagId, companyId: ctx.companyId }) : null;
    if (!tag) throw new AppError(TagError.ERR_TAG_NOT_FOUND);
    await link(tenantSql(this.em, ctx.companyId), ticket.id, [tag.id]);
    return this.changed(ctx, ticket.id);
  }

  /**
   * The first half of a kanban move: the ticket leaves its lane, i.e. loses every kanban tag (kanban = 1).
   * Its other tags stay. The client then adds the new lane's tag; a move into 'Em aberto' stops here.
   */
  async removeKanbanTags(ctx: RequestContext, ticketId: number): Promise<TicketDto> {
    const ticket = await this.findTicket(ctx, ticketId);
    await unlinkKanban(tenantSql(this.em, ctx.companyId), ticket.id);
    return this.changed(ctx, ticket.id);
  }

  /**
   * Open and pending tickets for the board. Plain users see their own queues only (narrowed further by queueIds);
   * managers (tickets-manager:showall) see every queue, and tickets without one, unless queueIds narrows them.
   */
  async listKanbanTickets(ctx: RequestContext, query: ListKanbanTicketsDto): Promise<KanbanTicketsDto> {
    const asked = this.parseQueueIds(query.queueIds);
    let queueIds: number[] | undefined;
    if (can(ctx, 'tickets-manager:showall')) {
      queueIds = asked;
    } else {
      const own = await this.access.queueIdsOf(ctx);
      queueIds = asked ? own.filter((id) => asked.includes(id)) : own;
    }
    if (queueIds && !queueIds.length) return { tickets: [] };
    const where: FilterQuery<Ticket> = { companyId: ctx.companyId, status: { $in: [...LIVE] } };
    if (queueIds) where.queue = { $in: queueIds };
    const tickets = await this.em.find(Ticket, where, {
      populate: KANBAN_POPULATE,
      orderBy: { updatedAt: 'desc', id: 'desc' },
      limit: KANBAN_MAX_TICKETS,
    });
    return { tickets: tickets.map(mapTicket) };
  }

  /** Tickets per tag id. */
  async countByTag(companyId: CompanyId, tagIds: number[]): Promise<Map<number, number>> {
    if (!tagIds.length) return new Map();
    return countByTag(tenantSql(this.em, companyId), tagIds);
  }

  /** Open and pending tickets carrying the tag (the ones on live lists). */
  async liveTicketsWithTag(ctx: RequestContext, tagId: number): Promise<number[]> {
    const tickets = await this.em.find(Ticket, { companyId: ctx.companyId, status: { $in: [...LIVE] }, tags: tagId }, { fields: ['id'] });
    return tickets.map((t) => t.id);
  }

  /** Sends the current state of these tickets to the sockets that may see them. */
  async emitTickets(ctx: RequestContext, ticketIds: number[]): Promise<void> {
    if (!ticketIds.length) return;
    const em = this.em.fork();
    const tickets = await em.find(
      Ticket,
      { companyId: ctx.companyId, id: { $in: ticketIds } },
      { populate: ['contact', 'contact.extraInfo', 'user', 'queue', 'whatsapp', 'tags'] },
    );
    for (const t of tickets) this.events.ticketUpdated(mapTicket(t));
  }

  private async changed(ctx: RequestContext, ticketId: number): Promise<TicketDto> {
    this.em.clear();
    const ticket = await this.em.findOneOrFail(
      Ticket,
      { id: ticketId, companyId: ctx.companyId },
      { populate: ['contact', 'contact.extraInfo', 'user', 'queue', 'whatsapp', 'tags'], populateOrderBy: { tags: { name: 'asc' } } },
    );
    const dto = mapTicket(ticket);
    this.events.ticketUpdated(dto);
    return dto;
  }

  private async findTicket(ctx: RequestContext, id: number): Promise<Ticket> {
    const ticket = isId(id) ? await this.em.findOne(Ticket, { id, companyId: ctx.companyId }) : null;
    if (!ticket) throw new AppError(TagError.ERR_NO_TICKET_FOUND);
    await this.access.assertCanSee(ctx, ticket);
    return ticket;
  }

  private parseQueueIds(raw: string | undefined): number[] | undefined {
    if (raw === undefined || raw.trim() === '') return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = null;
    }
    if (!Array.isArray(parsed) || !parsed.every((v) => (typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v))) && isId(Number(v)))) {
      throw validationError([{ field: 'queueIds', messages: ['Must be a JSON array of queue ids'] }]);
    }
    return parsed.map(Number);
  }
}

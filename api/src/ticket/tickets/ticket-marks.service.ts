import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../common/http/errors';
import type { RequestContext } from '../../common/access/request-context';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { clearUnread, dropEmptyMark, marks, setMark, type MarkRow } from './tickets.queries';
import { RealtimeService } from '../../realtime/realtime.service';
import type { TicketMarkDto, UpdateTicketMarkDto } from './dto/ticket-mark.dto';
import { TicketAccessService } from './ticket-access.service';
import { loadTicketDtos, toDate } from './ticket-rows';
import { TicketError } from './ticket.errors';

const mapMark = (r: MarkRow): TicketMarkDto => ({
  ticketId: r.ticket_id,
  pinned: r.pinned_at !== null,
  pinnedAt: r.pinned_at === null ? null : toDate(r.pinned_at),
  unread: r.unread,
});

/**
 * Each user's own marks on conversations (table ticket_marks): pinned to the top of their lists, marked unread.
 * Per user and per company; a change reaches only that user's sockets (`ticketMark`), so every tab follows.
 */
@Injectable()
export class TicketMarksService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: TicketAccessService,
    private readonly realtime: RealtimeService,
  ) {}

  /** The caller's marks on tickets that still exist, the newest pin first. */
  async list(ctx: RequestContext): Promise<TicketMarkDto[]> {
    const rows = await marks(tenantSql(this.em, ctx.companyId), ctx.userId);
    return rows.map(mapMark);
  }

  /** Pins, unpins, marks or clears unread on a ticket the caller may see; answers the marks as they now are. */
  async update(ctx: RequestContext, ticketId: number, dto: UpdateTicketMarkDto): Promise<TicketMarkDto> {
    const db = tenantSql(this.em, ctx.companyId);
    const ticket = (await loadTicketDtos(db, [ticketId])).get(ticketId);
    if (!ticket) throw new AppError(TicketError.ERR_NO_TICKET_FOUND);
    await this.access.assertCanSee(ctx, ticket);
    const pinned = dto.pinned === undefined ? null : dto.pinned;
    const unread = dto.unread === undefined ? null : dto.unread;
    const row = await setMark(db, ctx.userId, ticketId, pinned, unread);
    const mark = mapMark(row);
    if (!mark.pinned && !mark.unread) await dropEmptyMark(db, ctx.userId, ticketId);
    this.announce(ctx, mark);
    return mark;
  }

  private announce(ctx: RequestContext, mark: TicketMarkDto): void {
    this.realtime.emitToOwner(ctx.companyId, ctx.userId, 'ticketMark', { action: 'update', mark: { ...mark, pinnedAt: mark.pinnedAt?.toISOString() ?? null } });
  }

  /** Opening the conversation reads it: the caller's unread mark goes (if there was one). */
  async clearUnread(ctx: RequestContext, ticketId: number): Promise<void> {
    const db = tenantSql(this.em, ctx.companyId);
    const row = await clearUnread(db, ctx.userId, ticketId);
    if (!row) return;
    const mark = mapMark(row);
    if (!mark.pinned) await dropEmptyMark(db, ctx.userId, ticketId);
    this.announce(ctx, mark);
  }
}

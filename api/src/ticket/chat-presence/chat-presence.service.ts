import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../common/http/errors';
import type { RequestContext } from '../../common/access/request-context';
import { ConnectionSessionsService } from '../../connection/sessions/connection-sessions.service';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { TicketAccessService } from '../tickets/ticket-access.service';
import { loadTicketDtos } from '../tickets/ticket-rows';
import { TicketError } from '../tickets/ticket.errors';
import type { AttendantPresence } from './dto/chat-presence.dto';

/** The same state for the same ticket goes to WhatsApp at most this often (WhatsApp shows 'typing' for about 10 s). */
export const CHAT_PRESENCE_THROTTLE_MS = 4000;
const REMEMBERED = 5000;

/**
 * The attendant's typing and recording, shown to the contact through the connection's provider (Baileys'
 * sendPresenceUpdate; the sandbox phone sees it). Best effort: throttled per ticket, sent in the background, a
 * connection that is down loses it.
 */
@Injectable()
export class ChatPresenceService {
  private readonly log = new Logger('ChatPresence');
  /** Per company and ticket: the last state sent and when. */
  private readonly last = new Map<string, { presence: AttendantPresence; at: number }>();

  constructor(
    private readonly em: EntityManager,
    private readonly access: TicketAccessService,
    private readonly sessions: ConnectionSessionsService,
  ) {}

  async send(ctx: RequestContext, ticketId: number, presence: AttendantPresence, now = Date.now()): Promise<void> {
    const ticket = (await loadTicketDtos(tenantSql(this.em, ctx.companyId), [ticketId])).get(ticketId);
    if (!ticket) throw new AppError(TicketError.ERR_NO_TICKET_FOUND);
    await this.access.assertCanSee(ctx, ticket);
    // A group's members would all see it; a closed ticket has nobody typing to.
    if (ticket.isGroup || ticket.status === 'closed' || !ticket.whatsappId || !ticket.contact?.number) return;
    const key = `${ctx.companyId}:${ticketId}`;
    const previous = this.last.get(key);
    if (previous && previous.presence === presence && now - previous.at < CHAT_PRESENCE_THROTTLE_MS) return;
    if (!previous && presence === 'paused') return; // nothing was shown
    this.last.delete(key);
    this.last.set(key, { presence, at: now });
    if (this.last.size > REMEMBERED) this.last.delete(this.last.keys().next().value!);
    void this.sessions
      .presence(ctx.companyId, ticket.whatsappId, ticket.contact.number, presence)
      .catch((e: unknown) => this.log.debug(`presence of ticket ${ticketId} not sent: ${String(e)}`));
  }
}

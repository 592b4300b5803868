import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../common/http/errors';
import type { RequestContext } from '../../common/access/request-context';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { ConnectionError } from '../../connection/connection.errors';
import type { MessageDto } from '../messages/dto/message.dto';
import { MessageError } from '../messages/message.errors';
import { MessagesService } from '../messages/messages.service';
import { OutboundService } from '../messages/outbound.service';
import type { CustomerWindowDto, SendTemplateDto } from './dto/customer-window.dto';
import { ticketWindow } from './official.queries';
import { checkTemplate, renderFor } from './outbound-window';
import { windowOf } from './window.rules';
import { isOfficial } from '../../connection/whatsapps/whatsapp.entity';

/** The chat's side of the official API: the customer's window, and sending an approved template (README.md). */
@Injectable()
export class OfficialMessagesService {
  constructor(
    private readonly em: EntityManager,
    private readonly messages: MessagesService,
    private readonly outbound: OutboundService,
  ) {}

  /** The customer's window on a ticket the caller may see (a QR-code connection's is always open). */
  async window(ctx: RequestContext, ticketId: number): Promise<CustomerWindowDto> {
    await this.messages.visibleTicket(ctx, ticketId);
    const row = await ticketWindow(tenantSql(this.em, ctx.companyId), ticketId);
    if (!row) throw new AppError(MessageError.ERR_NO_TICKET_FOUND);
    if (!isOfficial(row.provider)) return { official: false, open: true, expiresAt: null, lastInboundAt: null };
    const w = windowOf(row.last_inbound_at, new Date());
    return { official: true, open: w.open, expiresAt: w.expiresAt?.toISOString() ?? null, lastInboundAt: w.lastInboundAt?.toISOString() ?? null };
  }

  /**
   * An approved template of the ticket's connection, in or out of the window: stored as the attendant's message (its
   * rendered text, `dataJson.template`) and sent like any other.
   */
  async sendTemplate(ctx: RequestContext, ticketId: number, input: SendTemplateDto): Promise<MessageDto> {
    const ticket = await this.messages.sendableTicket(ctx, ticketId);
    const db = tenantSql(this.em, ctx.companyId);
    const row = await ticketWindow(db, ticket.id);
    if (!row?.whatsapp_id || !isOfficial(row.provider)) throw new AppError(ConnectionError.ERR_NOT_OFFICIAL);
    const planned = await checkTemplate(db, row.whatsapp_id, { name: input.name.trim(), language: input.language.trim(), params: input.params });
    const rendered = await renderFor(db, ticket.id, planned, ctx.userId);
    return this.outbound.queueTemplate(ctx.companyId, ticket.id, rendered, { source: 'attendant', userId: ctx.userId });
  }
}

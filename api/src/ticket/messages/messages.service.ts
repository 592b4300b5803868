import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError, CommonError, validationError } from '../../common/http/errors';
import { mimetypeOfStoredName } from '../../common/infra/media-type';
import type { StoredFile } from '../../common/http/stored-file';
import { hasMorePages, likeTerm, PAGE_SIZE, pageWindow } from '../../common/http/pagination.rules';
import type { RequestContext } from '../../common/access/request-context';
import { ConnectionSessionsService } from '../../connection/sessions/connection-sessions.service';
import { ConnectionError } from '../../connection/connection.errors';
import { SettingsService } from '../../tenant/settings/settings.service';
import { mapMessage, MessageDto } from './dto/message.dto';
import { EditMessageDto, MessagePageDto, SendMessageDto } from './dto/send-message.dto';
import type { MessageSearchDto } from './dto/message-search.dto';
import type { TicketDto } from '../tickets/dto/ticket.dto';
import { MediaStorageService } from './media-storage.service';
import { MessageError } from './message.errors';
import { Message } from './message.entity';
import { OutboundService, type SentAs } from './outbound.service';
import { checkUploads, prepareVoiceNote, UploadedMedia } from './uploads';
import { QuickMessagesService } from '../quick-messages/quick-messages.service';
import { loadMessageDtos, loadTicketDtos, toDate } from '../tickets/ticket-rows';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { TicketAccessService, type TicketViewer } from '../tickets/ticket-access.service';
import { historyCount, historyPage, historySearch, markRead, sentAs } from './messages.queries';

/** How many search hits one call answers, newest first. */
export const SEARCH_HITS_MAX = 50;
import { TicketEventsService } from '../tickets/ticket-events.service';
import { TicketMarksService } from '../tickets/ticket-marks.service';

/** Own messages may be edited or deleted for this long after sending. */
export const EDIT_WINDOW_MS = 15 * 60 * 1000;

@Injectable()
export class MessagesService {
  private readonly log = new Logger('Messages');

  constructor(
    private readonly em: EntityManager,
    private readonly access: TicketAccessService,
    private readonly outbound: OutboundService,
    private readonly media: MediaStorageService,
    private readonly sessions: ConnectionSessionsService,
    private readonly events: TicketEventsService,
    private readonly settings: SettingsService,
    private readonly marks: TicketMarksService,
    private readonly quickMessages: QuickMessagesService,
  ) {}

  /**
   * The ticket as clients see it, from the row loader, once the caller may see it. Every conversation page, send,
   * edit and media download asks: loading it through the ORM with its relations cost 3.4 ms of CPU, the row 0.15 ms.
   */
  async visibleTicket(ctx: RequestContext, ticketId: number, viewer?: TicketViewer): Promise<TicketDto> {
    const ticket = (await loadTicketDtos(tenantSql(this.em, ctx.companyId), [ticketId])).get(ticketId);
    if (!ticket) throw new AppError(MessageError.ERR_NO_TICKET_FOUND);
    await this.access.assertCanSee(ctx, ticket, viewer);
    return ticket;
  }

  /**
   * A page of the conversation (page 1 is the newest); opening it clears the unread count and sends read receipts.
   * The conversation is the ticket's history (message-history.ts): its messages and those of the contact's earlier
   * tickets the caller may see. The page is an index walk of (ticket_id, created_at, id) over those tickets to its
   * 20 ids, then those rows and the messages they quote: two short reads whatever the depth (bench:scale).
   */
  async list(ctx: RequestContext, ticketId: number, pageNumber = 1): Promise<MessagePageDto> {
    const db = tenantSql(this.em, ctx.companyId);
    const viewer = await this.access.viewer(ctx);
    let ticket = await this.visibleTicket(ctx, ticketId, viewer);
    const { limit, offset } = pageWindow(pageNumber, PAGE_SIZE);
    const [rows, count] = await Promise.all([historyPage(db, ticket, viewer, limit, offset), historyCount(db, ticket, viewer)]);
    const messages = await loadMessageDtos(db, rows);
    if (ticket.unreadMessages > 0 && !ctx.impersonatorId && !(await this.isPeek(ctx, ticket))) ticket = await this.markRead(ctx, ticket);
    if (pageNumber === 1 && !ctx.impersonatorId) await this.marks.clearUnread(ctx, ticket.id);
    return { messages, ticket, count, hasMore: hasMorePages(offset, rows.length, count) };
  }

  /**
   * A pending ticket is read before it is accepted (the list opens it read only): reading it then marks nothing read
   * and sends no read receipt, so the customer and the team still see it waiting. Group tickets worked without
   * accepting (groupsIsTeckets) are read as usual.
   */
  private async isPeek(ctx: RequestContext, ticket: TicketDto): Promise<boolean> {
    if (ticket.status !== 'pending') return false;
    return !ticket.isGroup || (await this.settings.valueOf(ctx.companyId, 'groupsIsTeckets')) !== 'enabled';
  }

  /**
   * The messages of the conversation (the same history as `list`) whose text holds `q`, newest first, each with
   * the page of `list` that holds it, so a client loads up to that page and scrolls to it. Deleted messages are
   * not found (their text is gone) but still count for the pages.
   */
  async search(ctx: RequestContext, ticketId: number, q: string): Promise<MessageSearchDto> {
    const db = tenantSql(this.em, ctx.companyId);
    const viewer = await this.access.viewer(ctx);
    const ticket = await this.visibleTicket(ctx, ticketId, viewer);
    const rows = await historySearch(db, ticket, viewer, likeTerm(q.trim()), SEARCH_HITS_MAX);
    return {
      hits: rows.map((r) => ({
        id: String(r.id),
        ticketId: r.ticket_id,
        body: r.body,
        fromMe: r.from_me,
        createdAt: toDate(r.created_at),
        pageNumber: Math.floor((r.n - 1) / PAGE_SIZE) + 1,
      })),
    };
  }

  /**
   * The customer's messages read and the ticket's unread count cleared in one statement; then the read receipts.
   * Answers the ticket as it now is.
   */
  private async markRead(ctx: RequestContext, ticket: TicketDto): Promise<TicketDto> {
    const ids = await markRead(tenantSql(this.em, ctx.companyId), ticket.id);
    const cleared = { ...ticket, unreadMessages: 0 };
    this.events.unreadReset(cleared);
    if (ids.length && ticket.whatsappId) {
      await this.sessions
        .markRead(ctx.companyId, ticket.whatsappId, ticket.contact.number, ids)
        .catch((e: unknown) => this.log.warn(`read receipts not sent: ${String(e)}`));
    }
    return cleared;
  }

  /** A ticket the caller may send on: visible to them, and open (a group's, when groups are tickets, in any status). */
  async sendableTicket(ctx: RequestContext, ticketId: number): Promise<TicketDto> {
    const ticket = await this.visibleTicket(ctx, ticketId);
    const groupsAsTickets = ticket.isGroup && (await this.settings.valueOf(ctx.companyId, 'groupsIsTeckets')) === 'enabled';
    if (ticket.status !== 'open' && !groupsAsTickets) throw new AppError(MessageError.ERR_TICKET_NOT_OPEN);
    return ticket;
  }

  /** Before a multipart send's body is read (`@Upload`): the refusals `send` would answer, without its files. */
  async assertUploadTarget(ctx: RequestContext, ticketId: number): Promise<void> {
    await this.sendableTicket(ctx, ticketId);
  }

  async send(ctx: RequestContext, ticketId: number, input: SendMessageDto, files: UploadedMedia[] = []): Promise<{ messages: MessageDto[] }> {
    const ticket = await this.sendableTicket(ctx, ticketId);
    const body = await this.quickMessages.fillVariables(ctx, ticket, (input.body ?? '').trim());
    if (!body && !files.length) throw new AppError(MessageError.ERR_EMPTY_MESSAGE, undefined, [{ field: 'body', messages: ['Required'] }]);
    let quotedMsgId: string | undefined;
    if (input.quotedMsg) {
      const quoted = await this.em.findOne(Message, { id: input.quotedMsg.id, companyId: ctx.companyId, ticket: ticket.id });
      if (!quoted) throw new AppError(MessageError.ERR_QUOTED_MESSAGE_NOT_FOUND, undefined, [{ field: 'quotedMsg', messages: ['Mensagem não encontrada!'] }]);
      quotedMsgId = String(quoted.id);
    }
    if (input.voiceNote && files.length !== 1) throw validationError([{ field: 'voiceNote', messages: ['A voice note is one recorded file'] }]);
    const voiceNote = input.voiceNote ? await prepareVoiceNote(files[0]) : false;
    const checked = checkUploads(files).map((c) => ({ ...c, voiceNote: voiceNote && c.type.kind === 'audio' }));
    const sentAs = ctx.impersonatorId ? await this.sentAs(ctx, ctx.impersonatorId) : undefined;
    const messages = await this.outbound.queueBodyAndFiles(ctx.companyId, ticket.id, body, checked, {
      source: 'attendant',
      userId: ctx.userId,
      quotedMsgId,
      ...(sentAs ? { sentAs } : {}),
    });
    return { messages };
  }

  /** The names of a super user acting as the caller and of the caller, as they are when the message is sent. */
  private async sentAs(ctx: RequestContext, impersonatorId: number): Promise<SentAs> {
    const row = await sentAs(tenantSql(this.em, ctx.companyId), ctx.userId, impersonatorId);
    return { impersonatorId, impersonatorName: row?.impersonator_name ?? '', userName: row?.user_name ?? '' };
  }

  private async ownRecent(ctx: RequestContext, messageId: string): Promise<{ message: Message; ticket: TicketDto }> {
    const message = await this.em.findOne(Message, { id: messageId, companyId: ctx.companyId }, { populate: ['quotedMsg'] });
    if (!message) throw new AppError(MessageError.ERR_NO_MESSAGE_FOUND);
    const ticket = await this.visibleTicket(ctx, message.ticket.id);
    // Meta's official API has no edit or delete of a sent message: refused before anything changes.
    if (ticket.whatsapp?.type === 'official') {
      throw new AppError(ConnectionError.ERR_NOT_ON_OFFICIAL, "The official WhatsApp API can't edit or delete a sent message");
    }
    const recent = Date.now() - message.createdAt.getTime() <= EDIT_WINDOW_MS;
    if (!message.fromMe || message.userId !== ctx.userId || !recent || message.isDeleted) throw new AppError(MessageError.ERR_MESSAGE_NOT_EDITABLE);
    return { message, ticket };
  }

  async edit(ctx: RequestContext, messageId: string, input: EditMessageDto): Promise<MessageDto> {
    const { message, ticket } = await this.ownRecent(ctx, messageId);
    if (message.mediaType !== 'chat') throw new AppError(MessageError.ERR_MESSAGE_NOT_EDITABLE, 'Only text messages can be edited');
    const body = input.body.trim();
    if (message.providerId && message.whatsappId) {
      await this.sessions.edit(ctx.companyId, message.whatsappId, ticket.contact.number, message.providerId, body).catch((e: unknown) => {
        // Nobody runs the connection (ERR_WAPP_NOT_INITIALIZED) says more than "WhatsApp refused".
        throw e instanceof AppError ? e : new AppError(MessageError.ERR_EDIT_WAPP_MSG);
      });
    }
    message.oldMessages = [...(message.oldMessages ?? []), { body: message.body, editedAt: new Date().toISOString() }];
    message.body = body;
    message.isEdited = true;
    await this.em.flush();
    const dto = mapMessage(message);
    this.events.message('update', dto, ticket);
    return dto;
  }

  async remove(ctx: RequestContext, messageId: string): Promise<void> {
    const { message, ticket } = await this.ownRecent(ctx, messageId);
    if (message.providerId && message.whatsappId) {
      await this.sessions.delete(ctx.companyId, message.whatsappId, ticket.contact.number, message.providerId).catch((e: unknown) => {
        throw e instanceof AppError ? e : new AppError(MessageError.ERR_DELETE_WAPP_MSG);
      });
    }
    message.isDeleted = true;
    await this.em.flush();
    this.events.message('update', mapMessage(message), ticket);
  }

  /** The file of a message the caller may see. */
  async mediaFile(ctx: RequestContext, messageId: string): Promise<StoredFile> {
    const message = await this.em.findOne(Message, { id: messageId, companyId: ctx.companyId });
    if (!message || !message.media.path || message.isDeleted) throw new AppError(CommonError.ERR_NOT_FOUND);
    await this.visibleTicket(ctx, message.ticket.id);
    // The stored name carries the sniffed extension: no need to read the file (videos run to tens of MB).
    const key = this.media.key(ctx.companyId, message.media.path);
    if (!key) throw new AppError(CommonError.ERR_NOT_FOUND);
    return { store: this.media.mediaStore, key, mimetype: mimetypeOfStoredName(message.media.path), name: message.media.name ?? 'file' };
  }
}

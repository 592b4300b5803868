import type { CompanyId } from '../../common/company-id';
import { Inject, Injectable } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bull';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Queue } from 'bull';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { CompanyJob, QUEUES } from '../../jobs/jobs';
import { mapMessage, MessageDto } from './dto/message.dto';
import { loadMessagesWithTickets, loadTicketDtos, MESSAGE_COLUMNS, MessageRow } from '../tickets/ticket-rows';
import { AppError } from '../../common/errors';
import { MessageError } from './message.errors';
import { tenantSql } from '../../database/tenant-sql';
import { MediaType, Message, MessageSource } from './message.entity';
import { Ticket } from '../tickets/ticket.entity';
import { TicketEventsService } from '../tickets/ticket-events.service';
import { displayName } from '../../common/media-type';
import { MediaStorageService } from './media-storage.service';
import type { CheckedUpload } from './uploads';

export interface SendMessageJob extends CompanyJob {
  messageId: string;
}

export const SEND_MESSAGE = 'send';

export interface OutboundOptions {
  source: MessageSource;
  userId?: number;
  quotedMsgId?: string;
}

export interface OutboundMedia {
  path: string;
  mediaType: MediaType;
  mediaName: string;
}

/**
 * Outbound messages: stored first with ack 0 (the clock icon), shown at once, then sent by a job on the process
 * that owns the connection, with retries; acks from the provider move them on. Every message records its source.
 */
@Injectable()
export class OutboundService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: TicketEventsService,
    @InjectQueue(QUEUES.messages) private readonly queue: Queue<SendMessageJob>,
    private readonly media: MediaStorageService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  queueText(companyId: CompanyId, ticketId: number, body: string, options: OutboundOptions): Promise<MessageDto> {
    return this.queueMessage(companyId, ticketId, body, options);
  }

  queueMedia(companyId: CompanyId, ticketId: number, caption: string, media: OutboundMedia, options: OutboundOptions): Promise<MessageDto> {
    return this.queueMessage(companyId, ticketId, caption, options, media);
  }

  /** The text alone, or each checked file stored under a server-made name and queued, the text as the first one's caption. */
  async queueBodyAndFiles(companyId: CompanyId, ticketId: number, body: string, files: CheckedUpload[], options: OutboundOptions): Promise<MessageDto[]> {
    if (!files.length) return [await this.queueText(companyId, ticketId, body, options)];
    const messages: MessageDto[] = [];
    for (const [i, { file, type }] of files.entries()) {
      const stored = (await this.media.store(companyId, file.buffer, type))!;
      const media = { path: stored.path, mediaType: type.kind, mediaName: displayName(file.originalname, type.ext) };
      messages.push(await this.queueMedia(companyId, ticketId, i === 0 ? body : '', media, options));
    }
    return messages;
  }

  /**
   * Stores one outbound message and its ticket's last message in one statement, announces them and queues the send.
   * SQL, not the unit of work: every message an attendant or the bot sends comes through here, and loading the
   * ticket and flushing through the ORM cost several times the CPU of the rest (bench:ingest).
   */
  private async queueMessage(companyId: CompanyId, ticketId: number, body: string, options: OutboundOptions, media?: OutboundMedia): Promise<MessageDto> {
    const sql = tenantSql(this.em, companyId);
    const lastMessage = (body || (media ? `[${media.mediaType}]` : '')).slice(0, 255);
    const rows = await sql.execute<MessageRow>(
      `with t as (update tickets set last_message = ?, updated_at = now() where company_id = :companyId and id = ?
                  returning id, company_id, contact_id, whatsapp_id)
       insert into messages (company_id, ticket_id, contact_id, whatsapp_id, body, from_me, read, ack, source, user_id,
                             media_type, media_path, media_name, quoted_msg_id, created_at, updated_at)
       select t.company_id, t.id, t.contact_id, t.whatsapp_id, ?, true, true, 0, ?, ?, ?, ?, ?, ?::bigint, now(), now() from t
       returning ${MESSAGE_COLUMNS}`,
      [
        lastMessage,
        ticketId,
        body,
        options.source,
        options.userId ?? null,
        media?.mediaType ?? 'chat',
        media?.path ?? null,
        media?.mediaName ?? null,
        options.quotedMsgId ?? null,
      ],
    );
    if (!rows.length) throw new AppError(MessageError.ERR_NO_TICKET_FOUND);
    const [dto] = await this.announceRows(companyId, rows);
    return dto;
  }

  /** After the commit of messages stored by SQL (MESSAGE_COLUMNS rows of one ticket): their events, then their sends. */
  private async announceRows(companyId: CompanyId, rows: MessageRow[]): Promise<MessageDto[]> {
    const loaded = await loadMessagesWithTickets(tenantSql(this.em, companyId), rows);
    for (const { message, ticket } of loaded) if (ticket) this.events.message('create', message, ticket);
    const ticket = loaded[0]?.ticket;
    if (ticket) this.events.ticketUpdated(ticket);
    for (const { message } of loaded) await this.requeue(companyId, message.id);
    return loaded.map((l) => l.message);
  }

  /**
   * Adds an outbound message to the caller's unit of work without flushing, so it commits with the caller's own
   * change (a schedule or a campaign send marked done in the same transaction: sent exactly once). After the
   * commit, `announce` shows it and queues its send.
   */
  stage(em: EntityManager, ticket: Ticket, body: string, options: OutboundOptions, media?: OutboundMedia): Message {
    const message = em.create(Message, {
      companyId: ticket.companyId,
      ticket,
      contact: ticket.contact,
      whatsappId: ticket.whatsapp?.id ?? null,
      body,
      fromMe: true,
      read: true,
      ack: 0,
      source: options.source,
      userId: options.userId ?? null,
      mediaType: media?.mediaType ?? 'chat',
      mediaPath: media?.path ?? null,
      mediaName: media?.mediaName ?? null,
      quotedMsg: options.quotedMsgId ? em.getReference(Message, options.quotedMsgId) : null,
    });
    ticket.lastMessage = (body || (media ? `[${media.mediaType}]` : '')).slice(0, 255);
    ticket.updatedAt = new Date();
    return message;
  }

  /** After the commit of a staged message: the realtime events, then its send job. */
  async announce(em: EntityManager, message: Message): Promise<MessageDto> {
    if (message.quotedMsg) await em.populate(message, ['quotedMsg']);
    const dto = mapMessage(message);
    // From the row loader, as committed: loading the ticket's relations through the ORM cost about 3 ms of CPU.
    const ticketDto = (await loadTicketDtos(tenantSql(em, message.companyId), [message.ticket.id])).get(message.ticket.id);
    if (ticketDto) {
      this.events.message('create', dto, ticketDto);
      this.events.ticketUpdated(ticketDto);
    }
    await this.requeue(message.companyId, message.id);
    return dto;
  }

  /**
   * Queues the send of a stored message. The job id is the message's, so queueing again (a sweeper recovering a
   * crash between commit and queueing) adds nothing while the job is known; the job itself skips a message
   * already sent.
   */
  async requeue(companyId: CompanyId, messageId: string): Promise<void> {
    await this.queue.add(
      SEND_MESSAGE,
      { companyId, messageId: String(messageId) },
      { jobId: `send:${messageId}`, attempts: this.config.sendAttempts, backoff: { type: 'exponential', delay: this.config.sendRetryDelayMs } },
    );
  }
}

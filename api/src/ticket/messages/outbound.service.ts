import type { CompanyId } from '../../common/tenancy/company-id';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bull';
import { EntityManager } from '@mikro-orm/postgresql';
import type { JobOptions, Queue } from 'bull';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { CompanyJob, QUEUES } from '../../jobs/jobs';
import { mapMessage, MessageDto } from './dto/message.dto';
import { loadMessagesWithTickets, loadTicketDtos } from '../tickets/ticket-rows';
import type { MessageRow } from '../tickets/tickets.queries';
import { AppError } from '../../common/http/errors';
import { MessageError } from './message.errors';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { storeOutbound } from './messages.queries';
import { MediaType, Message, MessageSource } from './message.entity';
import { Ticket } from '../tickets/ticket.entity';
import { TicketEventsService } from '../tickets/ticket-events.service';
import { displayName } from '../../common/infra/media-type';
import { MediaStorageService } from './media-storage.service';
import type { CheckedUpload } from './uploads';

/**
 * A pending ticket's lastMessage is what the customer last wrote: the list previews it before anyone accepts, so
 * the bot's greeting, menu or an automatic message sent while the ticket waits does not replace it (an attendant's
 * own message, or the first message of a ticket without one, still does). The first parameter is the source.
 */

export interface SendMessageJob extends CompanyJob {
  messageId: string;
}

export const SEND_MESSAGE = 'send';

export interface OutboundOptions {
  source: MessageSource;
  userId?: number;
  quotedMsgId?: string;
  /** A super user sent it while acting as `userId`: kept in `dataJson.sentAs`, shown in the chat. */
  sentAs?: SentAs;
}

/** Who really sent an attendant's message written during an impersonation, as the chat names them. */
export interface SentAs {
  impersonatorId: number;
  impersonatorName: string;
  userName: string;
}

export interface OutboundMedia {
  path: string;
  mediaType: MediaType;
  mediaName: string;
  /** A recorded voice note (Ogg Opus): stored as `dataJson.ptt` and sent as push-to-talk. */
  voiceNote?: boolean;
}

/**
 * Outbound messages: stored first with ack 0 (the clock icon), shown at once, then sent by a job on the process
 * that owns the connection, with retries; acks from the provider move them on. Every message records its source.
 * The stored row is the intent: queueing its job is best-effort, and the outbound sweep queues again any unsent
 * message whose job is gone (api/README.md "Outbound delivery").
 */
@Injectable()
export class OutboundService {
  private readonly log = new Logger('Outbound');

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
    for (const [i, { file, type, voiceNote }] of files.entries()) {
      const stored = await this.media.storeUpload(companyId, file, type);
      const media = { path: stored.path, mediaType: type.kind, mediaName: displayName(file.originalname, type.ext), voiceNote };
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
    const lastMessage = (body || (media ? `[${media.mediaType}]` : '')).slice(0, 255);
    const rows = await storeOutbound(tenantSql(this.em, companyId), {
      ticketId,
      source: options.source,
      lastMessage,
      body,
      userId: options.userId ?? null,
      mediaType: media?.mediaType ?? 'chat',
      mediaPath: media?.path ?? null,
      mediaName: media?.mediaName ?? null,
      dataJson:
        media?.voiceNote || options.sentAs
          ? JSON.stringify({ ...(media?.voiceNote ? { ptt: true } : {}), ...(options.sentAs ? { sentAs: options.sentAs } : {}) })
          : null,
      quotedMsgId: options.quotedMsgId ?? null,
    });
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
    // In order (a caption's file before the next file); once Redis refuses one, the rest are left to the sweep too.
    for (const { message } of loaded) if (!(await this.requeue(companyId, message.id))) break;
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
      media: { path: media?.path ?? null, name: media?.mediaName ?? null },
      quotedMsg: options.quotedMsgId ? em.getReference(Message, options.quotedMsgId) : null,
    });
    if (!(ticket.status === 'pending' && ticket.lastMessage != null && options.source !== 'attendant')) {
      ticket.lastMessage = (body || (media ? `[${media.mediaType}]` : '')).slice(0, 255);
    }
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
   * Queues the send of a stored message, best-effort: the stored row is the intent, so a Redis that is down or slow
   * never fails or holds up the caller (an HTTP reply still answers with the stored message). Waits at most
   * ENQUEUE_TIMEOUT_MS, logs a failure and answers whether the job was queued; the outbound sweep
   * (OutboundSweeperService) queues whatever is still unsent later. The job id is the message's, so queueing again
   * adds nothing while the job is known; the job itself skips a message already sent.
   */
  async requeue(companyId: CompanyId, messageId: string): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const add = this.queue.add(SEND_MESSAGE, { companyId, messageId: String(messageId) }, sendJobOptions(messageId, this.config));
    // A timed-out add may still land once Redis answers: the same job id, so nothing is added twice.
    add.catch(() => undefined);
    try {
      await Promise.race([
        add,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer from Redis within ${ENQUEUE_TIMEOUT_MS} ms`)), ENQUEUE_TIMEOUT_MS);
        }),
      ]);
      return true;
    } catch (e) {
      this.log.warn(`message ${messageId}: send not queued (${String(e)}); the outbound sweep will queue it`);
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** How long storing an outbound message waits for Redis to take its send job before leaving it to the sweep. */
export const ENQUEUE_TIMEOUT_MS = 2000;

/** The send job of one message: id'd by the message, so queueing it again adds nothing while it is known. */
export const sendJobId = (messageId: string) => `send:${messageId}`;

export function sendJobOptions(messageId: string, config: Pick<AppConfig, 'sendAttempts' | 'sendRetryDelayMs'>): JobOptions {
  return { jobId: sendJobId(messageId), attempts: config.sendAttempts, backoff: { type: 'exponential', delay: config.sendRetryDelayMs } };
}

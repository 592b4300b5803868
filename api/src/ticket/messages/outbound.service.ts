import type { CompanyId } from '../../common/tenancy/company-id';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bull';
import { EntityManager } from '@mikro-orm/postgresql';
import type { JobOptions, Queue } from 'bull';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { CompanyJob, QUEUES } from '../../jobs/jobs';
import { mapMessage, MessageDto } from './dto/message.dto';
import { loadTicketDtos, messagesWithStoredTicket } from '../tickets/ticket-rows';
import { AppError } from '../../common/http/errors';
import { MessageError } from './message.errors';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { storeOutbound, type StoredOutboundRow } from './messages.queries';
import { MediaType, Message, MessageSource } from './message.entity';
import { Ticket } from '../tickets/ticket.entity';
import { TicketEventsService } from '../tickets/ticket-events.service';
import { displayName } from '../../common/infra/media-type';
import { MediaStorageService } from './media-storage.service';
import type { CheckedUpload } from './uploads';
import { isOfficial, type TemplatePurpose } from '../../connection/whatsapps/whatsapp.entity';
import { planForNumber, renderFor, resolveOutbound, type OutboundIntent, type PlannedTemplate, type RenderedTemplate } from '../official/outbound-window';

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
  /**
   * The automatic message this is (greeting, farewell, rating, ...). On an official connection outside the customer's
   * 24-hour window it goes as the template chosen for its purpose (ERR_NO_TEMPLATE_CHOSEN when none is); a message
   * without a purpose is refused there (ERR_WINDOW_CLOSED). See ticket/official/README.md.
   */
  purpose?: TemplatePurpose;
  /**
   * The ticket's connection's provider, when the caller read it within the ticket's chain (the chatbot's turn): a
   * connection that is not official has no window to check, and the statement that reads it is skipped.
   */
  connectionProvider?: string;
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

  /** Every queue* below first asks what the message becomes on its connection (the official API's window: resolveOutbound). */
  async queueText(companyId: CompanyId, ticketId: number, body: string, options: OutboundOptions): Promise<MessageDto> {
    let template: RenderedTemplate | null;
    try {
      template = await this.resolve(companyId, ticketId, options);
    } catch (e) {
      if (!isAutomaticRefusal(e, options)) throw e;
      return this.storeRefused(companyId, ticketId, body, options, e);
    }
    return template ? this.queueTemplate(companyId, ticketId, template, options) : this.queueMessage(companyId, ticketId, body, options);
  }

  /** A file already in the media store: removed again when the message is refused or goes as its template instead. */
  async queueMedia(companyId: CompanyId, ticketId: number, caption: string, media: OutboundMedia, options: OutboundOptions): Promise<MessageDto> {
    let template: RenderedTemplate | null;
    try {
      template = await this.resolve(companyId, ticketId, options);
    } catch (e) {
      await this.media.remove(companyId, media.path).catch(() => undefined);
      if (!isAutomaticRefusal(e, options)) throw e;
      return this.storeRefused(companyId, ticketId, caption || `[${media.mediaType}]`, options, e);
    }
    if (!template) return this.queueMessage(companyId, ticketId, caption, options, media);
    await this.media.remove(companyId, media.path).catch(() => undefined);
    return this.queueTemplate(companyId, ticketId, template, options);
  }

  /** What the message becomes on its connection (resolveOutbound); nothing to read when the caller knows it is not official. */
  private resolve(companyId: CompanyId, ticketId: number, options: OutboundOptions): Promise<RenderedTemplate | null> {
    if (options.connectionProvider !== undefined && !isOfficial(options.connectionProvider)) return Promise.resolve(null);
    return resolveOutbound(tenantSql(this.em, companyId), ticketId, options);
  }

  /**
   * An approved template (checked and rendered: ticket/official), stored like any outbound message: the rendered text
   * as its body, `dataJson.template` = { name, language, params } for the send job.
   */
  queueTemplate(companyId: CompanyId, ticketId: number, template: RenderedTemplate, options: OutboundOptions): Promise<MessageDto> {
    return this.queueMessage(companyId, ticketId, template.body, options, undefined, template);
  }

  /**
   * The text alone, or each checked file stored under a server-made name and queued, the text as the first one's
   * caption. Outside an official connection's window, nothing is stored (refused) or only the purpose's template.
   */
  async queueBodyAndFiles(companyId: CompanyId, ticketId: number, body: string, files: CheckedUpload[], options: OutboundOptions): Promise<MessageDto[]> {
    const template = await this.resolve(companyId, ticketId, options);
    if (template) return [await this.queueTemplate(companyId, ticketId, template, options)];
    if (!files.length) return [await this.queueMessage(companyId, ticketId, body, options)];
    const messages: MessageDto[] = [];
    for (const [i, { file, type, voiceNote }] of files.entries()) {
      const stored = await this.media.storeUpload(companyId, file, type);
      const media = { path: stored.path, mediaType: type.kind, mediaName: displayName(file.originalname, type.ext), voiceNote };
      messages.push(await this.queueMessage(companyId, ticketId, i === 0 ? body : '', options, media));
    }
    return messages;
  }

  /**
   * Stores one outbound message and its ticket's last message in one statement, announces them and queues the send.
   * SQL, not the unit of work: every message an attendant or the bot sends comes through here, and loading the
   * ticket and flushing through the ORM cost several times the CPU of the rest (bench:ingest).
   */
  private async queueMessage(
    companyId: CompanyId,
    ticketId: number,
    body: string,
    options: OutboundOptions,
    media?: OutboundMedia,
    template?: RenderedTemplate,
    refused?: AppError,
  ): Promise<MessageDto> {
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
        media?.voiceNote || options.sentAs || template || refused
          ? JSON.stringify({
              ...(media?.voiceNote ? { ptt: true } : {}),
              ...(options.sentAs ? { sentAs: options.sentAs } : {}),
              ...(template ? { template: templateData(template) } : {}),
              ...(refused ? { sendFailure: refused.message } : {}),
            })
          : null,
      failedWith: refused?.def.code ?? null,
      quotedMsgId: options.quotedMsgId ?? null,
    });
    if (!rows.length) throw new AppError(MessageError.ERR_NO_TICKET_FOUND);
    const [dto] = await this.announceRows(companyId, rows, { send: !refused });
    return dto;
  }

  /**
   * An automatic message (greeting, farewell, rating, the bot's words...) the official API's window refused: stored
   * as failed (ack -1, sendError the refusal's code, `dataJson.sendFailure` its reason naming the purpose) and never
   * sent, so the attendant sees in the chat what did not go and why. An attendant's or the API's own message is
   * refused with the error instead (they see it at once).
   */
  private storeRefused(companyId: CompanyId, ticketId: number, body: string, options: OutboundOptions, refusal: AppError): Promise<MessageDto> {
    this.log.warn(`ticket ${ticketId}: automatic message not sent: ${refusal.def.code}: ${refusal.message}`);
    return this.queueMessage(companyId, ticketId, body, options, undefined, undefined, refusal);
  }

  /** After the commit of messages stored by SQL (storeOutbound's rows, of one ticket): their events, then their sends. */
  private async announceRows(companyId: CompanyId, rows: StoredOutboundRow[], { send } = { send: true }): Promise<MessageDto[]> {
    const loaded = await messagesWithStoredTicket(tenantSql(this.em, companyId), rows);
    // Each message's event carries its ticket: it is the ticket's update too (TicketEventsService.message).
    for (const { message, ticket } of loaded) if (ticket) this.events.message('create', message, ticket);
    if (!send) return loaded.map((l) => l.message);
    // In order (a caption's file before the next file); once Redis refuses one, the rest are left to the sweep too.
    for (const { message } of loaded) if (!(await this.requeue(companyId, message.id))) break;
    return loaded.map((l) => l.message);
  }

  /**
   * Before a campaign or a schedule opens a ticket for a number: what its message becomes on the connection (null:
   * as written; the purpose's checked template, rendered with `renderPlanned` once the ticket is known), or the
   * refusal thrown (an AppError: the caller records it as the send's failure, with its message as the reason).
   */
  planFor(em: EntityManager, companyId: CompanyId, whatsappId: number, number: string, intent: OutboundIntent): Promise<PlannedTemplate | null> {
    return planForNumber(tenantSql(em, companyId), whatsappId, number, intent);
  }

  /** A planned template's placeholders filled for the ticket (inside the caller's transaction). */
  renderPlanned(em: EntityManager, ticket: Ticket, planned: PlannedTemplate, userId?: number | null): Promise<RenderedTemplate> {
    return renderFor(tenantSql(em, ticket.companyId), ticket.id, planned, userId ?? null);
  }

  /**
   * Adds an outbound message to the caller's unit of work without flushing, so it commits with the caller's own
   * change (a schedule or a campaign send marked done in the same transaction: sent exactly once). After the
   * commit, `announce` shows it and queues its send. With a template (`renderPlanned`), the template is the message:
   * its rendered text, no media.
   */
  stage(em: EntityManager, ticket: Ticket, body: string, options: OutboundOptions, media?: OutboundMedia, template?: RenderedTemplate): Message {
    if (template) {
      body = template.body;
      media = undefined;
    }
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
      ...(template ? { dataJson: { template: templateData(template) } } : {}),
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
    if (ticketDto) this.events.message('create', dto, ticketDto);
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

/** What a template message keeps in `dataJson.template`: what the send job hands the provider. */
/** The official API's refusals that an automatic message (one with a purpose, or the bot's) records as its failure. */
const AUTOMATIC_REFUSALS = new Set(['ERR_WINDOW_CLOSED', 'ERR_NO_TEMPLATE_CHOSEN', 'ERR_TEMPLATE_NOT_FOUND']);
const isAutomaticRefusal = (e: unknown, options: OutboundOptions): e is AppError =>
  e instanceof AppError && AUTOMATIC_REFUSALS.has(e.def.code) && (Boolean(options.purpose) || options.source === 'bot');

const templateData = (t: RenderedTemplate) => ({ name: t.name, language: t.language, params: t.params });

/** How long storing an outbound message waits for Redis to take its send job before leaving it to the sweep. */
export const ENQUEUE_TIMEOUT_MS = 2000;

/** The send job of one message: id'd by the message, so queueing it again adds nothing while it is known. */
export const sendJobId = (messageId: string) => `send:${messageId}`;

export function sendJobOptions(messageId: string, config: Pick<AppConfig, 'sendAttempts' | 'sendRetryDelayMs'>): JobOptions {
  return { jobId: sendJobId(messageId), attempts: config.sendAttempts, backoff: { type: 'exponential', delay: config.sendRetryDelayMs } };
}

import type { CompanyId } from '../../common/company-id';
import { Inject, Injectable } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bull';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Queue } from 'bull';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { forkForCompany } from '../../database/tenant-filter';
import { CompanyJob, QUEUES } from '../../jobs/jobs';
import { mapMessage, MessageDto } from './dto/message.dto';
import { loadTicketDtos } from '../tickets/ticket-rows';
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

  private async queueMessage(companyId: CompanyId, ticketId: number, body: string, options: OutboundOptions, media?: OutboundMedia): Promise<MessageDto> {
    const em = forkForCompany(this.em, companyId);
    // The ticket alone: staging needs its references, and announce reads the ticket as clients see it from the rows.
    const ticket = await em.findOneOrFail(Ticket, { id: ticketId, companyId });
    const message = this.stage(em, ticket, body, options, media);
    await em.flush();
    return this.announce(em, message);
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

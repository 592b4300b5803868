import { Logger } from '@nestjs/common';
import { OnQueueFailed, Process, Processor } from '@nestjs/bull';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Job } from 'bull';
import { mimetypeOfStoredName } from '../../common/media-type';
import { forkForCompany } from '../../database/tenant-filter';
import { QUEUES } from '../../jobs/jobs';
import { ConnectionSessionsService } from '../../connection/sessions/connection-sessions.service';
import { MediaStorageService } from './media-storage.service';
import { MediaType, Message } from './message.entity';
import { tenantSql } from '../../database/tenant-sql';
import { MESSAGE_COLUMNS, MessageRow } from '../tickets/ticket-rows';
import { SEND_MESSAGE, SendMessageJob } from './outbound.service';
import { MessageUpdatesService } from '../ingest/message-updates.service';

export const SEND_FAILED_CODE = 'ERR_SENDING_WAPP_MSG';

/** What sending a stored message needs: the message, its contact's number and the quoted message's provider id. */
interface OutgoingRow {
  provider_id: string | null;
  is_deleted: boolean;
  whatsapp_id: number | null;
  media_type: MediaType;
  body: string;
  media_path: string | null;
  media_name: string | null;
  contact_number: string | null;
  quoted_provider_id: string | null;
}

@Processor(QUEUES.messages)
export class MessageSendProcessor {
  private readonly log = new Logger('MessageSend');

  constructor(
    private readonly em: EntityManager,
    private readonly sessions: ConnectionSessionsService,
    private readonly media: MediaStorageService,
    private readonly updates: MessageUpdatesService,
  ) {}

  /**
   * Sends one stored message and records its provider id. Rows, not entities: this runs for every message an
   * attendant, the bot or a campaign sends, and loading and flushing the message through the ORM cost more CPU
   * than the rest of the job (bench:ingest).
   */
  @Process({ name: SEND_MESSAGE, concurrency: 8 })
  async send(job: Job<SendMessageJob>): Promise<void> {
    const { companyId, messageId } = job.data;
    const sql = tenantSql(this.em, companyId);
    const [message] = await sql.prepared<OutgoingRow>(
      'message-to-send',
      `select m.provider_id, m.is_deleted, m.whatsapp_id, m.media_type, m.body, m.media_path, m.media_name,
              c.number as contact_number, q.provider_id as quoted_provider_id
         from messages m
         left join contacts c on c.id = m.contact_id
         left join messages q on q.id = m.quoted_msg_id
        where m.company_id = :companyId and m.id = ?`,
      [messageId],
    );
    if (!message || message.provider_id || message.is_deleted) return; // already sent, or gone
    if (!message.whatsapp_id || !message.contact_number) throw new Error('message has no connection or contact');
    const sent = await this.sessions.send(companyId, message.whatsapp_id, message.contact_number, {
      type: message.media_type,
      body: message.body,
      quotedProviderId: message.quoted_provider_id ?? undefined,
      media: message.media_path
        ? {
            path: this.media.absolute(companyId, message.media_path),
            mimetype: mimetypeOfStoredName(message.media_path),
            filename: message.media_name ?? 'file',
          }
        : undefined,
    });
    const stored = await sql.execute<MessageRow>(
      `update messages set provider_id = ?, ack = greatest(ack, 1), send_error = null, updated_at = now()
        where company_id = :companyId and id = ? returning ${MESSAGE_COLUMNS}`,
      [sent.providerId, messageId],
    );
    // Acks that beat this commit were parked (on whichever process runs the session); taken only now that the
    // provider id is stored, so a later ack finds the message and none slips between. Raising the ack announces
    // the message; otherwise it is announced as sent here, once.
    const early = await this.updates.takeEarlyAck(message.whatsapp_id, sent.providerId);
    const announced = early !== undefined && (await this.updates.raiseAck(companyId, message.whatsapp_id, sent.providerId, early)) !== 'missing';
    if (!announced) await this.updates.announceRows(companyId, stored);
  }

  /** After the last try the message shows as failed (ack -1) with ERR_SENDING_WAPP_MSG. */
  @OnQueueFailed()
  async failed(job: Job<SendMessageJob>, error: Error): Promise<void> {
    if (job.name !== SEND_MESSAGE || job.attemptsMade < (job.opts.attempts ?? 1)) return;
    this.log.warn(`message ${job.data.messageId} not sent after ${job.attemptsMade} tries: ${error.message}`);
    const em = forkForCompany(this.em, job.data.companyId);
    const message = await em.findOne(Message, { id: job.data.messageId, companyId: job.data.companyId }, { populate: ['quotedMsg'] });
    if (!message || message.providerId) return;
    message.ack = -1;
    message.sendError = SEND_FAILED_CODE;
    await em.flush();
    await this.updates.publishUpdate(em, message);
  }
}

import { Logger } from '@nestjs/common';
import { OnQueueFailed, Process, Processor } from '@nestjs/bull';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Job } from 'bull';
import { mimetypeOfStoredName } from '../../common/media-type';
import { forkForCompany } from '../../database/tenant-filter';
import { QUEUES } from '../../jobs/jobs';
import { ConnectionSessionsService } from '../../connection/sessions/connection-sessions.service';
import { MediaStorageService } from './media-storage.service';
import { Message } from './message.entity';
import { SEND_MESSAGE, SendMessageJob } from './outbound.service';
import { MessageUpdatesService } from '../ingest/message-updates.service';

export const SEND_FAILED_CODE = 'ERR_SENDING_WAPP_MSG';

@Processor(QUEUES.messages)
export class MessageSendProcessor {
  private readonly log = new Logger('MessageSend');

  constructor(
    private readonly em: EntityManager,
    private readonly sessions: ConnectionSessionsService,
    private readonly media: MediaStorageService,
    private readonly updates: MessageUpdatesService,
  ) {}

  @Process({ name: SEND_MESSAGE, concurrency: 8 })
  async send(job: Job<SendMessageJob>): Promise<void> {
    const { companyId, messageId } = job.data;
    const em = forkForCompany(this.em, companyId);
    const message = await em.findOne(Message, { id: messageId, companyId }, { populate: ['quotedMsg', 'contact'] });
    if (!message || message.providerId || message.isDeleted) return; // already sent, or gone
    const contact = message.contact?.getEntity();
    if (!message.whatsappId || !contact) throw new Error('message has no connection or contact');
    const quoted = message.quotedMsg?.isInitialized() ? message.quotedMsg.getEntity() : null;
    const sent = await this.sessions.send(companyId, message.whatsappId, contact.number, {
      type: message.mediaType,
      body: message.body,
      quotedProviderId: quoted?.providerId ?? undefined,
      media: message.mediaPath
        ? { path: this.media.absolute(companyId, message.mediaPath), mimetype: mimetypeOfStoredName(message.mediaPath), filename: message.mediaName ?? 'file' }
        : undefined,
    });
    message.providerId = sent.providerId;
    message.ack = Math.max(message.ack, 1);
    message.sendError = null;
    await em.flush();
    // Acks that beat this commit were parked (on whichever process runs the session); taken only now that the
    // provider id is stored, so a later ack finds the message and none slips between. Raising the ack announces
    // the message; otherwise it is announced as sent here, once.
    const early = await this.updates.takeEarlyAck(message.whatsappId, sent.providerId);
    const announced = early !== undefined && (await this.updates.raiseAck(companyId, message.whatsappId, sent.providerId, early)) !== 'missing';
    if (!announced) await this.updates.publishUpdate(em, message);
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

import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Logger } from '@nestjs/common';
import { OnQueueFailed, Process, Processor } from '@nestjs/bull';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Job } from 'bull';
import { mimetypeOfStoredName } from '../../common/infra/media-type';
import { forkForCompany } from '../../common/tenancy/tenant-filter';
import { QUEUES } from '../../jobs/jobs';
import { ConnectionSessionsService } from '../../connection/sessions/connection-sessions.service';
import { MediaStorageService } from './media-storage.service';
import { Message } from './message.entity';
import { tenantSql, type TenantSql } from '../../common/tenancy/tenant-sql';
import { connectionStatus, earlierUnsent, recordSent, sendRefused, startSend, toSendStarted, type OutgoingRow } from './messages.queries';
import { SEND_MESSAGE, SendMessageJob } from './outbound.service';
import { MessageUpdatesService } from '../ingest/message-updates.service';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import type { CompanyId } from '../../common/tenancy/company-id';
import { AppError } from '../../common/http/errors';
import { ConnectionError } from '../../connection/connection.errors';

export const SEND_FAILED_CODE = 'ERR_SENDING_WAPP_MSG';

/** The provider refusals a retry cannot change (the official API's): the message fails at once with the code. */
export const FINAL_REFUSALS: readonly string[] = ['ERR_WINDOW_CLOSED', 'ERR_TEMPLATE_NOT_FOUND', 'ERR_WAPP_INVALID_CONTACT', 'ERR_CLOUD_CREDENTIALS'];

/**
 * A final refusal's code and reason: a ProviderError from a session here, a RemoteSessionError from one on another
 * process (both carry `code`), or an AppError with such a code.
 */
export function finalRefusal(e: unknown): { code: string; reason: string } | undefined {
  const err = e as { code?: unknown; def?: { code?: unknown }; message?: unknown };
  const code = typeof err?.code === 'string' ? err.code : typeof err?.def?.code === 'string' ? err.def.code : undefined;
  if (!code || !FINAL_REFUSALS.includes(code)) return undefined;
  return { code, reason: typeof err.message === 'string' && err.message ? err.message : code };
}

/**
 * A provider message id chosen before the first provider call, in WhatsApp Web's own shape (what Baileys'
 * generateMessageID makes): `3EB0` and 36 hex digits.
 */
export const newProviderMessageId = () => `3EB0${randomBytes(18).toString('hex').toUpperCase()}`;

/**
 * Provider calls one message may take before a send that finds the previous call interrupted (its process died during
 * it) gives up: a message that keeps killing its worker is failed instead of sent again forever.
 */
export const maxProviderCalls = (config: Pick<AppConfig, 'sendAttempts'>) => config.sendAttempts + 2;

/**
 * How long a send waits, at most, for the earlier sends of its ticket that run in this process (each is a provider
 * call bounded by its own timeout; this only guards against a wait that would never end).
 */
export const ORDER_WAIT_MS = 60_000;
const ORDER_POLL_MS = 20;

/** What sending a stored message needs: the message, its contact's number and the quoted message's provider id. */
@Processor(QUEUES.messages)
export class MessageSendProcessor {
  private readonly log = new Logger('MessageSend');
  /** The messages whose send job runs in this process now (see afterEarlierSends). */
  private readonly running = new Set<string>();

  constructor(
    private readonly em: EntityManager,
    private readonly sessions: ConnectionSessionsService,
    private readonly media: MediaStorageService,
    private readonly updates: MessageUpdatesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Sends one stored message and records its provider id. Rows, not entities: this runs for every message an
   * attendant, the bot or a campaign sends, and loading and flushing the message through the ORM cost more CPU
   * than the rest of the job (bench:ingest).
   *
   * The send marker: before the provider is called, the message's provider id (`send_id`, chosen once) and
   * `send_started_at` are committed and `send_attempts` counted. Every call sends under that id, so when a process
   * dies between the provider's answer and the update below, the re-send (a Bull retry, or the outbound sweep) is
   * the same message to the recipient: the sandbox phone and WhatsApp keep one message per id.
   */
  @Process({ name: SEND_MESSAGE, concurrency: 8 })
  async send(job: Job<SendMessageJob>): Promise<void> {
    const messageId = String(job.data.messageId);
    this.running.add(messageId);
    try {
      await this.sendRunning(job.data.companyId, messageId);
    } finally {
      this.running.delete(messageId);
    }
  }

  private async sendRunning(companyId: CompanyId, messageId: string): Promise<void> {
    const sql = tenantSql(this.em, companyId);
    // A first send that nothing holds back (most of them) is read and marked by one statement.
    const message = await toSendStarted(sql, messageId, newProviderMessageId(), [...this.running]);
    if (!message || message.provider_id || message.is_deleted || message.ack < 0) return; // already sent, gone, or failed
    if (!message.whatsapp_id || !message.contact_number) throw new Error('message has no connection or contact');
    let sendId: string | null | undefined = message.started_as;
    if (!sendId) {
      await this.afterEarlierSends(companyId, message.ticket_id, messageId, message.earlier_unsent);
      if (message.send_started_at && message.send_attempts >= maxProviderCalls(this.config)) {
        await this.markFailed(companyId, messageId, `gave up after ${message.send_attempts} provider calls, the last one interrupted`);
        return;
      }
      sendId = await startSend(sql, messageId, newProviderMessageId());
      if (!sendId) return; // recorded as sent meanwhile
      if (message.send_started_at) this.log.log(`message ${messageId}: an earlier send was interrupted; sending again as ${sendId}`);
    }
    // Acks for the id that reach this process before the id is recorded are held for this job (no statement each).
    this.updates.expectAcks(message.whatsapp_id, sendId);
    try {
      await this.sendAs(sql, companyId, messageId, message, message.whatsapp_id, message.contact_number, sendId);
    } finally {
      // Still held when the id was not recorded (a refusal, a failure): parked for the retry, which sends under the same id.
      await this.updates.releaseAcks(message.whatsapp_id, sendId);
    }
  }

  /** The provider call under the send marker's id, then its recording and announcement. */
  private async sendAs(
    sql: TenantSql,
    companyId: CompanyId,
    messageId: string,
    message: OutgoingRow,
    whatsappId: number,
    contactNumber: string,
    sendId: string,
  ): Promise<void> {
    let sent: { providerId: string };
    try {
      sent = await this.sessions.send(companyId, whatsappId, contactNumber, {
        type: message.media_type,
        body: message.body,
        providerId: sendId,
        quotedProviderId: message.quoted_provider_id ?? undefined,
        media: message.media_path
          ? {
              path: this.media.keyOf(companyId, message.media_path),
              mimetype: mimetypeOfStoredName(message.media_path),
              filename: message.media_name ?? 'file',
            }
          : undefined,
        // A recorded voice note (stored as Ogg Opus): push-to-talk.
        voiceNote: message.media_type === 'audio' && message.data_json?.ptt === true,
        // An official connection's template (ticket/official): `body` holds its rendered text, for the chat.
        ...(message.data_json?.template ? { template: message.data_json.template } : {}),
      });
    } catch (e) {
      // The provider answered with a refusal: this call's outcome is known. The retry sends under the same id anyway.
      await sendRefused(sql, messageId).catch(() => undefined);
      // A refusal no retry changes (the official API's closed window, a template or contact it refuses, its
      // credentials): failed at once with its code and reason, not tried again.
      const final = finalRefusal(e);
      if (final) return void (await this.markFailed(companyId, messageId, `refused: ${final.reason}`, final));
      throw e;
    }
    // An ack held for the id already (the provider acked before its call returned) is recorded with it.
    const stored = await recordSent(sql, messageId, sent.providerId, this.updates.heldAck(whatsappId, sent.providerId));
    // Acks that beat this commit were held (this process) or parked (whichever process runs the session); taken only
    // now that the provider id is stored, so a later ack finds the message and none slips between. An ack above the
    // one recorded is raised, which announces the message; otherwise it is announced as sent here, once.
    const early = await this.updates.takeEarlyAck(whatsappId, sent.providerId);
    const recorded = stored[0]?.ack ?? 0;
    const announced = early !== undefined && early > recorded && (await this.updates.raiseAck(companyId, whatsappId, sent.providerId, early)) !== 'missing';
    if (!announced) await this.updates.announceRows(companyId, stored);
  }

  /**
   * A ticket's messages reach the phone in the order they were stored: a bot's text before the link it sends next,
   * an attendant's attachments one after another. Send jobs run eight at a time, so a send first waits for the
   * earlier unsent messages of its ticket whose send jobs are running in this process (`running`: a job registers
   * before its first await, and Bull starts a queue's jobs in the order they were added). An earlier message whose job
   * is not running here (waiting for a retry, lost to a crash until the outbound sweep, or on another worker) does not
   * hold the ticket: after a crash, a stalled message must not keep the rest of the conversation waiting. Found by a
   * typebot reply whose text reached the phone after its link (CI of stop 38).
   */
  private async afterEarlierSends(companyId: CompanyId, ticketId: number, messageId: string, first: string[]): Promise<void> {
    const sql = tenantSql(this.em, companyId);
    const deadline = Date.now() + ORDER_WAIT_MS;
    for (let earlier = first; ; earlier = await earlierUnsent(sql, ticketId, messageId)) {
      if (!earlier.some((id) => this.running.has(id))) return;
      if (Date.now() > deadline) {
        this.log.warn(`message ${messageId}: earlier messages of ticket ${ticketId} still sending after ${ORDER_WAIT_MS} ms; sending without them`);
        return;
      }
      await sleep(ORDER_POLL_MS);
    }
  }

  /**
   * After the last try the message shows as failed (ack -1) with ERR_SENDING_WAPP_MSG, unless nobody ran its
   * connection while the connection should be running (any status but DISCONNECTED: a session being handed to
   * another worker, or resumed after a crash until the dead process's lease runs out): then it stays unsent and the
   * outbound sweep gives it fresh tries, until it is sent or a day old.
   */
  @OnQueueFailed()
  async failed(job: Job<SendMessageJob>, error: Error): Promise<void> {
    if (job.name !== SEND_MESSAGE || job.attemptsMade < (job.opts.attempts ?? 1)) return;
    const { companyId, messageId } = job.data;
    if (error instanceof AppError && error.def.code === ConnectionError.ERR_WAPP_NOT_INITIALIZED.code) {
      const status = await connectionStatus(tenantSql(this.em, companyId), messageId);
      if (status && status !== 'DISCONNECTED') {
        this.log.warn(`message ${messageId}: its connection runs nowhere yet (${status}); the outbound sweep tries again`);
        return;
      }
    }
    await this.markFailed(companyId, messageId, `not sent after ${job.attemptsMade} tries: ${error.message}`);
  }

  /**
   * The message shows as failed (ack -1, ERR_SENDING_WAPP_MSG, or a final refusal's code with its reason in
   * `dataJson.sendFailure`): final, the outbound sweep leaves it alone.
   */
  private async markFailed(companyId: CompanyId, messageId: string, why: string, refusal?: { code: string; reason: string }): Promise<void> {
    this.log.warn(`message ${messageId} ${why}`);
    const em = forkForCompany(this.em, companyId);
    const message = await em.findOne(Message, { id: messageId, companyId }, { populate: ['quotedMsg'] });
    if (!message || message.providerId) return;
    message.ack = -1;
    message.sendError = refusal?.code ?? SEND_FAILED_CODE;
    if (refusal) message.dataJson = { ...(message.dataJson ?? {}), sendFailure: refusal.reason.slice(0, 1000) };
    message.sendStartedAt = null;
    await em.flush();
    await this.updates.publishUpdate(em, message);
  }
}

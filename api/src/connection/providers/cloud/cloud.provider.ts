import { Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../../config/app-config';
import type { SecretBox } from '../../../common/infra/secret-box';
import type { MediaStore } from '../../../common/infra/media-store/media-store';
import { ConnectionHandle, MessagingProvider, NumberCheck, OutboundContent, ProviderError, ProviderEvents, ProviderTemplate } from '../messaging-provider';
import { isVoiceNoteFile } from '../baileys/baileys-outbound';
import { toVoiceNote } from '../baileys/voice-note';
import { CloudCredentials, loadCloudCredentials } from './cloud-credentials';
import { buildCloudMessage } from './cloud-outbound';
import { GraphTemplate, mapTemplate, refusesCredentials, isRetryable, sendFailure } from './cloud.rules';
import { GraphClient } from './graph-client';

/** The phone number's fields read at connect (and again when Meta reports a quality change). */
export const PHONE_FIELDS = 'display_phone_number,verified_name,quality_rating,messaging_limit_tier';

export interface PhoneFields {
  display_phone_number?: string;
  verified_name?: string;
  quality_rating?: string;
  messaging_limit_tier?: string;
}

export interface CloudProviderOptions {
  media?: Pick<MediaStore, 'readBuffer' | 'withLocalFile'>;
  /** Converts an audio file to a voice note (Ogg/Opus); the packaged ffmpeg by default. */
  toVoiceNote?: (path: string) => Promise<Buffer>;
  /** The first pause before probing the Graph API again after a network failure (doubling to a minute). */
  retryMs?: number;
  logger?: Pick<Logger, 'log' | 'warn'>;
}

/** The longest pause between two probes of an unreachable Graph API. */
const MAX_RETRY_MS = 60_000;

/**
 * Meta's official WhatsApp Business Cloud API. A session is the connection's credentials, read and opened at connect
 * and kept while it runs here; connecting is one probe of the phone number (GET /{phone-number-id}). Messages and
 * statuses arrive by webhook (connection/cloud-webhook), on whichever process Meta reaches, not through this
 * session. Sends, read receipts and templates are Graph API calls.
 *
 * Connect: the number's fields answered: CONNECTED with the number, its quality rating and messaging limit. The token
 * refused (code 190, HTTP 401) or the number unknown to it (another 4xx): DISCONNECTED with a warning, the session
 * ends (the admin fixes the credentials and starts it again). The Graph API unreachable (network, 5xx, 429): the
 * session stays OPENING and probes again, 1 s doubling to a minute, as a linked device reconnects.
 */
export class CloudProvider implements MessagingProvider {
  readonly name = 'cloud' as const;
  private readonly sessions = new Map<number, CloudSession>();
  private readonly log: Pick<Logger, 'log' | 'warn'>;

  constructor(
    private readonly em: EntityManager,
    private readonly box: SecretBox,
    private readonly config: Pick<AppConfig, 'whatsappGraphUrl'>,
    private readonly options: CloudProviderOptions = {},
  ) {
    this.log = options.logger ?? new Logger('CloudApi');
  }

  async connect(connection: ConnectionHandle, events: ProviderEvents): Promise<void> {
    await this.disconnect(connection.id);
    const credentials = await loadCloudCredentials(this.em, this.box, connection.companyId, connection.id);
    if (!credentials) {
      this.log.warn(`connection ${connection.id}: no phone number id or access token (or they do not open): not connected`);
      events.status(connection.id, 'DISCONNECTED');
      return;
    }
    const session = new CloudSession(connection.id, credentials, new GraphClient(this.config.whatsappGraphUrl, credentials.accessToken), events, {
      media: this.options.media,
      toVoiceNote: this.options.toVoiceNote ?? ((path) => toVoiceNote(path)),
      retryMs: this.options.retryMs ?? 1000,
      log: this.log,
    });
    this.sessions.set(connection.id, session);
    session.start();
  }

  async disconnect(whatsappId: number): Promise<void> {
    this.sessions.get(whatsappId)?.stop();
    this.sessions.delete(whatsappId);
  }

  send(whatsappId: number, to: string, content: OutboundContent): Promise<{ providerId: string; timestamp: Date }> {
    return this.running(whatsappId).send(to, content);
  }

  edit(): Promise<void> {
    return Promise.reject(new ProviderError('The official WhatsApp API cannot edit or delete a sent message', 'ERR_NOT_ON_OFFICIAL'));
  }

  delete(): Promise<void> {
    return Promise.reject(new ProviderError('The official WhatsApp API cannot edit or delete a sent message', 'ERR_NOT_ON_OFFICIAL'));
  }

  /** The Cloud API marks a message read, and with it every earlier one of the chat: the last id is enough. */
  async markRead(whatsappId: number, _chatId: string, providerIds: string[]): Promise<void> {
    const session = this.running(whatsappId);
    const last = providerIds[providerIds.length - 1];
    if (last) await session.markRead(last);
  }

  /** The Cloud API shows no typing state or presence: nothing to do. */
  async presence(whatsappId: number): Promise<void> {
    this.running(whatsappId);
  }

  /** A business number has no address book the API reads. */
  async phoneBook(whatsappId: number): Promise<{ name: string; number: string }[]> {
    this.running(whatsappId);
    return [];
  }

  /**
   * The Cloud API has no lookup of who is on WhatsApp (the contacts endpoint was removed): every number is answered as
   * existing, and a number that is not fails at send (131026, ERR_WAPP_INVALID_CONTACT, as a failed status).
   */
  async checkNumbers(whatsappId: number, numbers: string[]): Promise<NumberCheck[]> {
    this.running(whatsappId);
    return numbers.map((n) => ({ number: n.replace(/\D/g, ''), exists: true }));
  }

  templates(whatsappId: number): Promise<ProviderTemplate[]> {
    return this.running(whatsappId).templates();
  }

  private running(whatsappId: number): CloudSession {
    const session = this.sessions.get(whatsappId);
    if (!session) throw new ProviderError(`connection ${whatsappId} does not run here`, 'ERR_WAPP_NOT_INITIALIZED');
    return session;
  }
}

interface SessionDeps {
  media?: Pick<MediaStore, 'readBuffer' | 'withLocalFile'>;
  toVoiceNote: (path: string) => Promise<Buffer>;
  retryMs: number;
  log: Pick<Logger, 'log' | 'warn'>;
}

class CloudSession {
  private stopped = false;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly id: number,
    private readonly credentials: CloudCredentials,
    private readonly graph: GraphClient,
    private readonly events: ProviderEvents,
    private readonly deps: SessionDeps,
  ) {}

  start(): void {
    this.events.status(this.id, 'OPENING');
    void this.probe(0);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private async probe(attempt: number): Promise<void> {
    if (this.stopped) return;
    try {
      const phone = await this.graph.get<PhoneFields>(this.credentials.phoneNumberId, { fields: PHONE_FIELDS });
      if (this.stopped) return;
      this.events.status(this.id, 'CONNECTED', {
        number: phone.display_phone_number?.replace(/\D/g, '') || null,
        qualityRating: phone.quality_rating ?? null,
        messagingLimit: phone.messaging_limit_tier ?? null,
      });
    } catch (e) {
      if (this.stopped) return;
      if (refusesCredentials(e) || !isRetryable(e)) {
        this.deps.log.warn(`connection ${this.id}: the Graph API refused the connection (${String(e)}); disconnected`);
        this.stopped = true;
        this.events.status(this.id, 'DISCONNECTED');
        return;
      }
      const delayMs = Math.min(MAX_RETRY_MS, this.deps.retryMs * 2 ** attempt);
      this.deps.log.warn(`connection ${this.id}: the Graph API did not answer (${String(e)}); trying again in ${delayMs} ms`);
      this.timer = setTimeout(() => void this.probe(attempt + 1), delayMs);
      this.timer.unref();
    }
  }

  async send(to: string, content: OutboundContent): Promise<{ providerId: string; timestamp: Date }> {
    try {
      const mediaId = content.media ? await this.upload(content) : undefined;
      const answer = await this.graph.post<{ messages?: { id?: string }[] }>(
        `${this.credentials.phoneNumberId}/messages`,
        buildCloudMessage(to, content, mediaId, content.providerId),
      );
      const providerId = answer.messages?.[0]?.id;
      if (!providerId) throw new ProviderError('The Graph API answered the send without a message id', 'ERR_SENDING_WAPP_MSG');
      return { providerId, timestamp: new Date() };
    } catch (e) {
      if (e instanceof ProviderError) throw e;
      throw sendFailure(e);
    }
  }

  /** The file uploaded to the Graph API (POST /{phone-number-id}/media): its id. A voice note goes as Ogg/Opus. */
  private async upload(content: OutboundContent): Promise<string> {
    const { path, mimetype, filename } = content.media!;
    const media = this.deps.media;
    if (!media) throw new ProviderError('no media store to read the file from', 'ERR_SENDING_WAPP_MSG');
    if (content.type === 'audio' && content.voiceNote && !isVoiceNoteFile(mimetype)) {
      const voice = await media.withLocalFile(path, (local) => this.deps.toVoiceNote(local));
      return this.graph.upload(this.credentials.phoneNumberId, voice, 'audio/ogg', 'voice.ogg');
    }
    const data = await media.readBuffer(path);
    if (!data) throw new ProviderError(`the file ${filename} is no longer stored`, 'ERR_SENDING_WAPP_MSG');
    // The Cloud API takes the base type (audio/ogg, not audio/ogg; codecs=opus).
    return this.graph.upload(this.credentials.phoneNumberId, data, mimetype.split(';')[0].trim() || 'application/octet-stream', filename);
  }

  async markRead(providerId: string): Promise<void> {
    await this.graph
      .post(`${this.credentials.phoneNumberId}/messages`, { messaging_product: 'whatsapp', status: 'read', message_id: providerId })
      .catch((e: unknown) => {
        throw sendFailure(e);
      });
  }

  /** Every template of the business account, page by page (`paging.next`). */
  async templates(): Promise<ProviderTemplate[]> {
    const waba = this.credentials.businessAccountId;
    if (!waba) throw new ProviderError('This connection has no WhatsApp Business Account id', 'ERR_CLOUD_CREDENTIALS');
    const out: ProviderTemplate[] = [];
    let next: string | undefined = `${waba}/message_templates`;
    for (let page = 0; next && page < 100; page++) {
      const answer: { data?: GraphTemplate[]; paging?: { next?: string } } = await this.graph
        .get<{ data?: GraphTemplate[]; paging?: { next?: string } }>(next, page === 0 ? { limit: '100' } : {})
        .catch((e: unknown) => {
          throw sendFailure(e);
        });
      out.push(...(answer.data ?? []).map(mapTemplate));
      next = answer.paging?.next;
    }
    return out;
  }
}

import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { AppError } from '../../common/http/errors';
import { SecretBox } from '../../common/infra/secret-box';
import type { CompanyId } from '../../common/tenancy/company-id';
import { withoutTenantFilter } from '../../common/tenancy/tenant-filter';
import { ConnectionSessionsService } from '../sessions/connection-sessions.service';
import { Whatsapp } from '../whatsapps/whatsapp.entity';
import type { InboundMessage } from '../providers/messaging-provider';
import { CloudCredentials, loadCloudCredentials } from '../providers/cloud/cloud-credentials';
import { CloudEvent, parseDelivery } from '../providers/cloud/cloud-inbound';
import { PHONE_FIELDS, type PhoneFields } from '../providers/cloud/cloud.provider';
import { GraphClient } from '../providers/cloud/graph-client';
import { CloudWebhookError } from './cloud-webhook.errors';

/** Equal in constant time, whatever the lengths (digests are compared, so a length never leaks). */
function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/**
 * Meta's webhook for one official connection (README "The official API's webhook"): the verification challenge, then
 * signed deliveries of messages, statuses and the number's quality, stored before the answer.
 */
@Injectable()
export class CloudWebhookService {
  private readonly log = new Logger('CloudWebhook');

  constructor(
    private readonly em: EntityManager,
    private readonly box: SecretBox,
    private readonly sessions: ConnectionSessionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** GET: Meta's subscription check; the challenge when the verify token is this connection's, else 403. */
  async challenge(whatsappId: number, mode: unknown, token: unknown, challenge: unknown): Promise<string> {
    const found = await this.connection(whatsappId);
    const expected = found?.credentials.verifyToken;
    if (mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string' || !expected || !sameSecret(token, expected)) {
      throw new AppError(CloudWebhookError.ERR_WEBHOOK_VERIFY_TOKEN);
    }
    return challenge;
  }

  /**
   * POST: a delivery. Refused (401, nothing read further) unless `X-Hub-Signature-256` is the HMAC-SHA256 of the raw
   * body with the connection's app secret. Resolves once every message of it is committed (or was stored before: Meta
   * delivers again, the ids make it harmless); a message that could not be stored makes it 503, and Meta delivers the
   * whole again later.
   */
  async deliver(whatsappId: number, signature: unknown, raw: Buffer | undefined): Promise<void> {
    const found = await this.connection(whatsappId);
    const secret = found?.credentials.appSecret;
    const expected = secret && raw ? `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}` : undefined;
    if (!found || !expected || typeof signature !== 'string' || !sameSecret(signature.trim().toLowerCase(), expected)) {
      throw new AppError(CloudWebhookError.ERR_WEBHOOK_SIGNATURE, 'The delivery is not signed with this connection’s app secret');
    }
    let payload: unknown;
    try {
      payload = JSON.parse(raw!.toString('utf8'));
    } catch {
      throw new AppError(CloudWebhookError.ERR_BAD_REQUEST, 'The delivery is not JSON');
    }
    const { companyId, credentials } = found;
    const graph = new GraphClient(this.config.whatsappGraphUrl, credentials.accessToken);
    const events = parseDelivery(payload).filter((e) => {
      // One Meta app may serve several numbers: what is another number's is not this connection's.
      const ours = !e.phoneNumberId || e.phoneNumberId === credentials.phoneNumberId;
      if (!ours)
        this.log.warn(`connection ${whatsappId}: a delivery for phone number id ${e.phoneNumberId} skipped (this connection is ${credentials.phoneNumberId})`);
      return ours;
    });
    // The media first (in parallel), then everything handed over in the delivery's order: the ingest keeps a chat's order.
    const ready = await Promise.all(
      events.map(async (e) => (e.kind === 'message' && e.mediaId ? { ...e, message: await this.withMedia(e.message, e.mediaId, graph) } : e)),
    );
    const stored = await Promise.allSettled(ready.map((e) => this.handle(companyId, whatsappId, e, graph, credentials.phoneNumberId)));
    const failed = stored.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) {
      this.log.warn(`connection ${whatsappId}: a delivery not stored (${String(failed.reason)}); Meta delivers it again`);
      throw new AppError(CloudWebhookError.ERR_INBOUND_NOT_STORED);
    }
  }

  private handle(companyId: CompanyId, whatsappId: number, event: CloudEvent, graph: GraphClient, phoneNumberId: string): Promise<void> {
    switch (event.kind) {
      case 'message':
        return this.sessions.receive(companyId, whatsappId, { kind: 'message', message: event.message });
      case 'ack':
        return this.sessions.receive(companyId, whatsappId, { kind: 'ack', providerId: event.providerId, ack: event.ack });
      case 'failed':
        return this.sessions.receive(companyId, whatsappId, { kind: 'failed', providerId: event.providerId, code: event.code, reason: event.reason });
      case 'quality':
        // The webhook says what changed, not always both values: the number's fields are read again. Not worth a redelivery.
        return graph
          .get<PhoneFields>(phoneNumberId, { fields: PHONE_FIELDS })
          .then((p) =>
            this.sessions.recordDetails(companyId, whatsappId, {
              qualityRating: p.quality_rating ?? null,
              messagingLimit: p.messaging_limit_tier ?? event.messagingLimit ?? null,
            }),
          )
          .catch((e: unknown) => this.log.warn(`connection ${whatsappId}: quality not read again: ${String(e)}`));
    }
  }

  /** The medium fetched from the Graph API by id; when it cannot be, the message is kept with the reason (as Baileys' are). */
  private async withMedia(message: InboundMessage, mediaId: string, graph: GraphClient): Promise<InboundMessage> {
    try {
      const { data, mimetype } = await graph.media(mediaId);
      const filename = typeof message.dataJson?.filename === 'string' ? message.dataJson.filename : undefined;
      return { ...message, media: { data, mimetype, filename } };
    } catch (e) {
      this.log.warn(`medium ${mediaId} not fetched: ${String(e)}`);
      const error = (e instanceof Error ? e.message : String(e)).slice(0, 200) || 'download failed';
      return { ...message, body: message.body || `[${message.type}]`, dataJson: { ...(message.dataJson ?? {}), mediaError: error } };
    }
  }

  /** The official connection the URL names, with its credentials opened; null when there is none. */
  private async connection(whatsappId: number): Promise<{ companyId: CompanyId; credentials: CloudCredentials } | null> {
    if (!Number.isSafeInteger(whatsappId) || whatsappId <= 0) return null;
    const w = await this.em.fork().findOne(
      Whatsapp,
      { id: whatsappId, provider: 'cloud' },
      {
        ...withoutTenantFilter('official API webhook: Meta names the connection in the URL, before any company is known'),
        fields: ['id', 'companyId'],
      },
    );
    if (!w) return null;
    const credentials = await loadCloudCredentials(this.em, this.box, w.companyId, w.id);
    return credentials ? { companyId: w.companyId, credentials } : null;
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bull';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { SecretBox } from '../../../common/infra/secret-box';
import { OutboundForbiddenError, OutboundGuard } from '../../../common/infra/outbound/outbound-guard';
import { forkForCompany } from '../../../common/tenancy/tenant-filter';
import { QueueIntegration, SIGNED_TYPES } from '../queue-integration.entity';
import { signature } from '../signing';
import { TicketIoFactory } from '../ticket-io';
import { idempotencyKey, WebhookJob } from './webhook.agent';
import { readAnswer } from './webhook.rules';

export type DeliveryOutcome = 'delivered' | 'answered' | 'dropped' | 'gone';

/**
 * One delivery attempt of a webhook/n8n job: the signed POST, then the answer posted back to the ticket. A non-2xx
 * answer, a time-out or a network error throws, and Bull tries again with backoff (same body, same Idempotency-Key,
 * a fresh timestamp and signature). A 4xx other than 408 and 429 is final. Answers for a ticket people took
 * meanwhile are dropped.
 */
@Injectable()
export class WebhookDeliveryService {
  private readonly log = new Logger('WebhookDelivery');

  constructor(
    private readonly em: EntityManager,
    private readonly box: SecretBox,
    private readonly io: TicketIoFactory,
    private readonly outbound: OutboundGuard,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async deliver(job: Job<WebhookJob>): Promise<DeliveryOutcome> {
    const { companyId, integrationId, ticketId, messageId, body } = job.data;
    const em = forkForCompany(this.em, companyId);
    const integration = await em.findOne(QueueIntegration, { id: integrationId, companyId });
    if (!integration || !SIGNED_TYPES.includes(integration.type) || !integration.urlN8N || !integration.secret) return 'gone';
    const secret = this.box.open(integration.secret);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const res = await this.outbound
      .fetch({ companyId, purpose: `${integration.type} integration ${integrationId}` }, integration.urlN8N, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(this.config.integrationTimeoutMs),
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Atende-Webhook/1',
          'X-Atende-Event': 'message',
          'X-Atende-Timestamp': timestamp,
          'X-Atende-Signature': signature(secret, timestamp, body),
          'X-Atende-Attempt': String(job.attemptsMade + 1),
          'Idempotency-Key': idempotencyKey(integrationId, messageId),
        },
        body,
      })
      .catch(async (e: unknown) => {
        // A refused address stays refused: no retries (the guard logged it).
        if (e instanceof OutboundForbiddenError) await job.discard();
        throw e;
      });
    const text = await res.text().catch(() => '');
    if (res.status < 200 || res.status >= 300) {
      if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) await job.discard();
      throw new Error(`integration ${integrationId} answered ${res.status}`);
    }
    const answer = readAnswer(text);
    if (!answer.replies.length && !answer.handOff && !answer.close) return 'delivered';
    if (!(await this.io.stillAnswering(companyId, ticketId, integrationId))) {
      this.log.log(`ticket ${ticketId}: answer of integration ${integrationId} dropped (people have the ticket)`);
      return 'dropped';
    }
    const io = this.io.for(companyId, ticketId);
    for (const reply of answer.replies) await io.sendText(reply);
    if (answer.close) await io.close();
    else if (answer.handOff) await io.handOff(`${integration.type} integration ${integrationId} asked`);
    return 'answered';
  }
}

import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Job } from 'bull';
import { generateRequestDetails } from 'web-push';
import { forkForCompany } from '../../common/tenancy/tenant-filter';
import { OutboundForbiddenError, OutboundGuard } from '../../common/infra/outbound/outbound-guard';
import type { PushJob } from './push-payload';
import { PushSubscription } from './push-subscription.entity';
import { VapidKeysService } from './vapid-keys.service';

/** How long one push service may take to answer. */
const SEND_TIMEOUT_MS = 10_000;

/** Failed deliveries in a row (tries included) after which a subscription is dropped: the browser is gone for good. */
const MAX_FAILURES = 50;

export type PushOutcome = 'sent' | 'gone' | 'retry' | 'rejected';

/** What a push service's answer means for the subscription (RFC 8030 §5, and the services' own habits). */
export function outcomeOf(status: number): PushOutcome {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  return 'rejected';
}

/**
 * Sends one push job to each of the user's subscriptions: web-push encrypts (aes128gcm) and signs (VAPID), fetch
 * posts. 201 keeps the subscription, 404/410 deletes it (the browser dropped it), 429/5xx/network errors are retried
 * by Bull with backoff for the failed subscriptions only, other 4xx are final (logged).
 */
@Injectable()
export class PushDeliveryService {
  private readonly log = new Logger('Push');

  constructor(
    private readonly em: EntityManager,
    private readonly vapid: VapidKeysService,
    private readonly outbound: OutboundGuard,
  ) {}

  async deliver(job: Job<PushJob>): Promise<Record<PushOutcome, number>> {
    const data = job.data;
    const em = forkForCompany(this.em, data.companyId);
    const subs = await em.find(PushSubscription, {
      companyId: data.companyId,
      userId: data.userId,
      ...(data.subscriptionIds ? { id: { $in: data.subscriptionIds } } : {}),
    });
    const counts: Record<PushOutcome, number> = { sent: 0, gone: 0, retry: 0, rejected: 0 };
    if (!subs.length) return counts;
    const keys = await this.vapid.keys();
    const body = JSON.stringify(data.payload);
    const again: number[] = [];
    for (const sub of subs) {
      const outcome = await this.sendOne(sub, body, data, keys).catch((e: unknown): PushOutcome => {
        // An endpoint the outbound guard refuses (logged there) will not become a push service by trying again.
        if (e instanceof OutboundForbiddenError) return 'rejected';
        this.log.warn(`push to subscription ${sub.id} failed: ${String(e)}`);
        return 'retry';
      });
      counts[outcome] += 1;
      if (outcome === 'sent') {
        sub.lastSuccessAt = new Date();
        sub.failures = 0;
      } else if (outcome === 'gone') {
        em.remove(sub);
      } else if (++sub.failures >= MAX_FAILURES) {
        this.log.warn(`subscription ${sub.id} dropped after ${sub.failures} failed deliveries in a row`);
        em.remove(sub);
      } else if (outcome === 'retry') {
        again.push(sub.id);
      }
    }
    await em.flush();
    if (again.length) {
      await job.update({ ...data, subscriptionIds: again });
      throw new Error(`push: ${again.length} subscription(s) to retry`);
    }
    return counts;
  }

  private async sendOne(
    sub: PushSubscription,
    body: string,
    data: PushJob,
    keys: { publicKey: string; privateKey: string; subject: string },
  ): Promise<PushOutcome> {
    const request = generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, body, {
      vapidDetails: keys,
      TTL: data.ttl,
      urgency: data.urgency,
      topic: data.topic,
      contentEncoding: 'aes128gcm',
    });
    const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
    const res = await this.outbound.fetch({ companyId: data.companyId, purpose: `push subscription ${sub.id}` }, request.endpoint, {
      method: 'POST',
      headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await res.arrayBuffer().catch(() => undefined);
    const outcome = outcomeOf(res.status);
    if (outcome === 'rejected') this.log.warn(`push service refused subscription ${sub.id}: ${res.status}`);
    return outcome;
  }
}

import type { CompanyId } from '../../common/tenancy/company-id';
import { createECDH } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bull';
import type { Queue } from 'bull';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { AppError, invalidField } from '../../common/http/errors';
import { can, RequestContext } from '../../common/access/request-context';
import { OutboundGuard } from '../../common/infra/outbound/outbound-guard';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { dropOldSubscriptions, upsertSubscription } from './push.queries';
import { QUEUES, withQueue } from '../../jobs/jobs';
import { User } from '../users/user.entity';
import { NotificationQueuedDto, PushPublicKeyDto, PushSubscriptionDto, SendNotificationDto, SubscribePushDto } from './dto/push.dto';
import { clip, PUSH_SEND, PushJob } from './push-payload';
import { PushError } from './push.errors';
import { PushSubscription } from './push-subscription.entity';
import { VapidKeysService } from './vapid-keys.service';

/** A user's subscriptions beyond this many (their oldest) are dropped: every push fans out to all of them. */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;

/**
 * Web push subscriptions and sends (README "Push notifications"). A subscription is always the caller's own;
 * sends go through the `push` Bull queue (PushDeliveryService on workers). Other modules notify users through
 * `notifyUsers` (the ticket module's incoming-message listener).
 */
@Injectable()
export class PushService {
  constructor(
    private readonly em: EntityManager,
    private readonly vapid: VapidKeysService,
    @InjectQueue(QUEUES.push) private readonly queue: Queue<PushJob>,
    private readonly outbound: OutboundGuard,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async publicKey(): Promise<PushPublicKeyDto> {
    return { publicKey: (await this.vapid.keys()).publicKey };
  }

  async subscribe(ctx: RequestContext, dto: SubscribePushDto, userAgent?: string): Promise<PushSubscriptionDto> {
    if (dto.userId !== undefined && dto.userId !== ctx.userId) throw new AppError(PushError.ERR_NO_PERMISSION, 'A push subscription is always your own');
    const { endpoint, keys } = dto.pushSubscription;
    await this.checkEndpoint(endpoint);
    try {
      const probe = createECDH('prime256v1');
      probe.generateKeys();
      probe.computeSecret(Buffer.from(keys.p256dh, 'base64url'));
    } catch {
      throw invalidField('pushSubscription.keys.p256dh', 'Not a point of the P-256 curve');
    }
    const sql = tenantSql(this.em, ctx.companyId);
    // The endpoint is the browser's: whoever subscribes with it last owns it (another user who signed in on this
    // browser before no longer gets pushes here), whatever company they were in.
    const row = await upsertSubscription(sql, {
      userId: ctx.userId,
      browserId: dto.browserId,
      endpoint,
      p256dh: keys.p256dh,
      auth: keys.auth,
      userAgent: userAgent ? userAgent.slice(0, 255) : null,
    });
    // This browser's older subscription for the user (its endpoint changed), and the oldest beyond the cap.
    await dropOldSubscriptions(sql, ctx.userId, row.id, dto.browserId, MAX_SUBSCRIPTIONS_PER_USER);
    return { id: row.id, userId: row.user_id, browserId: row.browser_id, createdAt: row.created_at };
  }

  async unsubscribe(ctx: RequestContext, userId: number, browserId?: string): Promise<void> {
    if (userId !== ctx.userId) throw new AppError(PushError.ERR_NO_PERMISSION, 'Only your own push subscriptions can be removed');
    await this.em.nativeDelete(PushSubscription, { companyId: ctx.companyId, userId, ...(browserId ? { browserId } : {}) });
  }

  /** POST /notifications: the caller themself, or an admin (users:write) for a user of their company. */
  async send(ctx: RequestContext, dto: SendNotificationDto): Promise<NotificationQueuedDto> {
    if (dto.userId !== ctx.userId && !can(ctx, 'users:write')) throw new AppError(PushError.ERR_NO_PERMISSION, 'Only admins notify other users');
    const user = await this.em.findOne(User, { id: dto.userId, companyId: ctx.companyId }, { fields: ['id'] });
    if (!user) throw new AppError(PushError.ERR_NO_USER_FOUND);
    const subs = await this.em.find(PushSubscription, { companyId: ctx.companyId, userId: dto.userId }, { fields: ['id'] });
    if (!subs.length) return { queued: 0 };
    // Asked for by a person: while Redis cannot take it, 503 (JobNotQueuedError) within JOB_ADD_WAIT_MS, to try again.
    await withQueue(this.queue, () =>
      this.queue.add(PUSH_SEND, {
        companyId: ctx.companyId,
        userId: dto.userId,
        payload: { title: clip(dto.title, 100), body: clip(dto.message, 1000), icon: dto.icon, url: dto.url ?? '/' },
        urgency: 'normal',
        ttl: 24 * 3600,
        subscriptionIds: subs.map((s) => s.id),
      }),
    );
    return { queued: subs.length };
  }

  /**
   * Queues one job per notification (one Redis round trip for the lot). Receivers without a subscription cost one job that finds none.
   * Bounded (withQueue) and best-effort: a notification that cannot be queued while Redis is down is lost, which is
   * acceptable: it only points at a message that is stored and shown in the console anyway.
   */
  async notifyUsers(companyId: CompanyId, notes: Omit<PushJob, 'companyId'>[]): Promise<void> {
    if (!notes.length) return;
    await withQueue(this.queue, () => this.queue.addBulk(notes.map((n) => ({ name: PUSH_SEND, data: { ...n, companyId } }))));
  }

  /**
   * https (http too with PUSH_ALLOW_INSECURE_ENDPOINTS), no credentials, and an address the outbound guard lets
   * the server POST to (400 ERR_OUTBOUND_URL_FORBIDDEN otherwise; OUTBOUND_ALLOW_CIDRS decides about local ones).
   */
  private async checkEndpoint(endpoint: string): Promise<void> {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw invalidField('pushSubscription.endpoint', 'Must be an https URL');
    }
    const schemeOk = url.protocol === 'https:' || (this.config.push.allowInsecureEndpoints && url.protocol === 'http:');
    if (!schemeOk || url.username || url.password) {
      throw invalidField('pushSubscription.endpoint', "Must be an https URL of a browser's push service");
    }
    await this.outbound.assertUrls([{ field: 'pushSubscription.endpoint', url: endpoint }]);
  }
}

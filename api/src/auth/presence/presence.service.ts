import type { CompanyId } from '../../common/tenancy/company-id';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bull';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Queue } from 'bull';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { forkForCompany, withoutTenantFilter } from '../../common/tenancy/tenant-filter';
import { CompanyJob, QUEUES, withQueue } from '../../jobs/jobs';
import { RealtimeService } from '../../realtime/realtime.service';
import { SessionService } from '../session/session.service';
import { User } from '../users/user.entity';

export interface PresenceExpireJob extends CompanyJob {
  userId: number;
  /** The ping this job was scheduled for; a later ping makes it a no-op. */
  seenAt: string;
}

export const PRESENCE_EXPIRE = 'expire';

/**
 * Online status: a user's first socket marks them online, their last one leaving offline (PresenceGateway); the
 * clients' `userStatus` pings (every 5 minutes) keep them so. Each ping marks the user online
 * and (re)schedules one delayed job; when a job runs and no newer ping came, the user goes offline.
 * Any worker process can run the job. A job lost with Redis (an outage, a Redis restarted empty) is made up for by
 * `expireStale`, which worker processes run every minute over the users still marked online.
 */
@Injectable()
export class PresenceService {
  constructor(
    private readonly em: EntityManager,
    private readonly realtime: RealtimeService,
    @InjectQueue(QUEUES.presence) private readonly queue: Queue<PresenceExpireJob>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionService,
  ) {}
  private readonly log = new Logger('Presence');

  async ping(companyId: CompanyId, userId: number): Promise<void> {
    const em = forkForCompany(this.em, companyId);
    const user = await em.findOne(User, { id: userId, companyId }, { populate: ['queues'] });
    if (!user) return;
    const seenAt = new Date();
    const wasOnline = user.online;
    user.online = true;
    user.lastSeenAt = seenAt;
    await em.flush();
    if (!wasOnline) await this.emit(user);
    // The expiry job: bounded (withQueue), and its loss is acceptable: the client pings every 5 minutes while it is
    // connected, and each ping queues it again; PresenceProcessor's sweep marks offline whoever was last seen more
    // than PRESENCE_TTL ago (an expiry lost with Redis, or one that failed to queue).
    const jobId = `presence:${companyId}:${userId}`;
    await withQueue(this.queue, async () => {
      const previous = await this.queue.getJob(jobId);
      if (previous && (await previous.isDelayed())) await previous.remove();
      await this.queue.add(
        PRESENCE_EXPIRE,
        { companyId, userId, seenAt: seenAt.toISOString() },
        { jobId, delay: this.config.presenceTtlSeconds * 1000, attempts: 3 },
      );
    });
  }

  /** Marks the user offline unless a ping newer than `seenAt` arrived. */
  async expire(job: PresenceExpireJob): Promise<boolean> {
    const em = forkForCompany(this.em, job.companyId);
    const changed = await em.nativeUpdate(
      User,
      { id: job.userId, companyId: job.companyId, online: true, lastSeenAt: { $lte: new Date(job.seenAt) } },
      { online: false },
    );
    if (!changed) return false;
    const user = await em.findOne(User, { id: job.userId, companyId: job.companyId }, { populate: ['queues'] });
    if (user) await this.emit(user);
    return true;
  }

  /**
   * The user's socket closed a grace period ago: offline unless another of their own sockets is open (on any
   * process). When the processes cannot tell, the ping expiry decides.
   */
  async left(companyId: CompanyId, userId: number): Promise<boolean> {
    const open = await this.realtime.hasOwnSocket(userId);
    if (open !== false) return false;
    const em = forkForCompany(this.em, companyId);
    const changed = await em.nativeUpdate(User, { id: userId, companyId, online: true }, { online: false });
    if (!changed) return false;
    const user = await em.findOne(User, { id: userId, companyId }, { populate: ['queues'] });
    if (user) await this.emit(user);
    return true;
  }

  /** Marks offline every user still online whose last ping is older than PRESENCE_TTL (their expiry job was lost); answers how many. */
  async expireStale(now = Date.now()): Promise<number> {
    const stale = await this.em
      .fork()
      .find(
        User,
        { online: true, lastSeenAt: { $lt: new Date(now - this.config.presenceTtlSeconds * 1000) } },
        { ...withoutTenantFilter('presence sweep: users of every company whose expiry job was lost'), fields: ['id', 'companyId', 'lastSeenAt'] },
      );
    let changed = 0;
    for (const u of stale) {
      if (await this.expire({ companyId: u.companyId, userId: u.id, seenAt: (u.lastSeenAt ?? new Date(0)).toISOString() })) changed++;
    }
    return changed;
  }

  /** The whole user, as the login answers it (company included): clients replace their copy with it. */
  private async emit(user: User): Promise<void> {
    await this.sessions.emitUser('update', user).catch((e: unknown) => this.log.warn(`presence event failed: ${String(e)}`));
  }
}

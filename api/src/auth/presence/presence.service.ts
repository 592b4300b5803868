import type { CompanyId } from '../../common/company-id';
import { Inject, Injectable } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bull';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Queue } from 'bull';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { forkForCompany } from '../../database/tenant-filter';
import { CompanyJob, QUEUES } from '../../jobs/jobs';
import { RealtimeService } from '../../realtime/realtime.service';
import { mapUser } from '../users/dto/user.dto';
import { User } from '../users/user.entity';

export interface PresenceExpireJob extends CompanyJob {
  userId: number;
  /** The ping this job was scheduled for; a later ping makes it a no-op. */
  seenAt: string;
}

export const PRESENCE_EXPIRE = 'expire';

/**
 * Online status from the clients' `userStatus` pings (every 5 minutes). Each ping marks the user online
 * and (re)schedules one delayed job; when a job runs and no newer ping came, the user goes offline.
 * No sweep over all users, and any worker process can run the job.
 */
@Injectable()
export class PresenceService {
  constructor(
    private readonly em: EntityManager,
    private readonly realtime: RealtimeService,
    @InjectQueue(QUEUES.presence) private readonly queue: Queue<PresenceExpireJob>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async ping(companyId: CompanyId, userId: number): Promise<void> {
    const em = forkForCompany(this.em, companyId);
    const user = await em.findOne(User, { id: userId, companyId }, { populate: ['queues'] });
    if (!user) return;
    const seenAt = new Date();
    const wasOnline = user.online;
    user.online = true;
    user.lastSeenAt = seenAt;
    await em.flush();
    if (!wasOnline) this.emit(user);
    const jobId = `presence:${companyId}:${userId}`;
    const previous = await this.queue.getJob(jobId);
    if (previous && (await previous.isDelayed())) await previous.remove();
    await this.queue.add(
      PRESENCE_EXPIRE,
      { companyId, userId, seenAt: seenAt.toISOString() },
      { jobId, delay: this.config.presenceTtlSeconds * 1000, attempts: 3 },
    );
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
    if (user) this.emit(user);
    return true;
  }

  /** The whole user, as GET /users/{id} answers it: clients replace their copy with it. */
  private emit(user: User): void {
    this.realtime.emit(user.companyId, 'user', { action: 'update', user: mapUser(user) });
  }
}

import { Inject, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Process, Processor } from '@nestjs/bull';
import type { Job } from 'bull';
import { startSweep } from '../../common/infra/sweep-timer';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { QUEUES } from '../../jobs/jobs';
import { PRESENCE_EXPIRE, PresenceExpireJob, PresenceService } from './presence.service';

const PRESENCE_SWEEP_MS = 60_000;

@Processor(QUEUES.presence)
export class PresenceProcessor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('Presence');
  private stop?: () => void;

  constructor(
    private readonly presence: PresenceService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Process(PRESENCE_EXPIRE)
  expire(job: Job<PresenceExpireJob>): Promise<boolean> {
    return this.presence.expire(job.data);
  }

  /** The expiries Redis lost (or never took): every minute, and at start. */
  onApplicationBootstrap(): void {
    this.stop = startSweep(
      this.log,
      'presence sweep',
      Math.max(1000, Math.min(PRESENCE_SWEEP_MS, this.config.presenceTtlSeconds * 1000)),
      () => this.presence.expireStale(),
      {
        atStart: true,
      },
    );
  }

  onModuleDestroy(): void {
    this.stop?.();
  }
}

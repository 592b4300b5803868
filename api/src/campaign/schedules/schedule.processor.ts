import { Inject, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Process, Processor } from '@nestjs/bull';
import type { Job } from 'bull';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { QUEUES } from '../../jobs/jobs';
import { ScheduleJob, ScheduleRun, ScheduleSendService, SEND_SCHEDULE } from './schedule-send.service';
import { ScheduleSweeperService } from './schedule-sweeper.service';

/** Schedule jobs, on worker processes, and the sweeper that queues again what a lost job would have done. */
@Processor(QUEUES.campaigns)
export class ScheduleProcessor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('ScheduleJobs');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly sender: ScheduleSendService,
    private readonly sweeper: ScheduleSweeperService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), this.config.scheduleSweepMs);
    this.timer.unref();
    void this.sweep();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** One sweep (at start, then every SCHEDULE_SWEEP_MS); a failure waits for the next. */
  async sweep(): Promise<void> {
    await this.sweeper.sweep().catch((e: unknown) => this.log.warn(`schedule sweep failed: ${String(e)}`));
  }

  @Process({ name: SEND_SCHEDULE, concurrency: 4 })
  send(job: Job<ScheduleJob>): Promise<ScheduleRun> {
    return this.sender.send(job.data.companyId, job.data.scheduleId, job.data.sendAt);
  }
}

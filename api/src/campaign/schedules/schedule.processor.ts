import { Inject, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Process, Processor } from '@nestjs/bull';
import type { Job } from 'bull';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { QUEUES } from '../../jobs/jobs';
import { startSweep } from '../../common/infra/sweep-timer';
import { ScheduleJob, ScheduleRun, ScheduleSendService, SEND_SCHEDULE } from './schedule-send.service';
import { ScheduleSweeperService } from './schedule-sweeper.service';

/** Schedule jobs, on worker processes, and the sweeper that queues again what a lost job would have done. */
@Processor(QUEUES.campaigns)
export class ScheduleProcessor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('ScheduleJobs');
  private stop?: () => void;

  constructor(
    private readonly sender: ScheduleSendService,
    private readonly sweeper: ScheduleSweeperService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** One sweep at start, then every SCHEDULE_SWEEP_MS; a failure waits for the next. */
  onApplicationBootstrap(): void {
    this.stop = startSweep(this.log, 'schedule sweep', this.config.scheduleSweepMs, () => this.sweeper.sweep(), { atStart: true });
  }

  onModuleDestroy(): void {
    this.stop?.();
  }

  @Process({ name: SEND_SCHEDULE, concurrency: 4 })
  send(job: Job<ScheduleJob>): Promise<ScheduleRun> {
    return this.sender.send(job.data.companyId, job.data.scheduleId, job.data.sendAt);
  }
}

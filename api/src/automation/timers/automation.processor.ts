import { Inject, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Process, Processor } from '@nestjs/bull';
import type { Job } from 'bull';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { QUEUES } from '../../jobs/jobs';
import { startSweep } from '../../common/infra/sweep-timer';
import { AutomationSweeperService } from './automation-sweeper.service';
import { AUTOMATION_TIMER, AutomationTimerJob, AutomationTimersService } from './automation-timers.service';

/** The ticket timers' jobs and the sweeper, on worker processes (AUTOMATION_SWEEP_MS). */
@Processor(QUEUES.automation)
export class AutomationProcessor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('AutomationJobs');
  private stop?: () => void;

  constructor(
    private readonly timers: AutomationTimersService,
    private readonly sweeper: AutomationSweeperService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.stop = startSweep(this.log, 'automation sweep', this.config.automationSweepMs, () => this.sweeper.sweep());
  }

  onModuleDestroy(): void {
    this.stop?.();
  }

  @Process(AUTOMATION_TIMER)
  async runTimer(job: Job<AutomationTimerJob>): Promise<void> {
    const { companyId, ticketId, kind } = job.data;
    await this.timers.run(companyId, ticketId, kind);
  }
}

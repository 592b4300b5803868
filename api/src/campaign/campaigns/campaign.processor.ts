import type { CompanyId } from '../../common/tenancy/company-id';
import { startSweep } from '../../common/infra/sweep-timer';
import { Inject, Logger, OnApplicationBootstrap, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Process, Processor } from '@nestjs/bull';
import type { Job } from 'bull';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { QUEUES } from '../../jobs/jobs';
import { IngestService, StoredInbound } from '../../ticket/ingest/ingest.service';
import {
  CAMPAIGN_CONFIRMED,
  CAMPAIGN_START,
  CAMPAIGN_TICK,
  CampaignConfirmedJob,
  CampaignDispatchService,
  CampaignStartJob,
  CampaignTickJob,
} from './campaign-dispatch.service';
import { CampaignSweeperService } from './campaign-sweeper.service';

/**
 * The campaign jobs, on worker processes: starts, ticks and confirmed sends; the sweeper that queues again what a
 * lost job would have done; and the listener that turns a contact's answer into a confirmation.
 */
@Processor(QUEUES.campaigns)
export class CampaignProcessor implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('CampaignJobs');
  private stop?: () => void;

  constructor(
    private readonly dispatch: CampaignDispatchService,
    private readonly sweeper: CampaignSweeperService,
    private readonly ingest: IngestService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.ingest.claimAnswers((stored) => this.confirmations(stored));
  }

  onApplicationBootstrap(): void {
    this.stop = startSweep(this.log, 'campaign sweep', this.config.campaignSweepMs, () => this.sweeper.sweep(), { atStart: true });
  }

  onModuleDestroy(): void {
    this.stop?.();
  }

  @Process({ name: CAMPAIGN_START, concurrency: 2 })
  async start(job: Job<CampaignStartJob>): Promise<void> {
    await this.dispatch.start(job.data.companyId, job.data.campaignId, job.data.scheduledAt);
  }

  @Process({ name: CAMPAIGN_TICK, concurrency: 4 })
  async tick(job: Job<CampaignTickJob>): Promise<void> {
    await this.dispatch.tick(job.data.companyId, job.data.campaignId);
  }

  @Process({ name: CAMPAIGN_CONFIRMED, concurrency: 4 })
  async confirmed(job: Job<CampaignConfirmedJob>): Promise<void> {
    await this.dispatch.sendConfirmed(job.data.companyId, job.data.shippingId);
  }

  /**
   * One statement per company of the batch, not one per message: this runs on the ingest's path. Answers the ids of
   * the messages that confirmed a campaign (the chatbot leaves them alone).
   */
  private async confirmations(stored: StoredInbound[]): Promise<Set<string>> {
    const byCompany = new Map<CompanyId, { whatsappId: number; number: string; messageId: string }[]>();
    for (const s of stored) {
      if (s.fromMe || s.isGroup) continue;
      byCompany.set(s.companyId, [...(byCompany.get(s.companyId) ?? []), { whatsappId: s.whatsappId, number: s.number, messageId: s.messageId }]);
    }
    const answers = new Set<string>();
    for (const [companyId, senders] of byCompany) for (const id of await this.dispatch.confirmFrom(companyId, senders)) answers.add(id);
    return answers;
  }
}

import type { CompanyId } from '../../common/tenancy/company-id';
import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { forkForCompany } from '../../common/tenancy/tenant-filter';
import { RealtimeService } from '../../realtime/realtime.service';
import { Campaign } from './campaign.entity';
import { loadNames, mapCampaign, reportCounts } from './campaign-report';
import type { CampaignDto } from './dto/campaign.dto';

/** Live report counts go out at most this often per campaign while it sends. */
const REPORT_EVERY_MS = 1000;

/** The campaign channel; only users who manage campaigns hear it. */
@Injectable()
export class CampaignEventsService {
  private readonly log = new Logger('CampaignEvents');
  private readonly reportTimers = new Map<number, NodeJS.Timeout>();

  constructor(
    private readonly em: EntityManager,
    private readonly realtime: RealtimeService,
  ) {}

  saved(companyId: CompanyId, action: 'create' | 'update', record: CampaignDto): void {
    this.realtime.emitToPermission(companyId, 'campaign', 'campaigns:manage', { action, record });
  }

  deleted(companyId: CompanyId, id: number): void {
    this.realtime.emitToPermission(companyId, 'campaign', 'campaigns:manage', { action: 'delete', id });
  }

  /** A change made by the dispatcher (started, finished): the campaign and its report. */
  async changed(companyId: CompanyId, campaignId: number): Promise<void> {
    await this.report(companyId, campaignId, true);
  }

  /** Sends happened: the report follows, throttled. */
  progress(companyId: CompanyId, campaignId: number): void {
    if (this.reportTimers.has(campaignId)) return;
    this.reportTimers.set(
      campaignId,
      setTimeout(() => {
        this.reportTimers.delete(campaignId);
        void this.report(companyId, campaignId).catch((e: unknown) => this.log.warn(`report of campaign ${campaignId} not sent: ${String(e)}`));
      }, REPORT_EVERY_MS).unref(),
    );
  }

  private async report(companyId: CompanyId, campaignId: number, withRecord = false): Promise<void> {
    const em = forkForCompany(this.em, companyId);
    const campaign = await em.findOne(Campaign, { id: campaignId, companyId });
    if (!campaign) return;
    const record = mapCampaign(campaign, await loadNames(em, companyId, [campaign]));
    if (withRecord) this.saved(companyId, 'update', record);
    this.realtime.emitToPermission(companyId, 'campaign', 'campaigns:manage', {
      action: 'report',
      report: { campaign: record, ...(await reportCounts(em, campaign)) },
    });
  }
}

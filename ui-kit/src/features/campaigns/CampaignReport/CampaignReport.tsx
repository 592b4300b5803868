import { useEffect, useRef } from 'react';
import { useCampaignReport } from '../data/campaigns';
import { useT } from '../../../i18n';
import { campaignsTexts } from '../campaigns.texts';
import { EmptyState } from '../../../primitives/EmptyState/EmptyState';
import { useSession } from '../../../provider/context';
import { can } from '../../../provider/session-rules';
import { CampaignRecipients } from '../CampaignRecipients/CampaignRecipients';
import { CampaignReportView } from '../CampaignReportView/CampaignReportView';
import { REPORT_RELOAD_AFTER_FINISH_MS } from '../campaign-rules';

export interface CampaignReportProps {
  campaignId: number;
  /** The campaigns page's address: a link back. */
  backHref?: string;
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
  /** How long after it sees FINALIZADA the report is read again (spec back-office §9: 5 seconds). */
  reloadAfterFinishMs?: number;
}

/**
 * The campaign report page (spec back-office §2, §9), connected: GET /campaigns/{id}, live from the `report` events of
 * `company-{id}-campaign` while the campaign sends; when it sees the campaign become FINALIZADA it reads the report
 * again 5 seconds later (the last deliveries arrive after the last send). Below it, the per-recipient report
 * (CampaignRecipients: table, state filter, search, CSV). Needs campaigns:manage.
 */
export function CampaignReport({ campaignId, backHref, headingLevel, reloadAfterFinishMs = REPORT_RELOAD_AFTER_FINISH_MS }: CampaignReportProps) {
  const t = useT(campaignsTexts);
  const { user } = useSession();
  const allowed = can(user ?? undefined, 'campaigns:manage');
  const report = useCampaignReport(campaignId, { enabled: allowed && Number.isInteger(campaignId) && campaignId > 0 });
  const status = report.data?.campaign.status;
  const seen = useRef<typeof status>(undefined);
  const refetch = useRef(report.refetch);
  useEffect(() => {
    refetch.current = report.refetch;
  });

  // Only a change to FINALIZADA seen here (a report opened on a finished campaign is already final).
  useEffect(() => {
    const before = seen.current;
    seen.current = status;
    if (status !== 'FINALIZADA' || before === undefined || before === 'FINALIZADA') return;
    const timer = setTimeout(() => void refetch.current(), reloadAfterFinishMs);
    return () => clearTimeout(timer);
  }, [status, reloadAfterFinishMs]);

  if (!allowed)
    return <EmptyState icon="info" title={t('campaigns.title')} description={t('campaigns.noPermission')} headingLevel={headingLevel === 1 ? 2 : 3} />;

  return (
    <>
      <CampaignReportView
        report={report.data}
        isLoading={report.isPending}
        isError={report.isError}
        onReload={() => void report.refetch()}
        backHref={backHref}
        headingLevel={headingLevel}
      />
      {report.data && (
        <CampaignRecipients campaignId={campaignId} counts={report.data.recipients} headingLevel={headingLevel === 3 ? 4 : headingLevel === 1 ? 2 : 3} />
      )}
    </>
  );
}

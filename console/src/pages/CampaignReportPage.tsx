import { useParams } from 'react-router';
import { CampaignReport } from '@atende/ui-kit';
import './CampaignsPage.css';

/** /campaign/:campaignId/report (spec back-office §2): the kit's live report of one campaign, with a link back to /campaigns. */
export function CampaignReportPage() {
  const { campaignId } = useParams();
  const id = Number(campaignId);
  return (
    <div className="console-campaigns">
      <CampaignReport key={id} campaignId={id} headingLevel={1} backHref="/campaigns" />
    </div>
  );
}

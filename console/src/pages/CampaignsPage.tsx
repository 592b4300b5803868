import { Campaigns } from '@atende/ui-kit';
import './CampaignsPage.css';

/** /campaigns (spec back-office §2): the kit's campaigns page; each campaign's report opens at /campaign/{id}/report. */
export function CampaignsPage() {
  return (
    <div className="console-campaigns">
      <Campaigns
        headingLevel={1}
        reportHref={(campaign) => `/campaign/${campaign.id}/report`}
        maxHeight="calc(100dvh - var(--console-topbar-height, 3.5rem) - 10rem)"
      />
    </div>
  );
}

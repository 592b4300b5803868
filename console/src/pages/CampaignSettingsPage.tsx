import { CampaignSettings } from '@atende/ui-kit';

/** /campaigns-config (spec back-office §2, §9): the kit's campaign settings (sending intervals and variables). */
export function CampaignSettingsPage() {
  return (
    <div className="console-campaign-settings" style={{ minWidth: 0 }}>
      <CampaignSettings headingLevel={1} />
    </div>
  );
}

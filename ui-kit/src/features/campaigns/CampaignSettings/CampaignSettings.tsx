import { useCampaignSettings, useSaveCampaignSettings } from '../data/campaign-settings';
import { useT } from '../../../i18n';
import { campaignSettingsTexts } from '../campaign-settings.texts';
import { EmptyState } from '../../../primitives/EmptyState/EmptyState';
import { useToast } from '../../../primitives/Toast/Toast';
import { useSession } from '../../../provider/context';
import { can } from '../../../provider/session-rules';
import { CampaignSettingsView } from '../CampaignSettingsView/CampaignSettingsView';
import type { CampaignSettings as Settings } from '../campaign-settings-rules';

/** Spec back-office §2: toasts in these areas close after 3 seconds. */
export const CAMPAIGN_SETTINGS_TOAST_MS = 3000;

export interface CampaignSettingsProps {
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
}

/**
 * The campaign settings page (spec back-office §2, §7, §9), connected: GET /campaign-settings, and 'Salvar' sends
 * the whole settings (POST /campaign-settings with { settings }), then 'Configurações salvas'. Needs campaigns:manage.
 */
export function CampaignSettings({ headingLevel }: CampaignSettingsProps) {
  const t = useT(campaignSettingsTexts);
  const toast = useToast();
  const { user } = useSession();
  const allowed = can(user ?? undefined, 'campaigns:manage');
  const query = useCampaignSettings({ enabled: allowed });
  const save = useSaveCampaignSettings();

  if (!allowed)
    return (
      <EmptyState icon="info" title={t('campaignSettings.title')} description={t('campaignSettings.noPermission')} headingLevel={headingLevel === 1 ? 2 : 3} />
    );

  const onSave = async (settings: Settings) => {
    try {
      await save.mutateAsync(settings);
      toast.success(t('campaignSettings.saved'), { timeout: CAMPAIGN_SETTINGS_TOAST_MS });
    } catch (err) {
      toast.toastError(err, { timeout: CAMPAIGN_SETTINGS_TOAST_MS });
      throw err;
    }
  };

  return (
    <CampaignSettingsView
      settings={query.data}
      isLoading={query.isPending}
      isError={query.isError}
      onReload={() => void query.refetch()}
      onSave={onSave}
      headingLevel={headingLevel}
    />
  );
}

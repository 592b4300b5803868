import { CAMPAIGNS_FLAG_KEY, type Schema } from '@atende/ui-kit';

/** The local `cshow` flag: set at login when the company setting campaignsEnabled is 'true'. */
export function syncCampaignsFlag(user: Schema<'SessionUserDto'>): void {
  const enabled = user.company.settings.some((s) => s.key === 'campaignsEnabled' && s.value === 'true');
  if (enabled) localStorage.setItem(CAMPAIGNS_FLAG_KEY, 'true');
  else localStorage.removeItem(CAMPAIGNS_FLAG_KEY);
}

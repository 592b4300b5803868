/**
 * The two query keys the provider itself reads (the company's brand), defined here so the provider needs nothing
 * from data/: data/query-keys.ts builds atendeKeys on the same root and reuses these.
 */
export const QUERY_ROOT = 'atende';

/** GET /public-settings/{companyId}: the company's white-label brand, for anyone. */
export const publicSettingsKey = (companyId: number) => [QUERY_ROOT, 'public-settings', companyId] as const;

/** GET /settings: the company's own settings (read by the settings page, kept live by `settings` events). */
export const settingsListKey = () => [QUERY_ROOT, 'settings', 'list'] as const;

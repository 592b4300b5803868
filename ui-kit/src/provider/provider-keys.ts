/**
 * The query keys the provider and its session reads use (the company's brand, its settings, the signed-in user), defined here so the provider needs nothing
 * from data/: data/query-keys.ts builds atendeKeys on the same root and reuses these.
 */
export const QUERY_ROOT = 'atende';

/** GET /public-settings/{companyId}: the company's white-label brand, for anyone. */
export const publicSettingsKey = (companyId: number) => [QUERY_ROOT, 'public-settings', companyId] as const;

/** GET /settings: the company's own settings (read by the settings page, kept live by `settings` events). */
export const settingsListKey = () => [QUERY_ROOT, 'settings', 'list'] as const;

/** GET /auth/me: the signed-in user, permissions, plan features and company settings. */
export const meKey = () => [QUERY_ROOT, 'me'] as const;

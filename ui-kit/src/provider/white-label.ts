import type { Schema } from '../client';

export const WHITE_LABEL_DEFAULTS = {
  primaryColorLight: '#0000FF',
  primaryColorDark: '#39ACE7',
  appName: 'whitelabel chat',
} as const;

export interface WhiteLabel {
  appName: string;
  primaryColorLight: string;
  primaryColorDark: string;
  /** Absolute URLs on the API host, or undefined when the company has none. */
  logoLight?: string;
  logoDark?: string;
  favicon?: string;
  /** False while the public settings are being read. */
  isLoaded: boolean;
}

/** Where a relative API URL ('' or '/api') points from this page. */
export function absoluteApiBase(apiUrl: string): URL {
  const here = typeof window !== 'undefined' && window.location?.href?.startsWith('http') ? window.location.href : 'http://localhost/';
  return new URL(apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`, here);
}

/** The brand of the public settings, falling back to the spec's defaults for anything empty or unread. */
export function toWhiteLabel(apiUrl: string, settings: Schema<'PublicSettingsDto'> | undefined, isLoaded: boolean): WhiteLabel {
  const base = absoluteApiBase(apiUrl);
  const file = (path: string | undefined) => (path ? new URL(path.replace(/^\//, ''), base).href : undefined);
  return {
    appName: settings?.appName || WHITE_LABEL_DEFAULTS.appName,
    primaryColorLight: settings?.primaryColorLight || WHITE_LABEL_DEFAULTS.primaryColorLight,
    primaryColorDark: settings?.primaryColorDark || WHITE_LABEL_DEFAULTS.primaryColorDark,
    logoLight: file(settings?.appLogoLight),
    logoDark: file(settings?.appLogoDark),
    favicon: file(settings?.appLogoFavicon),
    isLoaded,
  };
}

const BRAND_KEYS = ['appName', 'primaryColorLight', 'primaryColorDark', 'appLogoLight', 'appLogoDark', 'appLogoFavicon'] as const;

/**
 * The public settings with the company's own white-label values laid over them (the settings list an admin's page
 * keeps live): what was just saved wins over the copy read at start.
 */
export function overlayWhiteLabel(
  publicSettings: Schema<'PublicSettingsDto'> | undefined,
  own: readonly Schema<'SettingDto'>[] | undefined,
): Schema<'PublicSettingsDto'> | undefined {
  if (!own?.length) return publicSettings;
  const merged: Schema<'PublicSettingsDto'> = {
    appName: '',
    primaryColorLight: '',
    primaryColorDark: '',
    appLogoLight: '',
    appLogoDark: '',
    appLogoFavicon: '',
    ...publicSettings,
  };
  for (const key of BRAND_KEYS) {
    const setting = own.find((s) => s.key === key);
    if (setting) merged[key] = setting.value;
  }
  return merged;
}

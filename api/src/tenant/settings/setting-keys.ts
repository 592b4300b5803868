/**
 * Every company setting the spec names and Atende acts on, with its default and what values it takes (README.md:
 * which feature reads each one, and why groupSelected is not offered).
 * `secret` values (integration credentials) are shown only to admins and never leave through public settings;
 * `whiteLabel` values are the only ones /public-settings returns.
 */
export interface SettingDefinition {
  key: string;
  default: string;
  /** Accepted values; absent means free text (bounded length). */
  values?: readonly string[];
  pattern?: RegExp;
  secret?: boolean;
  whiteLabel?: boolean;
  /** Written only through POST /settings/logo. */
  uploadOnly?: boolean;
}

const ENABLED = ['enabled', 'disabled'] as const;
const COLOR = /^#[0-9a-fA-F]{3,8}$/;

export const SETTING_DEFINITIONS: readonly SettingDefinition[] = [
  { key: 'userRating', default: 'disabled', values: ENABLED },
  { key: 'scheduleType', default: 'disabled', values: ['disabled', 'company', 'queue'] },
  { key: 'call', default: 'enabled', values: ENABLED },
  { key: 'CheckMsgIsGroup', default: 'enabled', values: ENABLED },
  { key: 'groupsTab', default: 'disabled', values: ENABLED },
  { key: 'groupsIsTeckets', default: 'disabled', values: ENABLED },
  { key: 'sendGreetingAccepted', default: 'disabled', values: ENABLED },
  { key: 'sendMsgTransfTicket', default: 'disabled', values: ENABLED },
  { key: 'chatBotType', default: 'text', values: ['text'] },
  { key: 'timeOut', default: '5', pattern: /^\d{1,4}$/ },
  // Credentials of the IXC, MK-AUTH and Asaas chatbots, which Atende does not have: stored and guarded as secrets for
  // API clients that keep them here, read by no feature, and not on the settings screen (README.md).
  { key: 'ipixc', default: '' },
  { key: 'tokenixc', default: '', secret: true },
  { key: 'ipmkauth', default: '' },
  { key: 'clientidmkauth', default: '' },
  { key: 'clientsecretmkauth', default: '', secret: true },
  { key: 'asaas', default: '', secret: true },
  { key: 'primaryColorLight', default: '#0000FF', pattern: COLOR, whiteLabel: true },
  { key: 'primaryColorDark', default: '#39ACE7', pattern: COLOR, whiteLabel: true },
  { key: 'appLogoLight', default: '', whiteLabel: true, uploadOnly: true },
  { key: 'appLogoDark', default: '', whiteLabel: true, uploadOnly: true },
  { key: 'appLogoFavicon', default: '', whiteLabel: true, uploadOnly: true },
  { key: 'appName', default: 'whitelabel chat', whiteLabel: true },
  { key: 'AutomaticDistribution', default: 'disabled', values: ENABLED },
  { key: 'NumberOfTickets', default: '0', pattern: /^\d{1,4}$/ },
  { key: 'UsersOnline', default: 'disabled', values: ENABLED },
  { key: 'userCreation', default: 'enabled', values: ENABLED },
  { key: 'campaignsEnabled', default: 'false', values: ['true', 'false'] },
];

export const SETTINGS_BY_KEY: ReadonlyMap<string, SettingDefinition> = new Map(SETTING_DEFINITIONS.map((d) => [d.key, d]));
/** A setting's stored value (null or undefined: no row), else its default: what every read of a setting answers. */
export const settingOrDefault = (key: string, stored: string | null | undefined): string => stored ?? SETTINGS_BY_KEY.get(key)?.default ?? '';
export const WHITE_LABEL_KEYS = SETTING_DEFINITIONS.filter((d) => d.whiteLabel).map((d) => d.key);
export const SETTING_VALUE_MAX = 2000;

import type { Schema } from '../../../client';
import type { FeatureMessageKey } from '../../../i18n';
import { can, type Me } from '../../../provider/session-rules';

export type Setting = Schema<'SettingDto'>;

/** How a setting is edited. A switch saves 'enabled'/'disabled'; the others save their text. */
export type SettingControl =
  | { kind: 'switch' }
  | { kind: 'select'; values: readonly string[] }
  | { kind: 'number'; max: number; blankMeans?: string }
  | { kind: 'text'; secret?: boolean };

export interface SettingField {
  key: string;
  control: SettingControl;
}

export interface SettingSection {
  id: 'service' | 'groups' | 'distributor';
  fields: readonly SettingField[];
}

const SWITCH = { kind: 'switch' } as const;

/**
 * The Opções tab (spec administration §3's setting keys, grouped): every key a company admin sets there. The white
 * label keys have their own tab; the distributor's keys theirs; campaignsEnabled is set per company by super users.
 * Not offered, as nothing acts on them (api/src/tenant/settings/README.md): groupSelected, which the spec only names,
 * and the IXC, MK-AUTH and Asaas credentials of chatbots Atende does not have.
 */
export const OPTION_SECTIONS: readonly SettingSection[] = [
  {
    id: 'service',
    fields: [
      { key: 'userRating', control: SWITCH },
      { key: 'scheduleType', control: { kind: 'select', values: ['disabled', 'company', 'queue'] } },
      { key: 'sendGreetingAccepted', control: SWITCH },
      { key: 'sendMsgTransfTicket', control: SWITCH },
      { key: 'call', control: SWITCH },
      { key: 'userCreation', control: SWITCH },
      { key: 'chatBotType', control: { kind: 'select', values: ['text'] } },
      { key: 'timeOut', control: { kind: 'number', max: 9999, blankMeans: '5' } },
    ],
  },
  {
    id: 'groups',
    fields: [
      { key: 'CheckMsgIsGroup', control: SWITCH },
      { key: 'groupsTab', control: SWITCH },
      { key: 'groupsIsTeckets', control: SWITCH },
    ],
  },
];

/** The Distribuidor de Tickets tab. */
export const DISTRIBUTOR_SECTIONS: readonly SettingSection[] = [
  {
    id: 'distributor',
    fields: [
      { key: 'AutomaticDistribution', control: SWITCH },
      { key: 'NumberOfTickets', control: { kind: 'number', max: 9999 } },
      { key: 'UsersOnline', control: SWITCH },
    ],
  },
];

/** The API's defaults (setting-keys.ts), for a company whose list lacks a key. */
export const SETTING_DEFAULTS: Record<string, string> = {
  userRating: 'disabled',
  scheduleType: 'disabled',
  call: 'enabled',
  CheckMsgIsGroup: 'enabled',
  groupsTab: 'disabled',
  groupsIsTeckets: 'disabled',
  sendGreetingAccepted: 'disabled',
  sendMsgTransfTicket: 'disabled',
  chatBotType: 'text',
  timeOut: '5',
  AutomaticDistribution: 'disabled',
  NumberOfTickets: '0',
  UsersOnline: 'disabled',
  userCreation: 'enabled',
};

/** The company's settings as key → value, the API's defaults filling any key it has not stored. */
export function settingValues(settings: readonly Setting[] | undefined): Record<string, string> {
  const values = { ...SETTING_DEFAULTS };
  for (const s of settings ?? []) values[s.key] = s.value;
  return values;
}

/** A number field's text: blank (when it has a default) or a whole number up to `max`. */
export function validNumber(text: string, control: Extract<SettingControl, { kind: 'number' }>): boolean {
  const t = text.trim();
  if (t === '') return control.blankMeans !== undefined;
  return /^\d{1,4}$/.test(t) && Number(t) <= control.max;
}

/** The label and description keys of a setting. */
export const labelKey = (key: string) => `settings.key.${key}` as FeatureMessageKey;
export const descriptionKey = (key: string) => `settings.key.${key}.description` as FeatureMessageKey;
export const valueKey = (key: string, value: string) => `settings.value.${key}.${value}` as FeatureMessageKey;

export interface SettingsAccess {
  /** settings:write: change anything. */
  canWrite: boolean;
  /** helps:manage (super users): the Ajuda tab. */
  canManageHelps: boolean;
}

export const settingsAccess = (me: Me | undefined): SettingsAccess => ({ canWrite: can(me, 'settings:write'), canManageHelps: can(me, 'helps:manage') });

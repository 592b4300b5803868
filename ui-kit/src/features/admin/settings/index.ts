// The settings page: the options (every setting key with its control), the company's hours, the ticket
// distributor, and the tabs that mount the helps and holidays panels.
export {
  DISTRIBUTOR_SECTIONS,
  OPTION_SECTIONS,
  SETTING_DEFAULTS,
  settingValues,
  settingsAccess,
  validNumber,
  type Setting,
  type SettingControl,
  type SettingField,
  type SettingSection,
  type SettingsAccess,
} from './settings-rules';
export { SettingsOptionsView, type SettingsOptionsViewProps } from './SettingsOptionsView/SettingsOptionsView';
export { CompanyHours, type CompanyHoursProps } from './CompanyHours/CompanyHours';
export { Settings, type SettingsProps, type SettingsTab } from './Settings/Settings';
export { COLOR_PRESETS, WhiteLabelSettings } from './WhiteLabelSettings/WhiteLabelSettings';
export { settingsTexts } from './settings.texts';
export { useSettings, useUpdateSetting, useUploadLogo } from './data/settings';
export { writeSetting } from './data/setting-cache';
export { settingsRealtime } from './data/realtime';

/**
 * The campaign dispatch settings' allowed values and defaults (spec §9). The dispatcher reads them through
 * CampaignSettingsService.forCompany:
 * - messageInterval (seconds): the average gap between two sends; each gap is drawn at random between half and
 *   one and a half of it. 0 sends without waiting.
 * - longerIntervalAfter (sends): after every that many sends the next gap is greaterInterval instead. 0 never pauses.
 * - greaterInterval (seconds): that longer gap.
 */
export const MESSAGE_INTERVAL_OPTIONS = [0, 5, 10, 15, 20, 30, 40, 60] as const;
export const LONGER_INTERVAL_AFTER_OPTIONS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;
export const GREATER_INTERVAL_OPTIONS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120, 240, 300] as const;

export const CAMPAIGN_SETTINGS_DEFAULTS = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
} as const;

/** Campaign variables: `{key}` placeholders in campaign messages. */
export const VARIABLE_KEY_PATTERN = /^[A-Za-z0-9_]{1,30}$/;
export const VARIABLE_KEY_MAX = 30;
export const VARIABLE_VALUE_MAX = 1000;
export const VARIABLES_MAX = 100;

import type { CampaignSettingsDto, CampaignVariable } from './data/campaign-settings';
import { VARIABLE_KEY_PATTERN, VARIABLE_VALUE_MAX } from './data/campaign-settings';
import type { MessageKey, MessageVars } from '../../i18n';

export type CampaignSettings = CampaignSettingsDto;
export type { CampaignVariable };

type Translate = (key: MessageKey, vars?: MessageVars) => string;

/** A readable label for a number of seconds: 'Sem intervalo' for 0, minutes spelled out from 2 minutes on. */
export function secondsLabel(t: Translate, seconds: number): string {
  if (seconds === 0) return t('campaignSettings.noInterval');
  if (seconds === 1) return t('campaignSettings.second');
  if (seconds >= 120 && seconds % 60 === 0) return t('campaignSettings.minutes', { count: seconds / 60, seconds });
  return t('campaignSettings.seconds', { count: seconds });
}

/** A readable label for a number of sends: 'Não pausar' for 0 (never a longer pause). */
export function sendsLabel(t: Translate, sends: number): string {
  if (sends === 0) return t('campaignSettings.noPause');
  return sends === 1 ? t('campaignSettings.send') : t('campaignSettings.sends', { count: sends });
}

/**
 * Spec §5: a variable is added only if its key is not already present. Answers the message key of the problem with
 * the new variable, or null when it can be added. Keys are what the API takes: 1-30 letters, digits or _.
 */
export function variableProblem(variables: readonly CampaignVariable[], key: string, value: string): MessageKey | null {
  if (!key) return 'campaignSettings.variable.required';
  if (!VARIABLE_KEY_PATTERN.test(key)) return 'campaignSettings.variable.keyFormat';
  if (variables.some((v) => v.key === key)) return 'campaignSettings.variable.duplicate';
  if (value.length > VARIABLE_VALUE_MAX) return 'campaignSettings.variable.valueTooLong';
  return null;
}

/** Whether two settings say the same (the page's 'unsaved changes'). */
export function sameSettings(a: CampaignSettings, b: CampaignSettings): boolean {
  return (
    a.messageInterval === b.messageInterval &&
    a.longerIntervalAfter === b.longerIntervalAfter &&
    a.greaterInterval === b.greaterInterval &&
    a.variables.length === b.variables.length &&
    a.variables.every((v, i) => v.key === b.variables[i]?.key && v.value === b.variables[i]?.value)
  );
}

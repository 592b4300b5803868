import type { Schema } from '../../../client';
import { compose, maxLength, required, type Rule } from '../../../forms/validators';
import type { Locale } from '../../../i18n';
import { LANGUAGE_TAGS } from '../../../theme/AtendeRoot';

export type Plan = Schema<'PlanDto'>;
export type PlanBody = Schema<'CreatePlanDto'>;
export type PlanFeature = keyof Schema<'PlanFeaturesDto'>;

/** Every plan flag (spec administration §2's plan form), in the drawer's order. */
export const PLAN_FEATURES: readonly PlanFeature[] = [
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
  'whiteLabel',
];

export const LIMIT_MAX = 100_000;
export const VALUE_MAX = 99_999_999.99;

export interface PlanFormValues {
  name: string;
  users: string;
  connections: string;
  queues: string;
  /** As typed: '99,90' or '99.90'. */
  value: string;
  features: PlanFeature[];
}

export function planFormValues(plan: Plan | null | undefined, locale: Locale): PlanFormValues {
  return {
    name: plan?.name ?? '',
    users: String(plan?.users ?? 1),
    connections: String(plan?.connections ?? 1),
    queues: String(plan?.queues ?? 1),
    value: plan ? formatValueInput(plan.value, locale) : '0',
    features: plan ? PLAN_FEATURES.filter((f) => plan[f]) : [],
  };
}

/** A price as the form shows it: two decimals with the locale's separator, no grouping ('99,90'). */
export function formatValueInput(value: number, locale: Locale): string {
  const text = value.toFixed(2);
  return locale === 'en' ? text : text.replace('.', ',');
}

/** A typed price: digits with at most two decimals after a comma or a dot; thousands separators are not taken. */
export function parseValue(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,8}([.,]\d{1,2})?$/.test(t)) return null;
  const value = Number(t.replace(',', '.'));
  return value <= VALUE_MAX ? value : null;
}

/** The price as a table shows it: BRL in the locale's format. */
export function formatPrice(value: number, locale: Locale): string {
  return new Intl.NumberFormat(LANGUAGE_TAGS[locale], { style: 'currency', currency: 'BRL' }).format(value);
}

export const planNameRule: Rule<unknown> = compose(required(), maxLength(100));
export const limitRule: Rule<unknown> = (value) => {
  const t = typeof value === 'string' ? value.trim() : '';
  return (/^\d{1,6}$/.test(t) && Number(t) <= LIMIT_MAX) || 'plans.validation.limit';
};
export const valueRule: Rule<unknown> = (value) => (typeof value === 'string' && parseValue(value) !== null) || 'plans.validation.value';

/** POST /plans and PUT /plans/{id}: every flag is sent (one left out would be turned off anyway). */
export function planBody(values: PlanFormValues): PlanBody {
  return {
    name: values.name.trim(),
    users: Number(values.users),
    connections: Number(values.connections),
    queues: Number(values.queues),
    value: parseValue(values.value) ?? 0,
    ...Object.fromEntries(PLAN_FEATURES.map((f) => [f, values.features.includes(f)])),
  };
}

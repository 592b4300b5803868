import type { QueueIntegrationDto, QueueIntegrationType, SaveQueueIntegrationBody } from './data/queue-integrations';
import { compose, maxLength, minLength, required, type Rule } from '../../forms/validators';

export type QueueIntegration = QueueIntegrationDto;

/** Spec back-office §5 and §9: types, languages, name 2 to 50, typebot delay 1000 and expires 1. */
export const INTEGRATION_TYPES = ['dialogflow', 'n8n', 'webhook', 'typebot'] as const satisfies readonly QueueIntegrationType[];
export const DIALOGFLOW_LANGUAGES = ['pt-BR', 'en', 'es'] as const;
export type DialogflowLanguage = (typeof DIALOGFLOW_LANGUAGES)[number];
export const INTEGRATION_NAME_MIN = 2;
export const INTEGRATION_NAME_MAX = 50;
export const TYPEBOT_DELAY_DEFAULT = 1000;
export const TYPEBOT_EXPIRES_DEFAULT = 1;

/** Types that call a URL (urlN8N required) and take their name as project name. */
export const usesUrl = (type: QueueIntegrationType) => type === 'n8n' || type === 'webhook' || type === 'typebot';
/** Types whose requests are signed with a secret. */
export const isSigned = (type: QueueIntegrationType) => type === 'n8n' || type === 'webhook';

/** The dialog's values: numbers are typed as text and read on save. */
export interface QueueIntegrationFormValues {
  type: QueueIntegrationType;
  name: string;
  projectName: string;
  jsonContent: string;
  language: DialogflowLanguage;
  urlN8N: string;
  urlFrontend: string;
  typebotSlug: string;
  typebotExpires: string;
  typebotDelayMessage: string;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotUnknownMessage: string;
  typebotRestartMessage: string;
}

const trimmed =
  (rule: Rule<unknown>): Rule<unknown> =>
  (value) =>
    rule(typeof value === 'string' ? value.trim() : value);

/** Spec: name required ('Required'), 2 to 50 characters ('Too Short!' / 'Too Long!'). */
export const integrationNameRule: Rule<unknown> = trimmed(
  compose(
    required('queueIntegrations.validation.required'),
    minLength(INTEGRATION_NAME_MIN, 'queueIntegrations.validation.tooShort'),
    maxLength(INTEGRATION_NAME_MAX, 'queueIntegrations.validation.tooLong'),
  ),
);
export const requiredRule: Rule<unknown> = trimmed(required('queueIntegrations.validation.required'));

const isHttpUrl = (text: string) => {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};
/** Spec: the URL is required for n8n, webhook and typebot; it must be http(s). */
export const urlRule: Rule<unknown> = (value) => {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return 'queueIntegrations.validation.required';
  return isHttpUrl(text) || 'queueIntegrations.validation.url';
};
/** Blank, or an http(s) URL (the typebot's frontend URL). */
export const optionalUrlRule: Rule<unknown> = (value) => {
  const text = typeof value === 'string' ? value.trim() : '';
  return !text || isHttpUrl(text) || 'queueIntegrations.validation.url';
};
/** Required on create; an edit of a dialogflow integration with a stored key may leave it blank. Must parse as JSON. */
export const jsonContentRule =
  (hasStored: boolean): Rule<unknown> =>
  (value) => {
    const text = typeof value === 'string' ? value.trim() : '';
    if (!text) return hasStored || 'queueIntegrations.validation.required';
    try {
      JSON.parse(text);
      return true;
    } catch {
      return 'queueIntegrations.validation.json';
    }
  };
const wholeNumber =
  (max: number): Rule<unknown> =>
  (value) => {
    const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
    if (text === '') return 'queueIntegrations.validation.required';
    return (/^\d+$/.test(text) && Number(text) <= max) || 'queueIntegrations.validation.number';
  };
export const typebotExpiresRule = wholeNumber(10_080);
export const typebotDelayRule = wholeNumber(60_000);

export const initialIntegrationValues = (q: QueueIntegration | null | undefined): QueueIntegrationFormValues => ({
  type: q?.type ?? 'typebot',
  name: q?.name ?? '',
  projectName: q?.type === 'dialogflow' ? (q.projectName ?? '') : '',
  jsonContent: '',
  language: q?.language ?? 'pt-BR',
  urlN8N: q?.urlN8N ?? '',
  urlFrontend: q?.urlFrontend ?? '',
  typebotSlug: q?.typebotSlug ?? '',
  typebotExpires: String(q?.typebotExpires ?? TYPEBOT_EXPIRES_DEFAULT),
  typebotDelayMessage: String(q?.typebotDelayMessage ?? TYPEBOT_DELAY_DEFAULT),
  typebotKeywordFinish: q?.typebotKeywordFinish ?? '',
  typebotKeywordRestart: q?.typebotKeywordRestart ?? '',
  typebotUnknownMessage: q?.typebotUnknownMessage ?? '',
  typebotRestartMessage: q?.typebotRestartMessage ?? '',
});

const orNull = (text: string) => text.trim() || null;

/**
 * POST/PUT /queueIntegration's body: the type's fields only. Spec §4: for n8n, webhook and typebot the project name
 * is the name. A blank JSON content is left out (an edit keeps the stored key).
 */
export function integrationBody(v: QueueIntegrationFormValues): SaveQueueIntegrationBody {
  const name = v.name.trim();
  if (v.type === 'dialogflow') {
    const jsonContent = v.jsonContent.trim();
    return { type: v.type, name, projectName: v.projectName.trim(), language: v.language, ...(jsonContent ? { jsonContent } : {}) };
  }
  const base = { type: v.type, name, projectName: name, urlN8N: v.urlN8N.trim() };
  if (v.type !== 'typebot') return base;
  return {
    ...base,
    urlFrontend: orNull(v.urlFrontend),
    typebotSlug: v.typebotSlug.trim(),
    typebotExpires: Number(v.typebotExpires.trim()),
    typebotDelayMessage: Number(v.typebotDelayMessage.trim()),
    typebotKeywordFinish: orNull(v.typebotKeywordFinish),
    typebotKeywordRestart: orNull(v.typebotKeywordRestart),
    typebotUnknownMessage: orNull(v.typebotUnknownMessage),
    typebotRestartMessage: orNull(v.typebotRestartMessage),
  };
}

/** The search text as the API gets it (spec: lower-cased). */
export const searchParamOf = (text: string): string => text.trim().toLowerCase();

/** The typebot page: the front-end URL of the first typebot integration (by name, as listed), or null. */
export function typebotFrontendUrl(items: { type: QueueIntegrationType; urlFrontend: string | null }[] | undefined): string | null {
  return items?.find((i) => i.type === 'typebot' && i.urlFrontend)?.urlFrontend ?? null;
}

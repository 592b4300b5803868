import type { PromptDto, SavePromptBody } from './data/prompts';
import { compose, maxLength, minLength, required, type Rule } from '../../forms/validators';
import type { MessageKey } from '../../i18n';

export type Prompt = PromptDto;

/** The API's limits and defaults (SavePromptDto; spec back-office: maxTokens 100, temperature 1, maxMessages 10, voice 'texto'). */
export const PROMPT_NAME_MIN = 5;
export const PROMPT_NAME_MAX = 100;
export const PROMPT_TEXT_MIN = 50;
export const PROMPT_TEXT_MAX = 20_000;
export const PROMPT_TEXT_VOICE = 'texto';
export const PROMPT_DEFAULT_MODEL = 'gpt-4o-mini';

/**
 * The voices the select offers besides 'texto'. Replies are spoken through the OpenAI-compatible audio endpoint of
 * the prompt's base URL (api/src/automation/prompts/README.md), so these are that service's voices. A stored voice not
 * in this list (set through the API) is kept and offered too.
 */
export const PROMPT_VOICES = ['alloy', 'echo', 'fable', 'nova', 'onyx', 'shimmer'] as const;

/** The dialog's values: numbers are typed as text and read on save. */
export interface PromptFormValues {
  name: string;
  apiKey: string;
  prompt: string;
  queueId: string | null;
  voice: string;
  voiceKey: string;
  voiceRegion: string;
  temperature: string;
  maxTokens: string;
  maxMessages: string;
  model: string;
  baseUrl: string;
}

const trimmed =
  (rule: Rule<unknown>): Rule<unknown> =>
  (value) =>
    rule(typeof value === 'string' ? value.trim() : value);

/** Spec: name 5 to 100 characters ('Muito curto!' / 'Muito longo!'). */
export const promptNameRule: Rule<unknown> = trimmed(
  compose(
    required('prompts.validation.required'),
    minLength(PROMPT_NAME_MIN, 'prompts.validation.tooShort'),
    maxLength(PROMPT_NAME_MAX, 'prompts.validation.tooLong'),
  ),
);
/** Spec: the prompt has at least 50 characters. */
export const promptTextRule: Rule<unknown> = trimmed(
  compose(
    required('prompts.validation.required'),
    minLength(PROMPT_TEXT_MIN, 'prompts.validation.tooShort'),
    maxLength(PROMPT_TEXT_MAX, 'prompts.validation.tooLong'),
  ),
);
/** The key is required for a new prompt; an edited one keeps its stored key when left blank. */
export const apiKeyRule =
  (hasStoredKey: boolean): Rule<unknown> =>
  (value) =>
    hasStoredKey || (typeof value === 'string' && value.trim()) ? true : 'prompts.validation.required';
/** Spec: a prompt without a queue is refused with 'Informe o setor'. */
export const promptQueueRule: Rule<unknown> = (value) => (value === null || value === undefined || value === '' ? 'prompts.validation.queue' : true);

const numberIn =
  (min: number, max: number, message: MessageKey, integer: boolean): Rule<unknown> =>
  (value) => {
    const text = typeof value === 'string' ? value.trim().replace(',', '.') : typeof value === 'number' ? String(value) : '';
    if (text === '') return 'prompts.validation.required';
    const n = Number(text);
    if (!Number.isFinite(n)) return 'prompts.validation.number';
    if ((integer && !Number.isInteger(n)) || n < min || n > max) return message;
    return true;
  };
export const temperatureRule = numberIn(0, 2, 'prompts.validation.temperature', false);
export const maxTokensRule = numberIn(1, 32_000, 'prompts.validation.maxTokens', true);
export const maxMessagesRule = numberIn(1, 50, 'prompts.validation.maxMessages', true);
export const modelRule: Rule<unknown> = trimmed(compose(required('prompts.validation.required'), maxLength(100, 'prompts.validation.tooLong')));
/** Blank, or an http(s) URL. */
export const baseUrlRule: Rule<unknown> = (value) => {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return true;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? true : 'prompts.validation.url';
  } catch {
    return 'prompts.validation.url';
  }
};

export const initialPromptValues = (p: Prompt | null | undefined): PromptFormValues => ({
  name: p?.name ?? '',
  apiKey: '',
  prompt: p?.prompt ?? '',
  queueId: p?.queueId ? String(p.queueId) : null,
  voice: p?.voice ?? PROMPT_TEXT_VOICE,
  voiceKey: '',
  voiceRegion: p?.voiceRegion ?? '',
  temperature: String(p?.temperature ?? 1),
  maxTokens: String(p?.maxTokens ?? 100),
  maxMessages: String(p?.maxMessages ?? 10),
  model: p?.model ?? PROMPT_DEFAULT_MODEL,
  baseUrl: p?.baseUrl ?? '',
});

const num = (text: string) => Number(text.trim().replace(',', '.'));

/** POST/PUT /prompt's body. Blank keys are left out: on an edit the stored keys stay. */
export function promptBody(values: PromptFormValues): SavePromptBody {
  const apiKey = values.apiKey.trim();
  const voiceKey = values.voiceKey.trim();
  return {
    name: values.name.trim(),
    prompt: values.prompt.trim(),
    ...(apiKey ? { apiKey } : {}),
    queueId: Number(values.queueId),
    voice: values.voice,
    ...(voiceKey ? { voiceKey } : {}),
    voiceRegion: values.voiceRegion.trim() || null,
    temperature: num(values.temperature),
    maxTokens: num(values.maxTokens),
    maxMessages: num(values.maxMessages),
    model: values.model.trim(),
    baseUrl: values.baseUrl.trim() || null,
  };
}

/** The search text as the API gets it (spec: lower-cased). */
export const searchParamOf = (text: string): string => text.trim().toLowerCase();

// The official WhatsApp API on the connections page (issue 35): pure decisions the modal and the table share.
import type { Schema } from '../../client';
import { compose, pattern, required, type Rule } from '../../forms/validators';
import type { StatusTone } from './connection-rules';

/** `qrcode`: a linked device (baileys, sandbox); `official`: the official API (cloud, sandbox_cloud). */
export type ConnectionType = Schema<'ConnectionType'>;
/** GET /whatsapp/{whatsappId}/templates: a synced template (only APPROVED ones can be sent or chosen). */
export type MessageTemplate = Schema<'MessageTemplateDto'>;
/** One approved template chosen for an automatic message, with its body variables' values in order. */
export type TemplateChoice = Schema<'TemplateChoiceDto'>;
/** The automatic messages' chosen templates, as GET /whatsapp answers them to managers. */
export type TemplatePurposes = Schema<'TemplatePurposesDto'>;
/** An automatic message that uses a template outside the customer's 24-hour window. */
export type TemplatePurpose = keyof TemplatePurposes;
/** Every purpose, in the order the modal lists them. */
export const TEMPLATE_PURPOSES = [
  'greeting',
  'farewell',
  'rating',
  'outOfHours',
  'transfer',
  'inactive',
  'schedule',
  'campaign',
] as const satisfies readonly TemplatePurpose[];
/** What POST and PUT /whatsapp take for the purposes: absent ones unchanged, null clears one. */
type PurposesBody = Schema<'TemplatePurposesInputDto'>;
/** The official fields of POST and PUT /whatsapp's bodies. */
type OfficialBody = Pick<Schema<'CreateWhatsappDto'>, 'cloudPhoneNumberId' | 'cloudBusinessAccountId' | 'cloudAccessToken' | 'cloudAppSecret'>;

/** Who runs a connection: a linked device (baileys, sandbox) or the official API (cloud, sandbox_cloud). */
export type AnyProvider = Schema<'ProviderName'>;
export const OFFICIAL_PROVIDERS: readonly string[] = ['cloud', 'sandbox_cloud'];

/** Whether a connection (or a provider name) is on the official API. */
export function isOfficial(connection: { provider: string; type?: ConnectionType } | string | null | undefined): boolean {
  if (!connection) return false;
  if (typeof connection === 'string') return OFFICIAL_PROVIDERS.includes(connection);
  return connection.type === 'official' || OFFICIAL_PROVIDERS.includes(connection.provider);
}

/** The provider a new connection gets from the modal's two choices: its type and its network (WhatsApp or the sandbox). */
export function providerOf(type: ConnectionType, network: AnyProvider): AnyProvider {
  if (OFFICIAL_PROVIDERS.includes(network)) return network;
  if (type === 'qrcode') return network;
  return network === 'sandbox' ? 'sandbox_cloud' : 'cloud';
}

/** The quality rating's dot: GREEN, YELLOW, RED; anything else (UNKNOWN) is informational. */
export type QualityRating = 'GREEN' | 'YELLOW' | 'RED' | 'UNKNOWN';
export function qualityOf(rating: string | null | undefined): QualityRating | null {
  if (!rating) return null;
  const upper = rating.toUpperCase();
  return upper === 'GREEN' || upper === 'YELLOW' || upper === 'RED' ? upper : 'UNKNOWN';
}
export const QUALITY_TONE: Record<QualityRating, StatusTone> = { GREEN: 'success', YELLOW: 'warning', RED: 'danger', UNKNOWN: 'info' };

/** The messaging limit tier as a count of conversations ('1K', '250'), or 'unlimited'; null when unknown. */
export function messagingLimitOf(tier: string | null | undefined): string | null {
  if (!tier) return null;
  const match = /^TIER_(\d+K?|UNLIMITED)$/i.exec(tier.trim());
  if (!match) return null;
  return match[1].toUpperCase() === 'UNLIMITED' ? 'unlimited' : match[1].toUpperCase();
}

/** A Graph API id: digits only, at most 40 (the API's rule). */
export const graphIdRule: Rule<unknown> = compose(required(), pattern(/^\s*\d{1,40}\s*$/, 'connections.official.validation.digits'));

/** The key of a template in a select: name and language (a template exists once per language). */
export const templateKey = (t: { name: string; language: string }): string => `${t.name}|${t.language}`;
export const NO_TEMPLATE = 'none';

/** One purpose as the form holds it: a template key (or NO_TEMPLATE) and its variables' values. */
export interface PurposeValue {
  template: string;
  params: string[];
}
export type PurposeValues = Record<TemplatePurpose, PurposeValue>;

/** The form's purposes from the connection's chosen templates (a purpose without one: NO_TEMPLATE). */
export function purposeValuesOf(purposes: TemplatePurposes | null | undefined): PurposeValues {
  return Object.fromEntries(
    TEMPLATE_PURPOSES.map((purpose) => {
      const choice = purposes?.[purpose];
      return [purpose, choice ? { template: templateKey(choice), params: [...choice.params] } : { template: NO_TEMPLATE, params: [] }];
    }),
  ) as PurposeValues;
}

/**
 * What PUT /whatsapp takes for the purposes given (the others stay as stored): each chosen template, or null. With the templates, each choice gets as
 * many values as its template has variables (what the modal does before saving).
 */
export function purposesBody(values: Partial<PurposeValues>, templates?: readonly MessageTemplate[]): PurposesBody {
  const body: PurposesBody = {};
  for (const purpose of TEMPLATE_PURPOSES) {
    const value = values[purpose];
    if (!value) continue;
    const [name, language] = value.template.split('|');
    if (value.template === NO_TEMPLATE || !language) {
      body[purpose] = null;
      continue;
    }
    const template = templates?.find((t) => templateKey(t) === value.template);
    const params = template ? Array.from({ length: template.params }, (_, i) => value.params[i] ?? '') : value.params;
    body[purpose] = { name, language, params };
  }
  return body;
}

/** The official fields of the form, as POST (`create`) or PUT (`update`) /whatsapp takes them: blank secrets keep the stored ones. */
export function officialBody(
  values: { cloudPhoneNumberId: string; cloudBusinessAccountId: string; cloudAccessToken: string; cloudAppSecret: string },
  provider: string,
  mode: 'create' | 'update',
): OfficialBody {
  if (provider !== 'cloud') return {};
  const body: OfficialBody = {
    cloudPhoneNumberId: values.cloudPhoneNumberId.trim(),
    cloudBusinessAccountId: values.cloudBusinessAccountId.trim(),
  };
  const token = values.cloudAccessToken.trim();
  const secret = values.cloudAppSecret.trim();
  if (token || mode === 'create') body.cloudAccessToken = token;
  if (secret || mode === 'create') body.cloudAppSecret = secret;
  return body;
}

import { randomBytes } from 'node:crypto';
import type { FieldError } from '../../common/http/errors';
import type { SecretBox } from '../../common/infra/secret-box';
import type { CreateWhatsappDto } from './dto/save-whatsapp.dto';
import { isOfficial, type ProviderName, type Whatsapp } from './whatsapp.entity';

/**
 * An official API connection's own fields on create and update (pure rules, and applying them to the row).
 *
 * `cloud` (Meta's Cloud API) needs the phone number id and business account id (digits, never cleared), the access
 * token and app secret (required on create; on update absent or blank keeps the stored ones; sealed with SecretBox,
 * never answered). Other providers refuse these fields; `templatePurposes` is for official connections only (both
 * `cloud` and `sandbox_cloud`). An official connection gets its webhook's verify token when created.
 */
export type OfficialFields = Pick<
  CreateWhatsappDto,
  'cloudPhoneNumberId' | 'cloudBusinessAccountId' | 'cloudAccessToken' | 'cloudAppSecret' | 'templatePurposes'
>;

const CREDENTIALS = ['cloudPhoneNumberId', 'cloudBusinessAccountId', 'cloudAccessToken', 'cloudAppSecret'] as const;
/** What keeps the stored value when not sent again (the secrets); the ids are shown and sent back by the form. */
const KEPT_WHEN_BLANK: readonly string[] = ['cloudAccessToken', 'cloudAppSecret'];

/** The field errors of these fields for a connection of `provider`; `creating`: POST (nothing stored yet). */
export function officialFieldErrors(provider: ProviderName, dto: OfficialFields, creating: boolean): FieldError[] {
  const errors: FieldError[] = [];
  if (provider === 'cloud') {
    for (const field of CREDENTIALS) {
      const value = dto[field];
      const missing = creating ? !value : value === null && !KEPT_WHEN_BLANK.includes(field);
      if (missing) errors.push({ field, messages: ['Required'] });
    }
  } else {
    for (const field of CREDENTIALS) {
      if (dto[field]) errors.push({ field, messages: ["Only for official API connections (provider 'cloud')"] });
    }
  }
  if (!isOfficial(provider) && dto.templatePurposes) {
    errors.push({ field: 'templatePurposes', messages: ['Only for official API connections'] });
  }
  return errors;
}

/**
 * Sets the credentials sent (sealed) on a `cloud` connection; blank secrets keep the stored ones. Answers whether the
 * session's own credentials changed (the phone number id or the token, which a running session holds): the caller
 * then restarts the session. The app secret is read by the webhook on each delivery.
 */
export function applyCloudCredentials(w: Whatsapp, dto: OfficialFields, box: SecretBox): boolean {
  if (w.provider !== 'cloud') return false;
  let sessionChanged = false;
  if (dto.cloudPhoneNumberId && dto.cloudPhoneNumberId !== w.cloudPhoneNumberId) {
    w.cloudPhoneNumberId = dto.cloudPhoneNumberId;
    sessionChanged = true;
  }
  if (dto.cloudBusinessAccountId) w.cloudBusinessAccountId = dto.cloudBusinessAccountId;
  if (dto.cloudAccessToken) {
    w.cloudAccessToken = box.seal(dto.cloudAccessToken);
    sessionChanged = true;
  }
  if (dto.cloudAppSecret) w.cloudAppSecret = box.seal(dto.cloudAppSecret);
  return sessionChanged;
}

/** What Meta's webhook verification echoes: random, URL-safe, 43 characters. */
export function newVerifyToken(): string {
  return randomBytes(32).toString('base64url');
}

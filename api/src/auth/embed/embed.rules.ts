/**
 * The embed keys' and partner tokens' decisions as pure functions (the moment is passed in): the services call them,
 * embed.rules.spec.ts tests them in milliseconds.
 */

/** The audience every partner token must name. */
export const EMBED_AUDIENCE = 'atende-embed';
/** A partner token lives at most this long (exp - iat). */
export const EMBED_TOKEN_MAX_LIFETIME_S = 300;
/** Clock difference tolerated between the partner's server and ours. */
export const EMBED_CLOCK_SKEW_S = 30;
export const EMBED_JTI_MAX = 200;

/**
 * An origin as browsers send it in `Origin`: scheme http or https, lower-case host, the port only when not the
 * scheme's default, no path, query, fragment or credentials. Null when `value` is not such an origin.
 */
export function normalizeOrigin(value: string): string | null {
  const text = value.trim().replace(/\/$/, '');
  if (!/^https?:\/\/[^/?#]+$/i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || !url.hostname) return null;
  return url.origin;
}

/** The partner's token's claims, after its signature, audience and expiry were verified. */
export interface PartnerClaims {
  iat?: unknown;
  exp?: unknown;
  jti?: unknown;
  email?: unknown;
  externalId?: unknown;
}

export type PartnerSubject = { email: string } | { externalId: string };

/**
 * What is left to check once the signature, the audience and the expiry hold: iat and exp present, a lifetime of at
 * most 300 s, iat not in the future (beyond the skew), a jti, and exactly one of email or externalId.
 * Answers the subject and the jti, or why the token is refused.
 */
export function checkPartnerClaims(
  claims: PartnerClaims,
  nowSeconds: number,
): { ok: true; jti: string; subject: PartnerSubject } | { ok: false; reason: string } {
  const { iat, exp, jti, email, externalId } = claims;
  if (typeof iat !== 'number' || !Number.isFinite(iat)) return { ok: false, reason: 'iat is required' };
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return { ok: false, reason: 'exp is required' };
  if (exp - iat > EMBED_TOKEN_MAX_LIFETIME_S) return { ok: false, reason: `the token lives longer than ${EMBED_TOKEN_MAX_LIFETIME_S} s (exp - iat)` };
  if (exp <= iat) return { ok: false, reason: 'exp must come after iat' };
  if (iat > nowSeconds + EMBED_CLOCK_SKEW_S) return { ok: false, reason: 'iat is in the future' };
  if (exp + EMBED_CLOCK_SKEW_S <= nowSeconds) return { ok: false, reason: 'the token expired' };
  if (typeof jti !== 'string' || !jti.trim() || jti.length > EMBED_JTI_MAX) return { ok: false, reason: `jti is required (1 to ${EMBED_JTI_MAX} characters)` };
  const mail = typeof email === 'string' ? email.trim() : '';
  const external = typeof externalId === 'string' ? externalId.trim() : '';
  if (!mail === !external) return { ok: false, reason: 'exactly one of email or externalId must name the user' };
  return { ok: true, jti, subject: mail ? { email: mail.toLowerCase() } : { externalId: external } };
}

import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { TestApp } from '../harness';

/** The page a partner embeds the widgets in (not loopback, so the configured CORS list does not cover it). */
export const PARTNER_ORIGIN = 'https://portal.partner.example';

export interface CreatedEmbedKey {
  id: number;
  keyId: string;
  name: string;
  allowedOrigins: string[];
  secret: string;
}

/** An embed key made through the route, as a company admin does. */
export async function createEmbedKey(t: TestApp, adminToken: string, allowedOrigins = [PARTNER_ORIGIN], name = 'Portal'): Promise<CreatedEmbedKey> {
  const res = await t.http().post('/embed-keys').set('Authorization', `Bearer ${adminToken}`).send({ name, allowedOrigins });
  if (res.status !== 201) throw new Error(`embed key: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as CreatedEmbedKey;
}

/**
 * A partner's token, as the partner's server signs it (10 lines of Node in the partner guide): HS256 with the key's
 * secret, `kid` = keyId. `claims` override or add (undefined drops a claim).
 */
export function partnerToken(
  key: Pick<CreatedEmbedKey, 'keyId' | 'secret'>,
  claims: Record<string, unknown>,
  options: { secret?: string; kid?: string } = {},
): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = Object.fromEntries(
    Object.entries({ aud: 'atende-embed', iat: now, exp: now + 120, jti: randomUUID(), ...claims }).filter(([, v]) => v !== undefined),
  );
  return jwt.sign(payload, options.secret ?? key.secret, { algorithm: 'HS256', keyid: options.kid ?? key.keyId });
}

/** POST /auth/embed/session from the partner's page. */
export function exchange(t: TestApp, token: string, origin: string | null = PARTNER_ORIGIN) {
  const req = t.http().post('/auth/embed/session');
  if (origin) req.set('Origin', origin);
  return req.send({ token });
}

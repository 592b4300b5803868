import { createHmac, randomBytes } from 'node:crypto';

/** A new signing secret: `whsec_` and 32 random bytes (base64url). */
export function newSecret(): { secret: string; hint: string } {
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  return { secret, hint: `whsec_…${secret.slice(-4)}` };
}

/** `sha256=<hex HMAC-SHA256(secret, timestamp + '.' + body)>`: what X-Atende-Signature carries. */
export function signature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

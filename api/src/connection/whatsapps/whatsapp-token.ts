import { createHash, randomBytes } from 'node:crypto';

/** Prefix of every send-message API token: recognisable in a secret scanner or a leaked log. */
export const TOKEN_PREFIX = 'atd_';

export interface IssuedToken {
  /** Shown once; never stored. */
  token: string;
  hash: string;
  hint: string;
}

/** SHA-256 in hex: the token has 256 random bits, so a fast hash is enough (nothing to brute-force). */
export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** A new token with its stored hash and its hint (`atd_5Yk…F2gE`). */
export function issueToken(): IssuedToken {
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token), hint: `${token.slice(0, 7)}…${token.slice(-4)}` };
}

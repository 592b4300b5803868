import type { Schema } from '../../../client';
import { can, type Me } from '../../../provider/session-rules';

export type EmbedKey = Schema<'EmbedKeyDto'>;
export type EmbedKeyCreated = Schema<'EmbedKeyCreatedDto'>;
export type EmbedKeyBody = Schema<'CreateEmbedKeyDto'>;

/** The token's audience the API checks (partner guide, docs/partners.md). */
export const EMBED_TOKEN_AUDIENCE = 'atende-embed';

/** embed-keys:manage (company admins): without it the page says so and calls nothing. */
export const canManageEmbedKeys = (me: Pick<Me, 'permissions'> | undefined): boolean => can(me, 'embed-keys:manage');

/** 'Ativa' or 'Revogada': a revoked key stays listed, and cannot come back. */
export const isRevoked = (key: Pick<EmbedKey, 'revokedAt'>): boolean => key.revokedAt != null;

/** The form's values: the origins as the text area holds them, one a line. */
export interface EmbedKeyFormValues {
  name: string;
  origins: string;
}

export function embedKeyFormValues(key?: EmbedKey | null): EmbedKeyFormValues {
  return { name: key?.name ?? '', origins: (key?.allowedOrigins ?? []).join('\n') };
}

/** The text area's lines, trimmed, blank ones left out. */
export const originLines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/**
 * A line as an origin (`https://partner.example`, `http://localhost:5173`), or null: http or https, a host, an
 * optional port, nothing after it (a trailing '/' is forgiven; a path, query, fragment or credentials are not, since
 * the API compares the browser's Origin header, which never has them). Answers the browser's spelling (lower-case
 * host, a default port dropped): the API's own rule (normalizeOrigin in api/src/auth/embed/embed.rules.ts).
 */
export function parseOrigin(line: string): string | null {
  const text = line.trim().replace(/\/$/, '');
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

/** The lines that are not origins, as typed. */
export const invalidOrigins = (text: string): string[] => originLines(text).filter((line) => parseOrigin(line) === null);

/** The body of POST /embed-keys and PUT /embed-keys/{id}: the name trimmed, each origin in the browser's spelling, once. */
export function embedKeyBody(values: EmbedKeyFormValues): EmbedKeyBody {
  const origins = originLines(values.origins).map((line) => parseOrigin(line) ?? line);
  return { name: values.name.trim(), allowedOrigins: [...new Set(origins)] };
}

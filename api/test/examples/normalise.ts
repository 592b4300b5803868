/**
 * Makes a recorded answer the same on every run and safe to publish: instants fixed, tokens and secrets redacted,
 * random ids (uuids) numbered in order of appearance, the test server's address replaced, long lists cut to two.
 */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** An instant as PostgreSQL writes it (a raw row's column). */
const PG_INSTANT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}(:?\d{2})?$/;
const JWT = /^eyJ[\w-]+\.[\w-]+\.[\w-]+$/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const LOCAL = /http:\/\/127\.0\.0\.1:\d+/g;
/** Fields whose values are credentials: shown redacted, whatever their form. */
const SECRET = /^(token|refreshToken|secret|apiKey|password|jsonContent|qrcode|p256dh|auth|vapidPublicKey)$/i;
const LONG_HEX = /\b[0-9a-f]{24,}\b/g;
/** The random part of a stored file's name (`qm2-e8ab662ff1f456a6.png`). */
const STORED_NAME = /-([0-9a-f]{16})\./g;
/** Random ids with a readable prefix: an embed key's id, a sandbox call's. */
const PREFIXED_RANDOM = /^(ek_|SBCALL|SB)[A-Za-z0-9_-]{12,}$/;

export function normalise<T>(value: T): T {
  const uuids = new Map<string, string>();
  const uuid = (u: string) => {
    if (!uuids.has(u.toLowerCase())) uuids.set(u.toLowerCase(), `00000000-0000-4000-8000-${String(uuids.size + 1).padStart(12, '0')}`);
    return uuids.get(u.toLowerCase())!;
  };
  const walk = (v: unknown, key = ''): unknown => {
    if (Array.isArray(v)) return v.slice(0, 2).map((item) => walk(item, key));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    if (typeof v !== 'string') return v;
    if (INSTANT.test(v)) return '2027-01-04T12:00:00.000Z';
    if (DAY.test(v)) return '2027-01-04';
    if (PG_INSTANT.test(v)) return '2027-01-04 12:00:00+00';
    if (JWT.test(v)) return 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.<redacted>.<redacted>';
    if (v.startsWith('atd_')) return 'atd_<redacted>';
    if (key === 'secretHint' && v.startsWith('whsec_')) return 'whsec_…0000';
    // The push service key made at each start: its form kept (a P-256 point, base64url).
    if (key === 'publicKey' && /^B[A-Za-z0-9_-]{86}$/.test(v)) return `B${'A'.repeat(86)}`;
    if (PREFIXED_RANDOM.test(v)) return v.replace(/^(ek_|SBCALL|SB)(.*)$/, (_, prefix: string, rest: string) => prefix + '0'.repeat(rest.length));
    if (SECRET.test(key) && v) return '<redacted>';
    return v
      .replace(LOCAL, 'http://localhost:8080')
      .replace(UUID, uuid)
      .replace(LONG_HEX, (h) => '0'.repeat(h.length))
      .replace(STORED_NAME, (_, hex: string) => `-${'0'.repeat(hex.length)}.`);
  };
  return walk(value) as T;
}

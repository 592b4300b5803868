import { checkPartnerClaims, normalizeOrigin } from './embed.rules';

describe('normalizeOrigin', () => {
  it.each([
    ['https://portal.example.com', 'https://portal.example.com'],
    ['https://Portal.Example.com/', 'https://portal.example.com'],
    ['http://localhost:5173', 'http://localhost:5173'],
    ['https://portal.example.com:443', 'https://portal.example.com'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['  https://a.example  ', 'https://a.example'],
  ])('%s -> %s', (given, expected) => expect(normalizeOrigin(given)).toBe(expected));

  it.each([
    'ftp://portal.example.com',
    'https://portal.example.com/app',
    'https://portal.example.com?x=1',
    'portal.example.com',
    'https://user:pw@a.example',
    'https://',
    '*',
    'javascript:alert(1)',
  ])('refuses %s', (given) => expect(normalizeOrigin(given)).toBeNull());
});

describe('checkPartnerClaims', () => {
  const now = 1_800_000_000;
  const ok = { iat: now, exp: now + 120, jti: 'j-1', email: ' Maria@Example.com ' };

  it('answers the subject and the jti', () => {
    expect(checkPartnerClaims(ok, now)).toEqual({ ok: true, jti: 'j-1', subject: { email: 'maria@example.com' } });
    expect(checkPartnerClaims({ ...ok, email: undefined, externalId: ' crm-42 ' }, now)).toEqual({ ok: true, jti: 'j-1', subject: { externalId: 'crm-42' } });
  });

  it.each([
    ['no iat', { ...ok, iat: undefined }, 'iat is required'],
    ['no exp', { ...ok, exp: undefined }, 'exp is required'],
    ['a lifetime over 300 s', { ...ok, exp: now + 301 }, 'longer than 300 s'],
    ['exp before iat', { ...ok, exp: now - 1 }, 'exp must come after iat'],
    ['iat in the future', { ...ok, iat: now + 31, exp: now + 60 }, 'iat is in the future'],
    ['expired beyond the skew', { ...ok, iat: now - 200, exp: now - 30 }, 'expired'],
    ['no jti', { ...ok, jti: undefined }, 'jti is required'],
    ['a blank jti', { ...ok, jti: '  ' }, 'jti is required'],
    ['both email and externalId', { ...ok, externalId: 'x' }, 'exactly one'],
    ['neither', { ...ok, email: undefined }, 'exactly one'],
  ])('refuses %s', (_name, claims, reason) => {
    const result = checkPartnerClaims(claims, now);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toContain(reason);
  });

  it('tolerates 30 s of clock difference', () => {
    expect(checkPartnerClaims({ ...ok, iat: now + 30, exp: now + 90 }, now).ok).toBe(true);
    expect(checkPartnerClaims({ ...ok, iat: now - 100, exp: now - 29 }, now).ok).toBe(true);
  });
});

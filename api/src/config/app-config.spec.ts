import { ConfigError, DEV_JWT_SECRET, DEV_REFRESH_SECRET, loadConfig } from './app-config';

const strong = (c: string) => c.repeat(40);
const production = {
  NODE_ENV: 'production',
  JWT_SECRET: strong('a'),
  JWT_REFRESH_SECRET: strong('b'),
  DATABASE_URL: 'postgres://db/atende',
  SECRETS_KEY: 'c'.repeat(64),
};

describe('loadConfig', () => {
  it('listens on this machine only unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ ...production }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('answers CORS for the listed origins only; without a list, none in production and pages on this machine elsewhere', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example' }).corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(loadConfig({ ...production }).corsOrigins).toEqual([]);
    expect(loadConfig({}).corsOrigins).toBe('loopback');
  });

  it('never uses the published development secrets: without secrets, development gets random ones and production refuses', () => {
    const a = loadConfig({});
    const b = loadConfig({});
    expect([a.jwtSecret, a.refreshSecret]).not.toContain(DEV_JWT_SECRET);
    expect([a.jwtSecret, a.refreshSecret]).not.toContain(DEV_REFRESH_SECRET);
    expect(a.jwtSecret).not.toBe(b.jwtSecret);
    expect(a.secretsKey.equals(b.secretsKey)).toBe(false);
    expect(a.generatedSecrets).toEqual(['JWT_SECRET', 'JWT_REFRESH_SECRET', 'SECRETS_KEY']);
    expect(loadConfig({ ...production }).generatedSecrets).toEqual([]);
  });

  it('gives a newcomer working defaults in development', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ nodeEnv: 'development', port: 8080, migrateOnStart: true, seedDemo: true, accessTokenTtlSeconds: 900 });
    expect(c.refreshTokenTtlSeconds).toBe(7 * 24 * 3600);
    expect(c.databaseUrl).toBeUndefined();
  });

  it('starts in production with real secrets, and never seeds demo logins there', () => {
    const c = loadConfig({ ...production, SEED_DEMO: 'true' });
    expect(c.seedDemo).toBe(false);
    expect(c.migrateOnStart).toBe(false);
  });

  it.each([
    ['missing secrets', { JWT_SECRET: undefined, JWT_REFRESH_SECRET: undefined }, /JWT_SECRET is required/],
    ['the development default', { JWT_SECRET: DEV_JWT_SECRET }, /JWT_SECRET still has the development default/],
    ['the refresh development default', { JWT_REFRESH_SECRET: DEV_REFRESH_SECRET }, /JWT_REFRESH_SECRET still has the development default/],
    ['a short secret', { JWT_SECRET: 'short' }, /at least 32 characters/],
    ['equal secrets', { JWT_REFRESH_SECRET: strong('a') }, /must differ/],
    ['no key for stored credentials', { SECRETS_KEY: undefined }, /SECRETS_KEY is required in production/],
    ['a short key for stored credentials', { SECRETS_KEY: 'abcd' }, /SECRETS_KEY must be 32 bytes/],
    ['no database', { DATABASE_URL: undefined }, /DATABASE_URL is required/],
  ])('refuses to start in production with %s', (_name, override, message) => {
    const env = { ...production, ...override } as Record<string, string | undefined>;
    for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
    expect(() => loadConfig(env as NodeJS.ProcessEnv)).toThrow(ConfigError);
    expect(() => loadConfig(env as NodeJS.ProcessEnv)).toThrow(message);
  });

  it('names every malformed variable at once', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'eighty', MIGRATE_ON_START: 'maybe', ROLE: 'boss', REFRESH_COOKIE_SAMESITE: 'sometimes' });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/PORT must be a non-negative integer/);
    expect(message).toMatch(/ROLE must be all, api or worker/);
    expect(message).toMatch(/MIGRATE_ON_START must be true or false/);
    expect(message).toMatch(/REFRESH_COOKIE_SAMESITE must be lax, strict or none/);
  });

  it('reads TRUST_PROXY as Express takes it, trusting only a proxy on this machine by default', () => {
    expect(loadConfig({}).trustProxy).toBe('loopback');
    expect(loadConfig({ ...production }).trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, loopback' }).trustProxy).toBe('10.0.0.5, loopback');
    expect(loadConfig({}).refreshCookieSameSite).toBe('lax');
    expect(loadConfig({ REFRESH_COOKIE_SAMESITE: 'None' }).refreshCookieSameSite).toBe('none');
  });

  it("calls Meta's Graph API unless a test names a fake, and refuses another Graph API URL in production", () => {
    expect(loadConfig({}).whatsappGraphUrl).toBe('https://graph.facebook.com/v23.0');
    expect(loadConfig({ ...production }).whatsappGraphUrl).toBe('https://graph.facebook.com/v23.0');
    expect(loadConfig({ ...production, WHATSAPP_GRAPH_URL: 'https://graph.facebook.com/v23.0/' }).whatsappGraphUrl).toBe('https://graph.facebook.com/v23.0');
    expect(loadConfig({ NODE_ENV: 'test', WHATSAPP_GRAPH_URL: 'http://127.0.0.1:4010/v23.0/' }).whatsappGraphUrl).toBe('http://127.0.0.1:4010/v23.0');
    expect(() => loadConfig({ ...production, WHATSAPP_GRAPH_URL: 'http://127.0.0.1:4010/v23.0' })).toThrow(/WHATSAPP_GRAPH_URL is configurable only for tests/);
    expect(() => loadConfig({ WHATSAPP_GRAPH_URL: 'graph.local' })).toThrow(/WHATSAPP_GRAPH_URL must be an http\(s\) URL/);
  });

  it('knows its public address from PUBLIC_API_URL (trailing slashes dropped), http://localhost:<PORT> without it, and refuses what is not an http(s) URL', () => {
    expect(loadConfig({}).publicApiUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '3000' }).publicApiUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PUBLIC_API_URL: 'https://atende.example.com/api//' }).publicApiUrl).toBe('https://atende.example.com/api');
    expect(() => loadConfig({ PUBLIC_API_URL: 'atende.example.com' })).toThrow(/PUBLIC_API_URL must be an http\(s\) URL/);
    expect(() => loadConfig({ PUBLIC_API_URL: 'ftp://atende.example.com' })).toThrow(/PUBLIC_API_URL must be an http\(s\) URL/);
    expect(() => loadConfig({ PUBLIC_API_URL: 'https://atende.example.com/?x=1' })).toThrow(/PUBLIC_API_URL must be an http\(s\) URL/);
  });

  describe('a rotation: SECRETS_KEY_PREVIOUS and JWT_SECRET_PREVIOUS', () => {
    const refused = (env: Record<string, string>): string => {
      try {
        loadConfig(env);
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    };

    it('reads the previous key for stored credentials in either spelling, and nothing when it is unset', () => {
      const previous = 'd'.repeat(64);
      expect(loadConfig({ ...production, SECRETS_KEY_PREVIOUS: previous }).secretsKeyPrevious?.toString('hex')).toBe(previous);
      const base64 = Buffer.from(previous, 'hex').toString('base64');
      expect(loadConfig({ ...production, SECRETS_KEY_PREVIOUS: base64 }).secretsKeyPrevious?.toString('hex')).toBe(previous);
      expect(loadConfig({ ...production }).secretsKeyPrevious).toBeUndefined();
      expect(loadConfig({ ...production, SECRETS_KEY_PREVIOUS: '' }).secretsKeyPrevious).toBeUndefined();
    });

    it('refuses a previous key that is not 32 bytes, or is SECRETS_KEY itself (even spelt in base64)', () => {
      expect(refused({ ...production, SECRETS_KEY_PREVIOUS: 'abcd' })).toMatch(/SECRETS_KEY_PREVIOUS must be 32 bytes/);
      expect(refused({ ...production, SECRETS_KEY_PREVIOUS: production.SECRETS_KEY })).toMatch(/SECRETS_KEY_PREVIOUS is the same key as SECRETS_KEY/);
      const sameInBase64 = Buffer.from(production.SECRETS_KEY, 'hex').toString('base64');
      expect(refused({ ...production, SECRETS_KEY_PREVIOUS: sameInBase64 })).toMatch(/same key as SECRETS_KEY/);
      expect(refused({ SECRETS_KEY: 'e'.repeat(64), SECRETS_KEY_PREVIOUS: 'e'.repeat(64) })).toMatch(/same key as SECRETS_KEY/);
    });

    it('reads the previous JWT secret, and refuses it equal to JWT_SECRET, short or a published development secret in production', () => {
      expect(loadConfig({ ...production, JWT_SECRET_PREVIOUS: strong('p') }).jwtSecretPrevious).toBe(strong('p'));
      expect(loadConfig({ ...production }).jwtSecretPrevious).toBeUndefined();
      expect(refused({ ...production, JWT_SECRET_PREVIOUS: production.JWT_SECRET })).toMatch(/JWT_SECRET_PREVIOUS is the same as JWT_SECRET/);
      expect(refused({ JWT_SECRET: strong('a'), JWT_SECRET_PREVIOUS: strong('a') })).toMatch(/JWT_SECRET_PREVIOUS is the same as JWT_SECRET/);
      expect(refused({ ...production, JWT_SECRET_PREVIOUS: 'short' })).toMatch(/JWT_SECRET_PREVIOUS must be at least 32 characters/);
      expect(refused({ ...production, JWT_SECRET_PREVIOUS: DEV_JWT_SECRET })).toMatch(/JWT_SECRET_PREVIOUS is a published development secret/);
      // Outside production a short one is the developer's business.
      expect(loadConfig({ JWT_SECRET_PREVIOUS: 'short' }).jwtSecretPrevious).toBe('short');
    });
  });
});

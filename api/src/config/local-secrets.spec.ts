import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEV_JWT_SECRET, DEV_REFRESH_SECRET, loadConfig } from './app-config';
import { LOCAL_SECRETS_FILE, withLocalSecrets } from './local-secrets';

describe('withLocalSecrets (development secrets kept with the data)', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'atende-secrets-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));
  const file = () => join(dataDir, LOCAL_SECRETS_FILE);
  const stored = () => JSON.parse(readFileSync(file(), 'utf8')) as Record<string, string>;

  it('makes random secrets on the first start, in a 0600 file, never the published values', () => {
    const loaded = loadConfig({ DATA_DIR: dataDir });
    expect(loaded.generatedSecrets).toEqual(['JWT_SECRET', 'JWT_REFRESH_SECRET', 'SECRETS_KEY']);
    // Even before a start keeps them, a configuration never carries the published development values.
    expect([loaded.jwtSecret, loaded.refreshSecret]).not.toContain(DEV_JWT_SECRET);
    expect([loaded.jwtSecret, loaded.refreshSecret]).not.toContain(DEV_REFRESH_SECRET);

    const config = withLocalSecrets(loaded);
    expect(statSync(file()).mode & 0o777).toBe(0o600);
    const secrets = stored();
    expect(config.jwtSecret).toBe(secrets.JWT_SECRET);
    expect(config.refreshSecret).toBe(secrets.JWT_REFRESH_SECRET);
    expect(config.secretsKey.toString('hex')).toBe(secrets.SECRETS_KEY);
    expect(new Set([secrets.JWT_SECRET, secrets.JWT_REFRESH_SECRET, secrets.SECRETS_KEY]).size).toBe(3);
    for (const value of Object.values(secrets)) expect(value).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reuses the kept secrets on every later start, so sessions and sealed credentials survive restarts', () => {
    const first = withLocalSecrets(loadConfig({ DATA_DIR: dataDir }));
    const second = withLocalSecrets(loadConfig({ DATA_DIR: dataDir }));
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.refreshSecret).toBe(first.refreshSecret);
    expect(second.secretsKey.equals(first.secretsKey)).toBe(true);
  });

  it('lets the environment win and writes nothing the environment gave', () => {
    const given = 'g'.repeat(40);
    const config = withLocalSecrets(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: given }));
    expect(config.jwtSecret).toBe(given);
    expect(stored().JWT_SECRET).not.toBe(given);
    const all = loadConfig({ DATA_DIR: join(dataDir, 'none'), JWT_SECRET: given, JWT_REFRESH_SECRET: 'r'.repeat(40), SECRETS_KEY: 'c'.repeat(64) });
    expect(withLocalSecrets(all)).toBe(all);
  });

  it('puts a loosened file back to 0600, replaces a missing or published value, and refuses a broken file', () => {
    const first = withLocalSecrets(loadConfig({ DATA_DIR: dataDir }));
    chmodSync(file(), 0o644);
    writeFileSync(file(), JSON.stringify({ JWT_SECRET: first.jwtSecret, JWT_REFRESH_SECRET: DEV_REFRESH_SECRET }));
    const again = withLocalSecrets(loadConfig({ DATA_DIR: dataDir }));
    expect(statSync(file()).mode & 0o777).toBe(0o600);
    expect(again.jwtSecret).toBe(first.jwtSecret);
    expect(again.refreshSecret).not.toBe(DEV_REFRESH_SECRET);
    expect(stored().JWT_REFRESH_SECRET).toBe(again.refreshSecret);
    expect(stored().SECRETS_KEY).toBe(again.secretsKey.toString('hex'));
    writeFileSync(file(), '{ not json');
    expect(() => withLocalSecrets(loadConfig({ DATA_DIR: dataDir }))).toThrow(/cannot be read as JSON/);
  });
});

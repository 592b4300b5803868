import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createFileOnce, replaceFile } from './data-files';
import { AppConfig, ConfigError, DEV_JWT_SECRET, DEV_REFRESH_SECRET, LocalSecretName, parseSecretsKey, randomSecret } from './app-config';

export const LOCAL_SECRETS_FILE = 'secrets.json';

type LocalSecrets = Partial<Record<LocalSecretName, string>>;

/** A value this file may hold for `name`: never a published development value, SECRETS_KEY 32 bytes. */
function usable(name: LocalSecretName, value: unknown): value is string {
  if (typeof value !== 'string' || value.length < 32) return false;
  if (value === DEV_JWT_SECRET || value === DEV_REFRESH_SECRET) return false;
  return name !== 'SECRETS_KEY' || parseSecretsKey(value) !== undefined;
}

function read(path: string): LocalSecrets {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed;
  } catch (e) {
    throw new ConfigError(
      `${path} cannot be read as JSON (${(e as Error).message}): fix or delete it (deleting it ends every session and makes stored credentials unreadable)`,
    );
  }
  throw new ConfigError(`${path} must hold a JSON object`);
}

/**
 * Outside production, the secrets the environment did not give (config.generatedSecrets) come from
 * `<dataDir>/secrets.json`: made on the first start with random values (mode 0600, written to a temporary file and
 * linked into place, so two processes starting at once agree on one file: the second one's link fails and it reads
 * the first one's), and read again on every later start, so sessions, password-reset codes and sealed credentials
 * survive restarts. A secret the environment gives always wins and is never written down.
 */
export function withLocalSecrets(config: AppConfig): AppConfig {
  if (!config.generatedSecrets.length) return config;
  if (config.nodeEnv === 'production') throw new ConfigError('Production never makes its own secrets: set JWT_SECRET, JWT_REFRESH_SECRET and SECRETS_KEY');
  mkdirSync(config.dataDir, { recursive: true });
  const path = join(config.dataDir, LOCAL_SECRETS_FILE);
  const fresh = (): LocalSecrets => ({ JWT_SECRET: randomSecret(), JWT_REFRESH_SECRET: randomSecret(), SECRETS_KEY: randomSecret() });

  let secrets: LocalSecrets;
  if (!existsSync(path)) createFileOnce(path, `${JSON.stringify(fresh(), null, 2)}\n`, 0o600);
  secrets = read(path);
  // Kept secret: a file another tool loosened goes back to its owner alone.
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  const missing = (Object.keys(fresh()) as LocalSecretName[]).filter((name) => !usable(name, secrets[name]));
  if (missing.length) {
    // A file from an older version, or with a value cut short: only what is missing or unusable is made anew.
    const made = fresh();
    secrets = { ...secrets, ...Object.fromEntries(missing.map((name) => [name, made[name]])) };
    replaceFile(path, `${JSON.stringify(secrets, null, 2)}\n`, 0o600);
  }

  const pick = (name: LocalSecretName, given: string) => (config.generatedSecrets.includes(name) ? secrets[name]! : given);
  return {
    ...config,
    jwtSecret: pick('JWT_SECRET', config.jwtSecret),
    refreshSecret: pick('JWT_REFRESH_SECRET', config.refreshSecret),
    secretsKey: config.generatedSecrets.includes('SECRETS_KEY') ? parseSecretsKey(secrets.SECRETS_KEY!)! : config.secretsKey,
  };
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORE_SCHEMA, load, mergeTag } from 'js-yaml';
import { ConfigError, loadConfig } from './app-config';

/**
 * docker/compose.yml is the operator's way to run the platform, and nothing on this machine can start it (no Docker
 * engine). What can be checked without one is checked here: the roles and their order, that api and worker can be
 * scaled, and that the environment it gives every process is one this version's configuration reads and accepts
 * as a production configuration, so a renamed or misspelt variable fails here and not on an operator's server.
 */
const repo = join(__dirname, '..', '..', '..');
const composeText = readFileSync(join(repo, 'docker', 'compose.yml'), 'utf8');

interface Service {
  command?: string[];
  environment?: Record<string, string | number>;
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
  healthcheck?: { test?: string[]; disable?: boolean };
  build?: { dockerfile: string };
  restart?: string;
}
// Compose reads merge keys (`<<: *anchor`), which YAML 1.2's core schema leaves out.
const compose = load(composeText, { schema: CORE_SCHEMA.withTags(mergeTag) }) as { services: Record<string, Service> };
const { services } = compose;

/** Compose's interpolation: `${X:-default}` and `${X:?message}` from `given`, as `docker compose` does them. */
function interpolate(value: string, given: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_m, name: string, op?: string, arg?: string) => {
    const set = given[name];
    if (set !== undefined && set !== '') return set;
    if (op === '?') throw new Error(`${name} is required: ${arg}`);
    return op === '-' ? (arg ?? '') : '';
  });
}

function envOf(service: string, given: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(services[service].environment ?? {}).map(([k, v]) => [k, interpolate(String(v), given)]));
}

const secrets = { JWT_SECRET: 'j'.repeat(64), JWT_REFRESH_SECRET: 'r'.repeat(64), SECRETS_KEY: 'a1'.repeat(32) };

describe('docker/compose.yml', () => {
  it('runs a one-shot migrate before api and worker, which run the same image in their roles and publish no port', () => {
    expect(services.migrate.command).toEqual(['node', 'api/dist/database/migrate.js']);
    expect(services.migrate.restart).toBe('no');
    for (const [name, role] of [
      ['api', 'api'],
      ['worker', 'worker'],
    ] as const) {
      const s = services[name];
      expect(s.environment?.ROLE).toBe(role);
      expect(s.command).toEqual(['node', 'api/dist/main.js']);
      expect(s.depends_on?.migrate).toEqual({ condition: 'service_completed_successfully' });
      // A published port would stop `--scale name=2` (two containers cannot bind one host port).
      expect(s.ports).toBeUndefined();
      expect(s.build?.dockerfile).toBe('docker/api.Dockerfile');
      expect(s.healthcheck?.test?.join(' ')).toContain('/health/ready');
    }
    // One entry: nginx, in front of the api replicas once they are ready.
    expect(
      Object.entries(services)
        .filter(([, s]) => s.ports?.length)
        .map(([n]) => n),
    ).toEqual(['nginx']);
    expect(services.nginx.depends_on?.api).toEqual({ condition: 'service_healthy' });
  });

  it('refuses to start without the secrets, as production does', () => {
    expect(() => envOf('api', {})).toThrow(/JWT_SECRET is required/);
  });

  it.each(['migrate', 'api', 'worker'])('gives %s a production configuration this version reads and accepts', (service) => {
    const env = envOf(service, secrets);
    let config;
    try {
      config = loadConfig(env);
    } catch (e) {
      throw new Error(`compose's ${service} environment is refused: ${(e as ConfigError).message}`);
    }
    expect(config.nodeEnv).toBe('production');
    expect(config.logFormat).toBe('json');
    expect(config.mediaStorage.kind).toBe('local');
    // Every variable compose sets is one the configuration reads (a misspelt one would be ignored silently).
    const source = readFileSync(join(__dirname, 'app-config.ts'), 'utf8');
    const unread = Object.keys(env).filter((k) => !new RegExp(`\\b${k}\\b`).test(source));
    expect(unread).toEqual([]);
  });

  it('an S3 bucket given to compose reaches every process as the media store', () => {
    const config = loadConfig(envOf('worker', { ...secrets, MEDIA_STORAGE: 's3', S3_BUCKET: 'atende-media', S3_REGION: 'us-east-1' }));
    expect(config.mediaStorage).toMatchObject({ kind: 's3', bucket: 'atende-media', region: 'us-east-1' });
  });
});

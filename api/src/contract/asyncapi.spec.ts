import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REALTIME_SCHEMAS } from '../realtime/realtime-events';
import { generateAsyncApi } from './asyncapi';

/** api/asyncapi.json is drift-checked like api/openapi.json: regenerate with `npm run asyncapi -w api`. */
describe('api/asyncapi.json', () => {
  const committed = readFileSync(join(__dirname, '..', '..', 'asyncapi.json'), 'utf8');
  const doc = JSON.parse(committed) as {
    asyncapi: string;
    channels: Record<string, { address: string; messages: Record<string, { $ref: string }> }>;
    operations: Record<string, { channel: { $ref: string }; messages: { $ref: string }[] }>;
    components: { messages: Record<string, { payload?: unknown }>; schemas: Record<string, unknown> };
  };

  it('is identical to a fresh one (run `npm run asyncapi -w api`)', () => {
    expect(generateAsyncApi()).toEqual(committed);
  });

  it('has a channel per event of the map, named as the server emits it, and the schema of every entity they carry', () => {
    expect(doc.asyncapi).toBe('3.0.0');
    expect(doc.channels.ticket.address).toBe('company-{companyId}-ticket');
    expect(doc.channels['chat-user-userId'].address).toBe('company-{companyId}-chat-user-{userId}');
    expect(doc.channels.announcement.address).toBe('company-announcement');
    for (const name of Object.values(REALTIME_SCHEMAS)) expect(doc.components.schemas).toHaveProperty(name);
  });

  it('resolves every reference it makes', () => {
    const refs = [...committed.matchAll(/"\$ref": "#\/([^"]+)"/g)].map((m) => m[1]);
    const missing = refs.filter((ref) => {
      let node: unknown = doc;
      for (const part of ref.split('/')) node = (node as Record<string, unknown> | undefined)?.[part];
      return node === undefined;
    });
    expect(refs.length).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });

  it('passes `redocly lint` (its AsyncAPI 3 rules): no errors, no warnings', () => {
    const cli = require.resolve('@redocly/cli/bin/cli.js');
    const run = spawnSync(process.execPath, [cli, 'lint', join(__dirname, '..', '..', 'asyncapi.json'), '--format=stylish'], {
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    const problems = `${run.stdout}${run.stderr}`.split('\n').filter((l) => /\b(error|warning)\b/.test(l) && !/Node\.js/.test(l));
    expect({ status: run.status, problems }).toEqual({ status: 0, problems: [] });
  }, 60_000);
});

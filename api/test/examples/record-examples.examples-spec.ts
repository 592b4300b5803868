import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD, seedDemo } from '../../src/seeders/demo.seeder';
import { createTestApp, createTestDatabase, TestApp } from '../harness';
import { handWritten } from './hand-written';
import { normalise } from './normalise';
import { planCalls, RecordedCall, type Doc } from './calls';
import { needsExample } from '../../src/contract/contract-examples';

/**
 * `npm run openapi:examples -w api`: the examples of api/openapi-examples.json, taken from real answers. Boots the
 * app on a fresh database with the demo seed (its ids are the same on every run), signs in as the demo's admin and
 * super user, and calls every operation of the committed contract in an order that creates before it reads and
 * deletes last; each answer with the operation's success status is kept, its volatile values normalised. Operations
 * that cannot be called here (external services, ending the session) take the hand-written examples of
 * hand-written.ts. Not part of `npm test`: an author runs it after changing routes, then `npm run openapi`.
 */
describe('recording the contract examples', () => {
  let t: TestApp;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const mediaDir = mkdtempSync(join(tmpdir(), 'atende-examples-'));

  beforeAll(async () => {
    db = await createTestDatabase();
    await seedDemo(db.url, mediaDir);
    t = await createTestApp({ env: { DATABASE_URL: db.url, MEDIA_DIR: mediaDir, SEED_DEMO: 'false' } });
  });

  afterAll(async () => {
    await t?.close();
    await db?.drop();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('records an answer of every operation', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const doc = require('../../openapi.json') as Doc;
    const tokens: Record<'admin' | 'super', string> = { admin: '', super: '' };
    for (const [who, email] of [
      ['admin', 'admin@demo.atende.local'],
      ['super', 'super@atende.local'],
    ] as const) {
      const res = await t.http().post('/auth/login').send({ email, password: DEMO_PASSWORD });
      expect(res.status).toBe(200);
      tokens[who] = (res.body as { token: string }).token;
    }
    const recorded: Record<string, RecordedCall> = {};
    const failures: string[] = [];
    for await (const call of planCalls(t, doc, tokens)) {
      if (call.ok) recorded[call.operationId] = call;
      else failures.push(`${call.operationId}: ${call.status} ${JSON.stringify(call.response)?.slice(0, 200)}`);
    }
    const out: Record<string, { source: string; status: number; request?: unknown; response?: unknown }> = {};
    for (const [id, call] of Object.entries(recorded).sort(([a], [b]) => a.localeCompare(b))) {
      out[id] = normalise({ source: 'recorded', status: call.status, request: call.request, response: call.response });
    }
    for (const [id, example] of Object.entries(handWritten(doc, out))) if (!out[id]) out[id] = normalise({ source: 'hand-written', ...example });
    const missing = Object.values(doc.paths)
      .flatMap((item) => Object.values(item))
      .filter((op) => needsExample(op as never) && !out[op.operationId])
      .map((op) => op.operationId);
    writeFileSync(join(__dirname, '..', '..', 'openapi-examples.json'), `${JSON.stringify(sortKeys(out), null, 2)}\n`);
    console.log(
      `Recorded ${Object.keys(recorded).length}, hand-written ${Object.keys(out).length - Object.keys(recorded).length}, missing ${missing.length}\n` +
        `Not recorded:\n${failures.join('\n')}\nMissing: ${missing.join(', ')}`,
    );
  }, 300_000);
});

function sortKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(sortKeys) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    ) as T;
  return value;
}

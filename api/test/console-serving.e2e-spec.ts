import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, TestApp } from './harness';

/**
 * The built console served from the API's origin (`npm start`): its files, index.html for the pages a browser opens,
 * and every other request left to the API's routes without a look in the console's folder.
 */
describe('the console served from the API', () => {
  let t: TestApp;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'atende-console-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Atende console</title>');
    writeFileSync(join(dir, 'assets', 'app-1.js'), 'export const app = 1;');
    // A file named like an API route: an API call must never be answered with it.
    writeFileSync(join(dir, 'tickets'), 'not the API');
    t = await createTestApp({ env: { CONSOLE_DIR: dir } });
  });
  afterAll(() => t?.close());

  it('serves its files, cached for an hour, and index.html for a page the browser opens', async () => {
    const asset = await t.http().get('/assets/app-1.js').expect(200);
    expect(asset.text).toBe('export const app = 1;');
    expect(asset.headers['cache-control']).toBe('public, max-age=3600');
    const page = await t.http().get('/tickets/3f0c5a1e').set('Accept', 'text/html,application/xhtml+xml').expect(200);
    expect(page.text).toContain('<title>Atende console</title>');
  });

  it("leaves API calls to the API's routes, never to a file of the console named like them", async () => {
    const list = await t.http().get('/tickets').set('Accept', 'application/json').expect(401);
    expect(list.body.error).toBe('ERR_SESSION_EXPIRED');
    await t.http().get('/health').expect(200);
    // Clients that name no type (Go's and Java's defaults), `*/*` (curl) or carry a token get the API, not the page.
    for (const accept of [undefined, '*/*']) {
      const req = t.http().get('/tickets');
      if (accept) void req.set('Accept', accept);
      const answer = await req.expect(401);
      expect(answer.body.error).toBe('ERR_SESSION_EXPIRED');
    }
    const withToken = await t.http().get('/tickets').set('Accept', 'text/html').set('Authorization', 'Bearer x').expect(401);
    expect(withToken.body.error).toBeDefined();
    // A file missing from the build is a 404, not index.html in its place.
    const missing = await t.http().get('/assets/gone-2.js').set('Accept', 'text/html,*/*').expect(404);
    expect(missing.body.error).toBeDefined();
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createTestApp, TestApp } from './harness';

/** A file of a build and the .br and .gz copies the build writes beside it (ui-kit/vite-precompress.ts). */
function built(dir: string, path: string, text: string): Buffer {
  const data = Buffer.from(text);
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), data);
  writeFileSync(join(dir, `${path}.br`), brotliCompressSync(data));
  writeFileSync(join(dir, `${path}.gz`), gzipSync(data));
  return data;
}

/** Large enough to be worth compressing, and compressible. */
const script = (name: string) => `export const ${name} = [${Array.from({ length: 400 }, (_, i) => `'item ${i}'`).join(', ')}];\n`;

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
    page = built(
      dir,
      'index.html',
      `<!doctype html><title>Atende console</title><script type="module" src="/assets/index-B3x_9aQk.js"></script>${'<!-- -->'.repeat(200)}`,
    );
    asset = built(dir, 'assets/index-B3x_9aQk.js', script('app'));
    built(dir, 'sw.js', script('worker'));
    const embed = mkdtempSync(join(tmpdir(), 'atende-embed-'));
    loader = built(embed, 'atende-embed.js', script('loader'));
    built(embed, 'chunks/react-Cq1f2x8Z.js', script('react'));
    t = await createTestApp({ env: { CONSOLE_DIR: dir, EMBED_DIR: embed, CORS_ORIGINS: 'https://console.example' } });
  });
  afterAll(() => t?.close());

  let page: Buffer;
  let asset: Buffer;
  let loader: Buffer;

  /** The bytes as sent (supertest would decompress them). */
  const raw = (path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      get(`${t.url}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });

  it('sends the copy the build precompressed, brotli first, by Accept-Encoding, with Vary', async () => {
    const br = await raw('/assets/index-B3x_9aQk.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(br.body).equals(asset)).toBe(true);
    expect(br.body.length).toBeLessThan(asset.length / 4);
    const gz = await raw('/assets/index-B3x_9aQk.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(asset)).toBe(true);
    // Weighted: gzip preferred over brotli.
    expect((await raw('/assets/index-B3x_9aQk.js', { 'Accept-Encoding': 'br;q=0.5, gzip' })).headers['content-encoding']).toBe('gzip');
    const plain = await raw('/assets/index-B3x_9aQk.js', { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(asset)).toBe(true);
    // The page a browser opens, precompressed too.
    const html = await raw('/tickets/3f0c5a1e', { Accept: 'text/html', 'Accept-Encoding': 'br' });
    expect(html.headers['content-encoding']).toBe('br');
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(brotliDecompressSync(html.body).equals(page)).toBe(true);
    console.log(`precompressed: ${asset.length} bytes of script sent as ${br.body.length} brotli, ${gz.body.length} gzip`);
  });

  it('caches hashed assets for good, and revalidates index.html and sw.js (304 when unchanged)', async () => {
    const hashed = await raw('/assets/index-B3x_9aQk.js', { 'Accept-Encoding': 'br' });
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/index.html', '/sw.js']) {
      const res = await raw(path, { 'Accept-Encoding': 'br' });
      expect({ path, cache: res.headers['cache-control'] }).toEqual({ path, cache: 'no-cache' });
      const again = await raw(path, { 'Accept-Encoding': 'br', 'If-None-Match': String(res.headers.etag) });
      expect({ path, status: again.status }).toEqual({ path, status: 304 });
    }
    const navigation = await raw('/tickets/3f0c5a1e', { Accept: 'text/html' });
    expect(navigation.headers['cache-control']).toBe('no-cache');
  });

  it('serves the embed at /embed/ to any origin: the loader revalidated, its hashed chunks immutable, both precompressed', async () => {
    const res = await raw('/embed/atende-embed.js', { 'Accept-Encoding': 'br', Origin: 'https://partner.example' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).equals(loader)).toBe(true);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const chunk = await raw('/embed/chunks/react-Cq1f2x8Z.js', { 'Accept-Encoding': 'gzip', Origin: 'https://console.example' });
    expect(chunk.headers['content-encoding']).toBe('gzip');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Public code, never with credentials, even to a configured origin.
    expect(chunk.headers['access-control-allow-origin']).toBe('*');
    expect(chunk.headers['access-control-allow-credentials']).toBeUndefined();
    expect((await raw('/embed/chunks/gone-Ab12Cd34.js', {})).status).toBe(404);
  });

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

import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestApp, TestApp } from './harness';

/** /docs for integrators: the operations filter on, both contracts served, compressed when the client accepts it. */
describe('/docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The bytes as sent (supertest would decompress them). */
  const raw = (path: string, encoding: string) =>
    new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      get(`${t.url}${path}`, { headers: { 'Accept-Encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });

  it('serves the contract gzip-compressed to a client that accepts it, and plain to one that does not', async () => {
    const plain = await raw('/docs/openapi.json', 'identity');
    const gzipped = await raw('/docs/openapi.json', 'gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
    // Measured: 0.8 MB of JSON travels as about a tenth of that.
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 5);
    console.log(`GET /docs/openapi.json: ${plain.body.length} bytes plain, ${gzipped.body.length} gzip`);
  });

  it('sends the contract brotli-compressed to a client that accepts it, and asks clients to revalidate it', async () => {
    const plain = await raw('/docs/openapi.json', 'identity');
    const br = await raw('/docs/openapi.json', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    for (const res of [plain, br, await raw('/docs/asyncapi.json', 'br')]) expect(res.headers['cache-control']).toBe('no-cache');
    console.log(`GET /docs/openapi.json: ${br.body.length} bytes brotli`);
  });

  it('compresses API answers too, not only the docs', async () => {
    const res = await raw('/docs/asyncapi.json', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('serves the AsyncAPI document of the socket events as committed', async () => {
    const res = await t.http().get('/docs/asyncapi.json').expect(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual(JSON.parse(readFileSync(join(__dirname, '..', 'asyncapi.json'), 'utf8')));
  });

  it('turns on the operations filter of Swagger UI', async () => {
    const init = await t.http().get('/docs/swagger-ui-init.js').expect(200);
    expect(init.text).toMatch(/"filter":\s*true/);
  });

  it('answers 400 ERR_BAD_REQUEST to a malformed body even where nothing else can fail, as the contract says', async () => {
    const res = await t.http().get('/plans/list').set('Content-Type', 'application/json').send('{"a": ');
    expect({ status: res.status, error: (res.body as { error: string }).error }).toEqual({ status: 400, error: 'ERR_BAD_REQUEST' });
    console.log(`malformed body: ${(res.body as { message: string }).message}`);
  });
});

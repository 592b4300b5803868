// Every file of the built console, and /docs with its assets, goes out compressed from the API as `npm start` serves
// them (issue 36): brotli to a browser that accepts it, gzip to one that accepts only gzip, `Vary: Accept-Encoding`,
// and the decoded bytes are the file's. The built files (source maps too) go as the copies the build wrote
// (ui-kit/vite-precompress.ts), /docs through the API's on-the-fly compression. Needs the console and the API built (`vite build`,
// `npm run build -w api`); no browser.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join, relative, sep } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createDatabase, startApi, startMailbox } from './harness.mjs';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
/** What Chromium sends: its order is no preference, the server picks brotli. */
const BROWSER = 'gzip, deflate, br, zstd';
/** Formats compressed already: a second compression gains nothing, they may go as they are. */
const COMPRESSED_ALREADY = /\.(png|jpe?g|gif|webp|avif|woff2?|mp3|ogg|mp4|webm|zip|wasm)$/;

/** Every file of the build by URL path, without its .br and .gz copies and without dot folders (.vite's manifest). */
function builtFiles() {
  const all = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else all.push(`/${relative(DIST, path).split(sep).join('/')}`);
    }
  };
  walk(DIST);
  const names = new Set(all);
  return all.filter((path) => !((path.endsWith('.br') || path.endsWith('.gz')) && names.has(path.slice(0, -3))));
}

/**
 * The encodings a file should travel in: none for a compressed format, else each one that makes it smaller (a 28-byte
 * stylesheet gets none, the 204-byte favicon brotli only).
 */
const worthIn = (path, data) =>
  COMPRESSED_ALREADY.test(path) ? [] : [brotliCompressSync(data).length < data.length && 'br', gzipSync(data).length < data.length && 'gzip'].filter(Boolean);

/** The answer's bytes as sent (fetch would decode them); a connection each (a kept-alive one may close under a request). */
function raw(url, headers) {
  return new Promise((resolve, reject) => {
    get(url, { headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', (e) => reject(new Error(`GET ${url}: ${e.message}`)));
  });
}

const decode = (res) =>
  res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.body) : res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.body) : res.body;

/** Runs `task` over `items`, `width` at a time. */
async function pool(items, width, task) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
    }),
  );
}

let db;
let mailbox;
let api;

before(async () => {
  assert.ok(existsSync(join(DIST, 'index.html')), 'console/dist is missing: run `vite build` first');
  db = await createDatabase();
  mailbox = await startMailbox();
  api = await startApi({ databaseUrl: db.url, smtpPort: mailbox.port });
});

after(async () => {
  await api?.stop();
  await mailbox?.close();
  await db?.drop();
});

/**
 * Fetches `path` with brotli and gzip accepted in turn; fails (in `problems`) unless each answer is 200, compressed
 * that way when `encodings` holds it (with `Vary: Accept-Encoding`), and decodes to `expected` (the file; else the
 * plain answer).
 */
async function check(path, { expected, encodings = ['br', 'gzip'], accept = '*/*', problems, sent }) {
  const plain = expected ?? decode(await raw(`${api.url}${path}`, { Accept: accept, 'Accept-Encoding': 'identity' }));
  for (const [acceptEncoding, encoding] of [
    [BROWSER, 'br'],
    ['gzip', 'gzip'],
  ]) {
    const res = await raw(`${api.url}${path}`, { Accept: accept, 'Accept-Encoding': acceptEncoding });
    const got = { status: res.status, encoding: res.headers['content-encoding'], vary: /\bAccept-Encoding\b/i.test(res.headers.vary ?? '') };
    const compressed = encodings.includes(encoding);
    const want = { status: 200, encoding: compressed ? encoding : undefined, vary: compressed || got.vary };
    if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`${path} (${acceptEncoding}): ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
    else if (!decode(res).equals(plain)) problems.push(`${path} (${acceptEncoding}): the decoded body is not the file`);
    if (encoding === 'br' && sent) sent.set(path, { plain: plain.length, sent: res.body.length });
  }
}

describe('the built console and /docs, served compressed', () => {
  it('sends every file of the build brotli or gzip by Accept-Encoding, with Vary, decoding to the file', async () => {
    const files = builtFiles();
    assert.ok(files.includes('/index.html') && files.some((f) => f.startsWith('/assets/') && f.endsWith('.js')), 'the build has no index.html or scripts');
    const problems = [];
    const sent = new Map();
    const left = [];
    await pool(files, 8, async (path) => {
      const data = readFileSync(join(DIST, path.slice(1)));
      const encodings = worthIn(path, data);
      if (encodings.length < 2) left.push(`${path} (${data.length} bytes${encodings.length ? `, ${encodings[0]} only` : ''})`);
      await check(path, { expected: data, encodings, problems, sent });
    });
    // A page the browser opens is index.html, compressed too.
    await check('/tickets', { expected: readFileSync(join(DIST, 'index.html')), accept: 'text/html', problems });
    assert.deepEqual(problems, []);
    const total = (filter) =>
      [...sent].filter(([path]) => filter(path)).reduce((sum, [, s]) => ({ plain: sum.plain + s.plain, sent: sum.sent + s.sent }), { plain: 0, sent: 0 });
    const built = total((path) => !path.endsWith('.map'));
    const maps = total((path) => path.endsWith('.map'));
    console.log(
      `${files.length} files: ${(built.plain / 1000).toFixed(0)} kB sent as ${(built.sent / 1000).toFixed(0)} kB brotli (the build's copies), ` +
        `source maps ${(maps.plain / 1000).toFixed(0)} kB as ${(maps.sent / 1000).toFixed(0)} kB; not in both encodings: ${left.join(', ') || 'none'}`,
    );
    // Only the tiniest files (a page's 28-byte stylesheet) are not smaller compressed; everything else goes compressed.
    assert.ok(left.length < files.length / 10, `too many files left uncompressed: ${left.length}`);
  });

  it('sends /docs, its Swagger UI assets and both contracts compressed', async () => {
    const problems = [];
    await check('/docs', { accept: 'text/html', problems });
    const page = decode(await raw(`${api.url}/docs`, { Accept: 'text/html', 'Accept-Encoding': 'br' })).toString('utf8');
    const assets = [...page.matchAll(/\b(?:src|href)="\.?\/?([^":?#]+)"/g)].map((m) => `/docs/${m[1].replace(/^docs\//, '')}`);
    assert.ok(assets.some((a) => a.endsWith('.js')) && assets.some((a) => a.endsWith('.css')), `/docs names no script or stylesheet: ${assets.join(', ')}`);
    for (const path of [...new Set(assets), '/docs/openapi.json', '/docs/asyncapi.json']) {
      const plain = decode(await raw(`${api.url}${path}`, { 'Accept-Encoding': 'identity' }));
      await check(path, { expected: plain, encodings: worthIn(path, plain), problems });
    }
    assert.deepEqual(problems, []);
  });
});

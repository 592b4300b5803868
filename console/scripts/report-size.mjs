// After `vite build`: sums the gzip size of the JavaScript the page loads up front (the entry
// script and its modulepreloads in dist/index.html) and fails when it passes the budget, or when
// that JavaScript holds a package only signed-in pages use (read from the chunks' source maps).
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const BUDGET_KB = 250;
/** Loaded on demand: the socket once a session exists, the data table with the screens that show one. */
const PRIVATE_ONLY = ['socket.io-client', 'engine.io-client', '@tanstack/react-table', '@tanstack/table-core'];
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const html = readFileSync(join(dist, 'index.html'), 'utf8');

const urls = new Set();
for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
  const isModuleScript = tag.startsWith('<script') && /\btype="module"/.test(tag);
  const isPreload = tag.startsWith('<link') && /\brel="modulepreload"/.test(tag);
  const url = tag.match(/\b(?:src|href)="([^"]+)"/)?.[1];
  if ((isModuleScript || isPreload) && url && !/^[a-z]+:\/\//i.test(url)) urls.add(url);
}
if (urls.size === 0) {
  console.error('report-size: dist/index.html references no JavaScript; did the build change shape?');
  process.exit(1);
}

let total = 0;
const misplaced = new Set();
for (const url of urls) {
  const file = join(dist, url.replace(/^\//, ''));
  const bytes = gzipSync(readFileSync(file)).length; // zlib's default level, as a server's gzip would send it
  total += bytes;
  console.log(`  ${url}  ${(bytes / 1000).toFixed(2)} kB gzip`);
  if (!existsSync(`${file}.map`)) continue;
  for (const source of JSON.parse(readFileSync(`${file}.map`, 'utf8')).sources ?? []) {
    const pkg = PRIVATE_ONLY.find((name) => source.includes(`node_modules/${name}/`));
    if (pkg) misplaced.add(pkg);
  }
}
const totalKb = total / 1000;
console.log(`initial JavaScript: ${totalKb.toFixed(2)} kB gzip (budget ${BUDGET_KB} kB)`);
if (totalKb > BUDGET_KB) {
  console.error(`report-size: initial JavaScript is over budget by ${(totalKb - BUDGET_KB).toFixed(2)} kB gzip`);
  process.exit(1);
}
if (misplaced.size > 0) {
  console.error(`report-size: the initial JavaScript holds code only signed-in pages need: ${[...misplaced].join(', ')}`);
  process.exit(1);
}

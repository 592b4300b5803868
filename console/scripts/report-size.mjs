// After `vite build`: sums the gzip size of the JavaScript the page loads up front (the entry
// script and its modulepreloads in dist/index.html) and fails when it passes the budget, when
// that JavaScript holds a package only some pages use, or react-aria's texts of a language the
// console does not show (read from the chunks' source maps).
// Then prints each route's size: its page's chunk and the chunks only it imports (from the Vite
// manifest, src/pages/routes.ts and the public pages below), what a first visit of that route loads on top of the initial JavaScript.
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/**
 * The ceiling of the initial JavaScript (gzip). Issue 36 asked for under 250 kB with room to grow: 192.6 kB measured
 * once the sign-in form, the form fields only pages use and react-aria's other languages left it (it was 234.1 kB);
 * the ceiling sits a little above, so that it only comes down: lower it when a change brings the figure down.
 */
const BUDGET_KB = 200;
/**
 * Loaded on demand: the socket once a session exists, the data table with the screens that show one, the form library
 * with the sign-in page and the pages that have forms.
 */
const PRIVATE_ONLY = ['socket.io-client', 'engine.io-client', '@tanstack/react-table', '@tanstack/table-core', 'react-hook-form'];
/** The console's languages (LANGUAGE_TAGS in the kit): react-aria's strings of any other are left out of the build (vite.config.ts). */
const SHOWN_LANGUAGES = ['pt', 'en', 'es'];
/** The public pages, lazy in src/App.tsx: what a signed-out visit loads on top of the initial JavaScript. */
const PUBLIC_PAGES = { '/login': 'src/pages/LoginPage.tsx', '/signup, /forgetpsw': 'src/pages/AccountPages.tsx' };
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

const gzipOf = (file) => gzipSync(readFileSync(join(dist, file))).length; // zlib's default level, as a server's gzip would send it
const kb = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;

let total = 0;
const misplaced = new Set();
const otherLanguages = new Set();
for (const url of urls) {
  const file = join(dist, url.replace(/^\//, ''));
  const bytes = gzipOf(url.replace(/^\//, ''));
  total += bytes;
  console.log(`  ${url}  ${kb(bytes)} gzip`);
  if (!existsSync(`${file}.map`)) continue;
  for (const source of JSON.parse(readFileSync(`${file}.map`, 'utf8')).sources ?? []) {
    const pkg = PRIVATE_ONLY.find((name) => source.includes(`node_modules/${name}/`));
    if (pkg) misplaced.add(pkg);
    const language = /node_modules\/(?:@react-aria\/|@react-stately\/|react-aria|react-stately)[^]*\/intl\/(?:[^/]+\/)?([a-z]{2})-[A-Z]{2}\.m?js$/.exec(
      source,
    )?.[1];
    if (language && !SHOWN_LANGUAGES.includes(language)) otherLanguages.add(language);
  }
}
const totalKb = total / 1000;
console.log(`initial JavaScript: ${totalKb.toFixed(2)} kB gzip (budget ${BUDGET_KB} kB)`);

// Each route: the page chunk its lazy import names (routes.ts) and the chunks it imports that the initial JavaScript lacks.
const manifestFile = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestFile)) {
  console.error('report-size: dist/.vite/manifest.json is missing (build.manifest in vite.config.ts)');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const initialFiles = new Set([...urls].map((url) => url.replace(/^\//, '')));
const routesSource = readFileSync(fileURLToPath(new URL('../src/pages/routes.ts', import.meta.url)), 'utf8');
/** const Name = lazyPage(() => import('./File')...) → Name: src/pages/File.tsx */
const pageOf = new Map(
  [...routesSource.matchAll(/const (\w+)\s*=\s*lazyPage[^(]*\(\s*\(\)\s*=>\s*import\('\.\/([\w-]+)'\)/g)].map((m) => [m[1], `src/pages/${m[2]}.tsx`]),
);
const routes = new Map(Object.entries(PUBLIC_PAGES).map(([paths, source]) => [source, [paths]]));
const home = routesSource.match(/export const HomePage[^=]*=\s*(\w+);/);
const routeEntries = [
  ...(home ? [['/', home[1]]] : []),
  ...[...routesSource.matchAll(/\{\s*path:\s*'([^']+)'[^}]*Page:\s*(\w+)[^}]*\}/g)].map((m) => [m[1], m[2]]),
];
for (const [path, page] of routeEntries) {
  const source = pageOf.get(page);
  if (!source) {
    console.error(`report-size: the route ${path} does not name a lazy page (const X = lazyPage(() => import('./X'))): ${page}`);
    process.exit(1);
  }
  routes.set(source, [...(routes.get(source) ?? []), path]);
}
if (routes.size === Object.keys(PUBLIC_PAGES).length) {
  console.error('report-size: found no lazy page routes in src/pages/routes.ts; did it change shape?');
  process.exit(1);
}
const extra = (key, seen = new Set()) => {
  const entry = manifest[key];
  if (!entry || seen.has(entry.file)) return seen;
  if (!initialFiles.has(entry.file)) seen.add(entry.file);
  for (const dep of entry.imports ?? []) extra(dep, seen);
  return seen;
};
console.log('routes (loaded on first visit, gzip, on top of the initial JavaScript):');
for (const [source, paths] of routes) {
  if (!manifest[source]) {
    console.error(`report-size: ${source} is not a chunk of its own in the build`);
    process.exit(1);
  }
  const files = extra(source);
  const bytes = [...files].reduce((sum, file) => sum + gzipOf(file), 0);
  const shown = paths.length > 4 ? `${paths.slice(0, 4).join(', ')} and ${paths.length - 4} more` : paths.join(', ');
  console.log(`  ${shown}: ${manifest[source].file} ${kb(bytes)} (${files.size} chunk${files.size === 1 ? '' : 's'})`);
}

if (totalKb > BUDGET_KB) {
  console.error(`report-size: initial JavaScript is over budget by ${(totalKb - BUDGET_KB).toFixed(2)} kB gzip`);
  process.exit(1);
}
if (misplaced.size > 0) {
  console.error(`report-size: the initial JavaScript holds code only signed-in pages need: ${[...misplaced].join(', ')}`);
  process.exit(1);
}
if (otherLanguages.size > 0) {
  console.error(`report-size: the initial JavaScript holds react-aria's texts of languages the console does not show: ${[...otherLanguages].join(', ')}`);
  process.exit(1);
}

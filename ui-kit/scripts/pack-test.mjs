// The kit as a partner installs it: packs @atende/client and @atende/ui-kit (npm pack, so only what `files` ships),
// installs both tarballs in a scratch Vite + React + TypeScript app beside react, react-dom, @tanstack/react-query
// and the build tools at the versions this repo uses (offline first, from the npm cache `npm ci` filled), then
// type-checks the app with tsc and builds it with Vite. The app shows the provider, the ticket list and the chat from
// their own entry points; the gzip JavaScript a page downloads to show them (the entry chunk and its static imports,
// lazy chunks such as the emoji picker left out), minus react, react-dom and react-query, is printed against issue 32's
// target and must stay within REACT_CEILING_KB. Run by `npm run check:package` (after the kit's build), so by `npm
// test` and CI.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * List + chat on the React path, gzip, beyond react, react-dom and react-query: issue 32's target is 120 kB, met (106.7
 * kB on the test's en page, of which 8.7 kB the en texts: the ticket manager's tabs and the chat's tags no longer bring
 * react-aria's collection and selection code, the toast region and the realtime handlers load when first needed; menus,
 * popovers and dialogs load on demand, texts come in the page's language). The test fails past REACT_CEILING_KB, the
 * last measure with a little room, so the figure only comes down: lower it with it. Raised once, from 108 to 109, by
 * issue 35 (108.45 kB): the chat learned the official API (the window check, a message's template label and failure
 * reason, their texts), its window banner and template composer being lazy chunks.
 */
export const REACT_TARGET_KB = 120;
export const REACT_CEILING_KB = 109;

const kit = fileURLToPath(new URL('..', import.meta.url));
const client = fileURLToPath(new URL('../../client', import.meta.url));
const started = Date.now();
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const kb = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;

const kitPkg = JSON.parse(readFileSync(join(kit, 'package.json'), 'utf8'));
const version = (name) => {
  const range = kitPkg.devDependencies[name] ?? kitPkg.dependencies[name];
  if (!range) throw new Error(`pack test: ui-kit/package.json names no version of ${name}`);
  return range;
};

const dir = mkdtempSync(join(tmpdir(), 'atende-pack-'));
try {
  run('npm', ['run', 'build'], client);
  const pack = (from) => JSON.parse(run('npm', ['pack', '--json', '--pack-destination', dir], from))[0].filename;
  const tarballs = { '@atende/client': `file:./${pack(client)}`, '@atende/ui-kit': `file:./${pack(kit)}` };

  const deps = ['react', 'react-dom', '@tanstack/react-query'];
  const tools = ['vite', '@vitejs/plugin-react', 'typescript', '@types/react', '@types/react-dom'];
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name: 'partner-app',
      private: true,
      type: 'module',
      dependencies: { ...tarballs, ...Object.fromEntries(deps.map((name) => [name, version(name)])) },
      devDependencies: Object.fromEntries(tools.map((name) => [name, version(name)])),
    }),
  );
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'bundler',
        jsx: 'react-jsx',
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        strict: true,
        skipLibCheck: true,
        noEmit: true,
        types: ['vite/client'],
      },
      include: ['src'],
    }),
  );
  // React, react-dom and react-query in a chunk of their own, so the budget leaves them out by name.
  writeFileSync(
    join(dir, 'vite.config.ts'),
    `import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    manifest: true,
    rolldownOptions: {
      output: { advancedChunks: { groups: [{ name: 'react-vendor', test: /node_modules[\\\\/](react|react-dom|scheduler|@tanstack[\\\\/](react-query|query-core))[\\\\/]/ }] } },
    },
  },
});
`,
  );
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/src/main.tsx"></script>\n');
  mkdirSync(join(dir, 'src'));
  // What a partner writes: the provider, the ticket list and the chat of the ticket chosen in it.
  writeFileSync(
    join(dir, 'src/main.tsx'),
    `import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { AtendeProvider } from '@atende/ui-kit/provider';
import { TicketsManager } from '@atende/ui-kit/tickets';
import { TicketChat } from '@atende/ui-kit/chat';
import '@atende/ui-kit/styles.css';

function Inbox() {
  const [ticketUuid, setTicketUuid] = useState<string>();
  return (
    <AtendeProvider apiUrl="https://api.example.com" locale="en">
      <TicketsManager selectedTicketUuid={ticketUuid} onSelectTicket={(ticket) => setTicketUuid(ticket.uuid)} />
      {ticketUuid ? <TicketChat key={ticketUuid} ticketUuid={ticketUuid} onLeave={() => setTicketUuid(undefined)} /> : null}
    </AtendeProvider>
  );
}

createRoot(document.getElementById('root')!).render(<Inbox />);
`,
  );

  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], dir);
  const installed = Date.now();
  run('npx', ['tsc', '-p', 'tsconfig.json'], dir);
  run('npx', ['vite', 'build', '--logLevel', 'warn'], dir);

  const dist = join(dir, 'dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const gzip = (file) => gzipSync(readFileSync(join(dist, file))).length;
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, { key, ...chunk }]));
  const shown = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || shown.has(chunk.file)) return;
    shown.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit('index.html');
  // The page renders in English: the kit loads the en texts (dist/i18n/en.js) before it shows them, a chunk the page
  // downloads too (a page in pt would not: pt's table is in the kit's static code).
  const localeTable = Object.keys(manifest).find((key) => key.replaceAll('\\', '/').endsWith('@atende/ui-kit/dist/i18n/en.js'));
  if (!localeTable) throw new Error("pack test: no chunk holds the kit's en texts (dist/i18n/en.js): did the i18n layout change?");
  visit(localeTable);
  const isReact = (file) => (byFile.get(file)?.name ?? file).includes('react-vendor');
  const files = [...shown].filter((file) => file.endsWith('.js'));
  const react = files.filter(isReact).reduce((sum, file) => sum + gzip(file), 0);
  const kitJs = files.filter((file) => !isReact(file)).reduce((sum, file) => sum + gzip(file), 0);
  const lazy = readdirSync(join(dist, 'assets'))
    .filter((file) => file.endsWith('.js') && !shown.has(`assets/${file}`))
    .reduce((sum, file) => sum + gzip(`assets/${file}`), 0);
  const css = readdirSync(join(dist, 'assets'))
    .filter((file) => file.endsWith('.css'))
    .reduce((sum, file) => sum + gzip(`assets/${file}`), 0);

  console.log('pack test: a scratch Vite app installed both tarballs, type-checked and built (provider + tickets + chat)');
  console.log(`  react, react-dom, react-query:      ${kb(react)} gzip`);
  console.log(`  list + chat beyond them:            ${kb(kitJs)} gzip (target ${REACT_TARGET_KB} kB, ceiling ${REACT_CEILING_KB} kB)`);
  console.log(`    of which the en texts:            ${kb(gzip(manifest[localeTable].file))} gzip (a page in pt does without them)`);
  console.log(`  lazy chunks (loaded on demand):     ${kb(lazy)} gzip`);
  console.log(`  stylesheet:                         ${kb(css)} gzip`);
  console.log(`  time: ${((Date.now() - started) / 1000).toFixed(1)} s (install ${((installed - started) / 1000).toFixed(1)} s)`);
  if (kitJs / 1000 > REACT_CEILING_KB) {
    throw new Error(`pack test: list + chat grew past their ${REACT_CEILING_KB} kB ceiling (${kb(kitJs)} gzip)`);
  }
} catch (error) {
  if (error.stderr || error.stdout) console.error(`${error.stdout ?? ''}${error.stderr ?? ''}`);
  throw error;
} finally {
  // KEEP_PACK_TEST=1 keeps the scratch app to look into; retries: a busy disk can leave the tree half-deleted.
  if (!process.env.KEEP_PACK_TEST) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

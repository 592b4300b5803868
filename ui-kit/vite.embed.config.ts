import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { precompress } from './vite-precompress.ts';

/**
 * The budget of the initial embed JavaScript (gzip): the loader a page includes with its script tag, plus the
 * runtime chunks every widget needs before its own code (React, the provider, the kit's CSS), fetched by the first
 * mount. Each widget's own code comes on top, on demand, and is printed beside it.
 */
export const EMBED_BUDGET_KB = 150;

/**
 * What a page downloads in all to show the ticket list and the chat together (gzip): issue 32's target is 150 kB, not
 * met yet (react-dom alone is 68 kB of it; see the kit README's Budgets for why not Preact).
 * Until it is, the build fails when that figure passes LIST_CHAT_CEILING_KB, the last measure with a little room, so it
 * only comes down: lower it whenever a change brings the figure down. Raised once, from 193 to 194, by issue 35: the
 * chat learned the official API (the window check, a message's template label and failure reason, their texts, 193.08
 * kB), after its window banner and template composer were made lazy chunks (they had brought it to 230 kB).
 */
export const LIST_CHAT_TARGET_KB = 150;
export const LIST_CHAT_CEILING_KB = 194;

/** Each widget's chunk, by the source module it starts from. */
const WIDGET_ENTRIES: Record<string, string> = {
  'login, signup, forgot-password, profile': 'src/embed/auth-widgets.tsx',
  tickets: 'src/embed/tickets-widget.tsx',
  chat: 'src/embed/chat-widget.tsx',
};
const RUNTIME = 'src/embed/runtime.tsx';
const LOADER = 'atende-embed.js';

/**
 * A classic script's top-level declarations become the page's globals (a page's own `const a` would then clash):
 * the loader's code goes inside a function. The wrapper opens on a line of its own, so its source map only gains
 * an empty first line; the sourceMappingURL comment stays last.
 */
function wrapLoader(file: string): void {
  const code = readFileSync(file, 'utf8');
  const comment = code.match(/\n\/\/# sourceMappingURL=[^\n]*\s*$/)?.[0] ?? '';
  writeFileSync(file, `(() => {\n${code.slice(0, code.length - comment.length)}\n})();${comment.trimEnd()}\n`);
  if (existsSync(`${file}.map`)) {
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { mappings: string };
    writeFileSync(`${file}.map`, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
  }
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;

/**
 * After the build: prints the gzip size of the loader and of each chunk, the initial embed JavaScript (the loader
 * and the runtime's chunk with the chunks it imports statically) and what a page downloads in all to show each
 * widget (that plus the widget's chunk and its static imports; code loaded later, as socket.io-client once signed
 * in or the emoji picker, is in neither). Fails the build when the initial embed JavaScript passes
 * EMBED_BUDGET_KB, or when the loader stops being a classic script (a static import or export in it).
 */
function embedSizeReport(): Plugin {
  let outDir = '';
  let log: (message: string) => void = () => {};
  return {
    name: 'atende:embed-size',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
      log = (message) => config.logger.info(message);
    },
    writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
      if (chunks.some((chunk) => chunk.fileName === LOADER)) wrapLoader(join(outDir, LOADER));
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const gzip = new Map(chunks.map((chunk) => [chunk.fileName, gzipSync(readFileSync(join(outDir, chunk.fileName))).length]));
      const closure = (fileName: string, seen = new Set<string>()): Set<string> => {
        if (seen.has(fileName)) return seen;
        seen.add(fileName);
        for (const dep of byName.get(fileName)?.imports ?? []) closure(dep, seen);
        return seen;
      };
      const holding = (source: string) => {
        const chunk = chunks.find((c) => c.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(source)));
        if (!chunk) throw new Error(`embed build: no chunk holds ${source}`);
        return chunk.fileName;
      };
      const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + gzip.get(file)!, 0);

      const loader = byName.get(LOADER);
      if (!loader) throw new Error(`embed build: ${LOADER} is missing`);
      if (loader.imports.length > 0 || loader.exports.length > 0) {
        throw new Error(
          `embed build: ${LOADER} must be a classic script, but it imports [${loader.imports.join(', ')}] and exports [${loader.exports.join(', ')}]`,
        );
      }

      log('\nembed chunks (gzip):');
      for (const chunk of [...chunks].sort((a, b) => gzip.get(b.fileName)! - gzip.get(a.fileName)!)) {
        log(`  ${chunk.fileName.padEnd(48)} ${kb(gzip.get(chunk.fileName)!).padStart(10)}`);
      }
      const initial = new Set([LOADER, ...closure(holding(RUNTIME))]);
      log(`embed loader ${LOADER}: ${kb(gzip.get(LOADER)!)} gzip`);
      for (const [widgets, source] of Object.entries(WIDGET_ENTRIES)) {
        const own = [...closure(holding(source))].filter((file) => !initial.has(file));
        log(`  + ${widgets}: ${kb(sum(own))} on demand (${kb(sum(initial) + sum(own))} in all to show it)`);
      }
      const total = sum(initial);
      log(`initial embed JavaScript (loader and runtime): ${kb(total)} gzip (budget ${EMBED_BUDGET_KB} kB)`);
      const listAndChat = sum(new Set([...initial, ...closure(holding(WIDGET_ENTRIES.tickets)), ...closure(holding(WIDGET_ENTRIES.chat))]));
      log(`ticket list + chat on one page: ${kb(listAndChat)} gzip in all (target ${LIST_CHAT_TARGET_KB} kB, ceiling ${LIST_CHAT_CEILING_KB} kB)`);
      if (total / 1000 > EMBED_BUDGET_KB) {
        throw new Error(`embed build: the initial embed JavaScript is over budget by ${kb(total - EMBED_BUDGET_KB * 1000)} gzip`);
      }
      if (listAndChat / 1000 > LIST_CHAT_CEILING_KB) {
        throw new Error(`embed build: the ticket list + chat grew past their ${LIST_CHAT_CEILING_KB} kB ceiling (${kb(listAndChat)} gzip)`);
      }
    },
  };
}

/**
 * The script-tag embed for partners, in dist/embed/: atende-embed.js, a small classic script that sets
 * `window.Atende` (src/embed/script.ts), and chunks/, ES modules it imports on demand (React, the provider and
 * the kit's CSS as a string the embed puts into each widget's shadow root; then each widget's screens). The
 * browser resolves those imports against the script's own URL. Built after the library (`npm run build`), whose
 * emptyOutDir would otherwise delete it.
 */
export default defineConfig({
  plugins: [
    react(),
    // react-aria's own strings (a table's, a menu's, a toast's labels) in the kit's three languages only, not its 34.
    optimizeLocales.vite({ locales: ['pt', 'en', 'es'] }),
    embedSizeReport(),
    // .br and .gz copies beside each file (after the loader is wrapped), for the API's /embed/ and a partner's CDN.
    precompress(),
  ],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist/embed',
    emptyOutDir: true,
    sourcemap: true,
    minify: true,
    lib: {
      entry: 'src/embed/script.ts',
      formats: ['es'],
      fileName: () => LOADER,
    },
    rolldownOptions: {
      // Lib mode keeps whitespace in ES output; the embed ships to browsers as is, so it is minified in full.
      output: {
        chunkFileNames: 'chunks/[name]-[hash].js',
        minify: true,
        // React in a chunk of its own, so the size report reads well (the other shared chunks go where rolldown puts them:
        // a group of react-aria would pull all of it into the runtime).
        advancedChunks: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // Two small react-aria modules every page needs: left to themselves, rolldown put them in the chunk of the
            // overlays (menus, popovers) that load on demand, so every page downloaded that chunk at once (3.9 kB).
            { name: 'aria-shared', test: /react-aria[\\/]dist[\\/]private[\\/](visually-hidden[\\/]VisuallyHidden|utils[\\/]animation)\.mjs$/ },
          ],
        },
      },
    },
  },
});

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};
// Every runtime dependency stays an import in dist: the host app installs and dedupes them
// (one React, one react-aria), and the kit's bundle holds only its own code.
const externals = [...Object.keys(pkg.peerDependencies ?? {}), ...Object.keys(pkg.dependencies ?? {})];
const isExternal = (id: string) => externals.some((dep) => id === dep || id.startsWith(`${dep}/`));

/**
 * The package's entry points (package.json `exports`): `.` holds everything; the others hold one part, so a page
 * imports only what it shows (ui-kit/README.md, "Entry points").
 */
const ENTRIES = {
  index: 'src/index.ts',
  'provider.entry': 'src/provider.entry.ts',
  'auth.entry': 'src/auth.entry.ts',
  'tickets.entry': 'src/tickets.entry.ts',
  'chat.entry': 'src/chat.entry.ts',
  'admin.entry': 'src/admin.entry.ts',
};

/**
 * Pulls src/styles.css into the library build so it comes out as dist/ui-kit.css, without an
 * `import './styles.css'` in index.ts that tsc would copy into the published index.d.ts.
 */
function kitStylesheet(): Plugin {
  const entry = fileURLToPath(new URL('./src/index.ts', import.meta.url));
  return {
    name: 'atende:kit-stylesheet',
    apply: 'build',
    transform(code, id) {
      return id === entry ? `import './styles.css';\n${code}` : undefined;
    },
  };
}

export default defineConfig({
  plugins: [react(), kitStylesheet()],
  build: {
    lib: {
      entry: ENTRIES,
      formats: ['es'],
      cssFileName: 'ui-kit',
    },
    // One stylesheet for every entry point (dist/ui-kit.css, exported as ./styles.css): the host imports it once.
    cssCodeSplit: false,
    sourcemap: true,
    emptyOutDir: true,
    rolldownOptions: {
      external: isExternal,
      // One dist file per source module, as in src: a host's bundler keeps only the modules its imports reach (a page
      // with the ticket list and the chat gets no editor, CSV, QR code, calendar or chart code).
      output: { preserveModules: true, preserveModulesRoot: 'src', entryFileNames: '[name].js' },
    },
  },
});

import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { precompress } from '../ui-kit/vite-precompress.ts';

const API_URL = process.env.ATENDE_API_URL ?? 'http://localhost:8080';

/**
 * First path segments the API answers (spec call tables, plus health). Some are also console
 * routes (/tickets, /users, /settings...): a browser navigation there gets the SPA, a fetch
 * gets the API, the same rule the API applies when it serves the built console itself.
 */
const API_SEGMENTS = [
  'announcements',
  'auth',
  'campaign-settings',
  'campaigns',
  'chats',
  'companies',
  'contact-list-items',
  'contact-lists',
  'contacts',
  'dashboard',
  'embed-keys',
  'files',
  'health',
  'helps',
  'holidays',
  'invoices',
  'messages',
  'notifications',
  'plans',
  'prompt',
  'public-settings',
  'queue',
  'queue-options',
  'queueIntegration',
  'quick-messages',
  'schedules',
  'settings',
  'subscribe',
  'subscription',
  'tags',
  'tasks',
  'ticket',
  'ticket-notes',
  'ticket-tags',
  'tickets',
  'users',
  'whatsapp',
  'whatsappsession',
];

function isPageNavigation(req: IncomingMessage): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && (req.headers.accept ?? '').includes('text/html');
}

const kitSource = (path: string) => fileURLToPath(new URL(`../ui-kit/src/${path}`, import.meta.url));

export default defineConfig({
  plugins: [
    react(),
    // react-aria's own strings (a menu's, a dialog's, a select's labels) in the kit's three languages only, not its 34:
    // each component's table of every language sat in the first load (the console shows pt, en or es: LANGUAGE_TAGS).
    optimizeLocales.vite({ locales: ['pt', 'en', 'es'] }),
    // precompress: .br and .gz copies beside each built file, which the API serves by Accept-Encoding.
    precompress(),
  ],
  resolve: {
    // The kit from source: `vite dev` hot-reloads kit changes and the build needs no prebuilt dist.
    alias: [
      { find: /^@atende\/ui-kit$/, replacement: kitSource('index.ts') },
      { find: /^@atende\/ui-kit\/styles\.css$/, replacement: kitSource('styles.css') },
    ],
  },
  server: {
    proxy: {
      '/socket.io': { target: API_URL, ws: true, changeOrigin: true },
      '/docs': { target: API_URL, changeOrigin: true },
      '/public': { target: API_URL, changeOrigin: true },
      [`^/(${API_SEGMENTS.join('|')})(?=[/?]|$)`]: {
        target: API_URL,
        changeOrigin: true,
        bypass: (req) => (isPageNavigation(req) ? '/index.html' : undefined),
      },
    },
  },
  build: {
    sourcemap: true,
    // scripts/report-size.mjs reads it: which chunk each route's page is, and what it imports.
    manifest: true,
    rolldownOptions: {
      output: {
        // The kit's engine (data layer, provider) and TanStack Query in one chunk: left to the default split they came
        // as many small shared chunks of the first load, each compressed on its own (0.8 kB over the budget); together
        // the first load is 1.8 kB lighter and each route a little too.
        advancedChunks: {
          groups: [{ name: 'kit-core', test: /ui-kit[\\/]src[\\/](data|provider)[\\/]|node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ }],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});

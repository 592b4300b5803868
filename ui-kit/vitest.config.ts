import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Files that replace modules with vi.mock: a mock applies only to a module graph of its own, so these run isolated
 * (a shared graph may already hold the real module, or keep the mock for the next file). A new vi.mock goes here.
 */
const MOCKING = [
  'src/embed.test.tsx',
  'src/features/chat/Composer/ComposerView.test.tsx',
  'src/features/chat/TicketChat/TicketChat.test.tsx',
  'src/features/dashboard/DashboardCharts/DashboardChart.test.tsx',
];

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Both cores: on a two-core machine the default keeps one worker (measured: 347 s instead of 476 s for the suite).
    maxWorkers: 2,
    // Connected form tests type every field of a dialog: 1 to 3 s alone, past the default 5 s on a busy two-core CI
    // machine (seen: the connection and company dialogs). A test that truly hangs still fails.
    testTimeout: 15_000,
    projects: [
      {
        extends: true,
        // One jsdom and one module graph per worker instead of per file: ~230 s instead of 704 s for the suite. Each
        // file leaves the shared document clean (src/test/setup.ts) and restores what it stubs.
        test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: MOCKING, isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: MOCKING, isolate: true } },
    ],
  },
});

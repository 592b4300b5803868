import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Both cores: on a two-core machine the default keeps one worker (measured: 347 s instead of 476 s for the suite).
    maxWorkers: 2,
    // One jsdom and one module graph per worker instead of per file: 234 s instead of 704 s for the suite. Each file
    // leaves the shared document clean (src/test/setup.ts) and restores what it stubs.
    isolate: false,
    // Connected form tests type every field of a dialog: 1 to 3 s alone, past the default 5 s on a busy two-core CI
    // machine (seen: the connection and company dialogs). A test that truly hangs still fails.
    testTimeout: 15_000,
  },
});

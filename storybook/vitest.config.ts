import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { kitAliases } from './kit-aliases.ts';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: kitAliases },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['*.test.{ts,tsx}'],
    restoreMocks: true,
    // The stories are split over stories-1 and stories-2 so that both cores render them (the default keeps one worker on two cores).
    maxWorkers: 2,
  },
});

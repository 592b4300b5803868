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
  },
});

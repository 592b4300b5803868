import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The script-tag embed for partners: dist/embed/atende-embed.js, one IIFE that bundles React,
 * react-dom, the kit and the kit's CSS (as a string the embed puts into each widget's shadow
 * root, so there is no separate CSS file) and sets `window.Atende`. Built after the library
 * (`npm run build`), whose emptyOutDir would otherwise delete it.
 *
 * The IIFE's `var Atende` is a global only in a classic script; the footer also sets it when a bundler loads
 * the file as a module (`import '@atende/ui-kit/embed'`), as the package's embed types declare.
 */
export default defineConfig({
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist/embed',
    emptyOutDir: true,
    sourcemap: true,
    minify: true,
    lib: {
      entry: 'src/embed.tsx',
      name: 'Atende',
      formats: ['iife'],
      fileName: () => 'atende-embed.js',
    },
    rolldownOptions: { output: { footer: 'globalThis.Atende = Atende;' } },
  },
});

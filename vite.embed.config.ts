import { defineConfig } from 'vite';

/**
 * The website widget's embed (embed/widget.ts → dist/widget.js): one classic script (IIFE, no exports, so no global
 * of the bundler's own), no React, served at /widget.js. Built after the app (scripts/web-build.ts) into the same
 * folder without emptying it; `npm run bench:bundle` holds it to 15 kB gzip. Decision 0031.
 */
export default defineConfig({
  resolve: { alias: { '@contracts/': `${import.meta.dirname}/contracts/` } },
  publicDir: false,
  logLevel: 'warn',
  build: {
    target: 'es2020',
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    modulePreload: false,
    rolldownOptions: {
      input: `${import.meta.dirname}/embed/widget.ts`,
      output: { format: 'iife', entryFileNames: 'widget.js' },
    },
  },
});

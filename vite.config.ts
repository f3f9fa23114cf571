import react from '@vitejs/plugin-react';
import { bootShell } from './scripts/vite-boot-shell.ts';
import { chunkStats } from './scripts/vite-chunk-stats.ts';
import { defineConfig } from 'vitest/config';

/**
 * The Mantine modules the sign-in screen itself uses (`npm run bench:bundle` lists them); the rest of Mantine
 * stays with the lazy screens. A module missing here only costs a few hundred bytes of chunk overhead.
 */
const MANTINE_FIRST_LOAD = new RegExp(
  [
    String.raw`node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/](core|utils)[\\/]`,
    String.raw`node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Input|InputBase|TextInput|Checkbox|Transition|Button|Loader|Alert|CloseButton|UnstyledButton|Anchor|Text|Title|Paper|Stack|Group|Center)[\\/]`,
    String.raw`node_modules[\\/]@mantine[\\/]hooks[\\/]esm[\\/](use-media-query|use-did-update|use-merged-ref|use-uncontrolled|use-id|use-isomorphic-effect|use-reduced-motion|utils)[\\/]`,
  ].join('|'),
);

/** Import aliases, the same as tsconfig.json's `paths`: `@/` is the web app, `@contracts/` and `@server/` their folders. */
const alias = {
  '@/': `${import.meta.dirname}/src/`,
  '@contracts/': `${import.meta.dirname}/contracts/`,
  '@server/': `${import.meta.dirname}/server/`,
  '@scripts/': `${import.meta.dirname}/scripts/`,
};

const API_PORT = Number(process.env.API_PORT ?? 3001);
const api = `http://127.0.0.1:${API_PORT}`;

export default defineConfig({
  plugins: [react(), bootShell(), chunkStats()],
  resolve: { alias },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: {
      '/trpc': api,
      '/healthz': api,
      '/webhooks': api,
      '/api': api,
      '/uploads': api,
      '/files': api,
      // The test phone's AI-answered calls: the ConversationRelay WebSocket, on the page's own origin.
      '/voice-agent': { target: api, ws: true },
    },
  },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Rolldown would split what the sign-in page shares with lazy screens into ~40 tiny chunks, each gzipped
        // apart (≈10 kB lost). These groups keep the first load in a few files; see docs/performance.md.
        codeSplitting: {
          groups: [
            // use-sync-external-store: only the shim the router's store uses; recharts' own copy stays in its lazy chunk.
            { name: 'react', test: /node_modules[\\/]((react|react-dom|scheduler)[\\/]|use-sync-external-store[\\/](shim[\\/]|cjs[\\/]use-sync-external-store-shim))/, priority: 30 },
            {
              name: 'sign-in-vendor',
              test: /node_modules[\\/](xstate|@xstate[\\/]react|zod|libphonenumber-js|react-phone-number-input|input-format|country-flag-icons|prop-types|classnames|clsx)[\\/]/,
              priority: 20,
            },
            // The router is not needed to show the sign-in screen (see src/app/boot.ts); it comes with the app.
            { name: 'router', test: /node_modules[\\/]@tanstack[\\/](react-router|router-core|history|store|react-store)[\\/]/, priority: 20 },
            { name: 'mantine', test: MANTINE_FIRST_LOAD, priority: 10 },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'contracts/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The website widget's embed (embed/, plain DOM): its own jsdom project, without the web app's setup.
        resolve: { alias },
        test: { name: 'embed', environment: 'jsdom', include: ['embed/**/*.test.ts'] },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/shared/lib/test/setup.ts'],
          css: false,
          // (jsdom screens driven by user-event: the flow editor's took about 4 s each on this VM beside another run, and
          // went past the 5 s default when the suite's files shared the 2 cores; the limit stops a hang. Decision 0054.)
          testTimeout: 20_000,
        },
      },
    ],
  },
});

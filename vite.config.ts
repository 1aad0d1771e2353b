import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.ts';
import { firstScreenChunk } from './scripts/firstScreenChunk.ts';
import { preloadFirstScreen } from './scripts/preloadFirstScreen.ts';
import { prerenderLogin } from './scripts/prerenderLogin.ts';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 8787}`;
/** Paths the dev server hands to the API server (everything the console calls, spec §7). */
const proxied = ['/api', '/admin', '/getPermCode', '/uploads'];

/**
 * The console's tests that load its modules fresh, as a page load does (the i18n instance, the HTTP
 * client, the app actor): they need a module registry of their own.
 */
const consoleStartupFiles = [
  'tests/services/appActor.test.ts',
  'tests/services/shellWiring.test.ts',
  'tests/views/i18n.test.ts',
  'tests/views/signedInStart.test.ts',
  'tests/views/addressBarStart.test.tsx',
];
/** What every console test file runs in: a window of its own, with what jsdom lacks filled in. */
// A test's and a set-up's own bounds, generous and set once (the waits inside a test:
// tests/setup/jsdom.ts): on a loaded machine a file's real server can take minutes to start, and a
// test that renders the console's pages against it a minute.
const consoleEnvironment = { environment: 'jsdom', setupFiles: ['tests/setup/jsdom.ts'], testTimeout: 120_000, hookTimeout: 240_000 };

/** What the first screen loads beside the entry (src/main.tsx imports them). */
const firstScreen = ['/src/start.tsx', '/src/views/login/LoginPage.tsx'];

export default defineConfig({
  plugins: [react(), firstScreenChunk(firstScreen), preloadFirstScreen(firstScreen), prerenderLogin(), precompress()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist/console',
    emptyOutDir: true,
    sourcemap: false,
    // React, Chakra and XState make the entry ~500 kB before compression; `npm run bench` tracks
    // what the first load really costs, so Vite's generic warning adds nothing.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // Chakra's theme module builds its default config (every recipe) with an unannotated
      // defineConfig call, an identity function; marked pure, the recipes the console does not import
      // stay out of the login page's chunks (src/components/theme/consoleTheme loads them later).
      treeshake: { manualPureFunctions: ['defineConfig'] },
    },
  },
  test: {
    // One worker per core: the default leaves one core to the main process, which on CI's two
    // cores halves the workers; most files wait on a real server or its timers (CI time).
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: {
          name: 'console',
          ...consoleEnvironment,
          include: ['tests/machines/**/*.test.{ts,tsx}', 'tests/services/**/*.test.{ts,tsx}', 'tests/views/**/*.test.{ts,tsx}'],
          exclude: consoleStartupFiles,
          // Each file still gets a window of its own; what a worker's files share is the loaded
          // modules (React, Chakra, the machines), compiled once and warm: ~630 → ~290 s of CPU
          // (CI time). Emotion makes its style cache once, so Chakra's CSS lands in the
          // first file's document: no test here may rely on CSS (jsdom lays nothing out; the browser
          // tests check the look).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'console startup',
          ...consoleEnvironment,
          include: consoleStartupFiles,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          // A worker runs its files one after another in one module registry: each file starts its
          // own server on its own data, so nothing is shared but compiled code. Loading the server's
          // modules once a worker instead of once a file takes the suite from ~550 to ~390 s of CPU
          // (CI time).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

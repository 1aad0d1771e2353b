import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { firstScreenVariant, prerenderedLoginFile } from '../contract/firstScreen.ts';
import { CONSOLE_ENTRY_ID, HOLD_SUBMIT_SCRIPT, START_AFTER_FIRST_FRAME_SCRIPT } from '../contract/firstScreenScripts.ts';
import { DEFAULT_LOCALE, DEFAULT_THEME, LOCALES, THEMES, type Locale } from '../src/config/constants.ts';
import type { PrerenderedLogin } from '../src/prerenderLogin.tsx';

/**
 * Where the console's server-side bundle of src/prerenderLogin.tsx is made, for this step only (in
 * the project, so that it imports React and Chakra from node_modules; one a build process).
 */
const SSR_DIR = `node_modules/.cache/inkpress/prerender-${process.pid}`;

/**
 * The login page, rendered to HTML at build time, in each locale and theme. The server
 * sends /login as one of these pages (contract/firstScreen): the browser draws the form from the
 * HTML as it arrives, before any of the console's code, and the console then hydrates it
 * (src/start.tsx) instead of drawing it again. Measured against the splash, the form showed after
 * ~730 ms of a cold load, waiting for ~600 kB of JavaScript to arrive, compile and run.
 *
 * Until the console has hydrated the page, a submitted form waits (the inline script below): the
 * console sends it once it has taken the page over, with what was typed (src/app/takeOverPrerendered).
 */
export function prerenderLogin(): Plugin {
  let root = process.cwd();
  let mode = 'production';
  // Not in a build that writes nothing (scripts/firstScreenChunk's look at the chunks).
  let writes = true;
  return {
    name: 'inkpress-prerender-login',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      mode = config.mode;
      writes = config.build.write;
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const index = bundle['index.html'];
        if (!writes || !index || index.type !== 'asset') return;
        const pages = await renderLoginPages(root, mode);
        const variants = LOCALES.flatMap((locale) => THEMES.map((theme) => ({ locale, theme })));
        for (const { locale, theme } of variants) {
          const rendered = pages.get(locale);
          if (!rendered) throw new Error(`prerenderLogin: no ${locale} login page`);
          const source = withLoginPage(String(index.source), locale, rendered.page, rendered.htmlTags[theme]);
          this.emitFile({ type: 'asset', fileName: prerenderedLoginFile(firstScreenVariant(locale, theme)), source });
          // The page a browser without the cookie gets: the console's defaults.
          if (locale === DEFAULT_LOCALE && theme === DEFAULT_THEME)
            this.emitFile({ type: 'asset', fileName: prerenderedLoginFile('default'), source });
        }
      },
    },
  };
}

/** Builds the server-side bundle, then renders the login page in each locale, each in a thread of its own. */
async function renderLoginPages(root: string, mode: string): Promise<Map<Locale, PrerenderedLogin>> {
  const outDir = path.join(root, SSR_DIR);
  await build({
    root,
    mode,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    // Everything in one file: Node loads it ~4× faster than React's and Chakra's thousand modules.
    ssr: { noExternal: true },
    build: { ssr: 'src/prerenderLogin.tsx', outDir, emptyOutDir: true },
  });
  const module = pathToFileURL(path.join(outDir, 'prerenderLogin.js')).href;
  const worker = new URL('./prerenderLoginWorker.mjs', import.meta.url);
  const rendered = await Promise.all(
    LOCALES.map(
      (locale) =>
        new Promise<[Locale, PrerenderedLogin]>((resolve, reject) => {
          const thread = new Worker(worker, { workerData: { module, locale } });
          thread.once('message', (login: PrerenderedLogin) => resolve([locale, login]));
          thread.once('error', reject);
          thread.once('exit', (code) => reject(new Error(`prerenderLogin: the ${locale} page's thread ended (${code}) without a page`)));
        }),
    ),
  ).finally(() => fs.rmSync(outDir, { recursive: true, force: true }));
  for (const [locale, { page }] of rendered)
    if (!/<input[^>]+type="password"/.test(page)) throw new Error(`prerenderLogin: the ${locale} login page has no password field`);
  return new Map(rendered);
}

/** The splash in #root (index.html). */
const SPLASH = /<div id="root">\s*<div class="app-splash">.*?<\/div>\s*<\/div>/s;

/** The console's entry, a module script in index.html's head. */
const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * The page's inline scripts: the same text in every build (contract/firstScreenScripts), which the
 * server's Content-Security-Policy allows by their hashes. The second finds the entry by its link's id.
 */
const INLINE_SCRIPTS = `<script>${HOLD_SUBMIT_SCRIPT}</script><script>${START_AFTER_FIRST_FRAME_SCRIPT}</script>`;

/** index.html with the login page in #root, under the <html> tag the console gives it. */
function withLoginPage(index: string, locale: Locale, page: string, htmlTag: string): string {
  if (!SPLASH.test(index)) throw new Error('prerenderLogin: index.html has no splash in #root');
  const entry = ENTRY.exec(index)?.[1];
  if (!entry) throw new Error('prerenderLogin: index.html has no module script');
  return index
    .replace(/<html lang="[^"]*">/, htmlTag)
    .replace(ENTRY, () => `<link rel="modulepreload" crossorigin href="${entry}" id="${CONSOLE_ENTRY_ID}">`)
    .replace(SPLASH, () => `<div id="root" data-prerendered="${locale}">${page}</div>${INLINE_SCRIPTS}`);
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { type Browser, type Page } from 'playwright-core';
import { build, type Rollup } from 'vite';
import { prerenderedLoginFile } from '../contract/firstScreen';
import { launchChromium } from '../scripts/chromium';
import { precompress } from '../scripts/precompress';
import { ADMIN_PASSWORD, ms, root, spawnServer, tempDataDir, type BenchRow, type BenchSection, type ServerProcess } from './lib';

/** Cold loads of each page (the issue asks for 7; BENCH_FIRSTSCREEN_LOADS for a quicker look). */
const LOADS = Math.max(1, Number(process.env.BENCH_FIRSTSCREEN_LOADS) || 7);
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** What a built file holds, from Rollup's module list: the parts the login page must not fetch. */
type Contents = { axios: boolean; chart: boolean; dashboardStrings: boolean; locales: Set<string>; shell: boolean };

async function buildApp(options: { outDir: string; appRoot?: string }): Promise<Map<string, Contents>> {
  const output = await build({
    ...(options.appRoot
      ? { root: options.appRoot, configFile: false, plugins: [react(), precompress()] }
      : { root, configFile: path.join(root, 'vite.config.ts') }),
    logLevel: 'error',
    build: { outDir: options.outDir, emptyOutDir: true },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => (result as Rollup.RollupOutput).output);
  const contents = new Map<string, Contents>();
  for (const chunk of chunks) {
    if (chunk.type !== 'chunk') continue;
    const ids = Object.keys(chunk.modules);
    contents.set(`/${chunk.fileName}`, {
      axios: ids.some((id) => id.includes('/node_modules/axios/')),
      chart: ids.some((id) => /\/node_modules\/(chart\.js|react-chartjs-2)\//.test(id)),
      dashboardStrings: ids.some((id) => /\/locales\/[^/]+\/dashboard\.json/.test(id)),
      locales: new Set(ids.flatMap((id) => /\/src\/i18n\/locales\/([^/]+)\//.exec(id)?.[1] ?? [])),
      shell: ids.some((id) => id.endsWith('/src/views/SignedInShell.tsx')),
    });
  }
  return contents;
}

/**
 * Runs in the page before its scripts: notes the frame in which the login form (a password field
 * and its labelled submit button) first shows, with the resources fetched until then and the
 * form's words (to tell translations from raw keys), and logs `shownMessage` then. On a login page
 * the server sent drawn (scripts/prerenderLogin.ts), also the moment the console has taken the form
 * over (hydrated: it answers), logging `readyMessage`; elsewhere the form is ready when it shows.
 */
function watchForForm([shownMessage, readyMessage]: [string, string]) {
  const w = window as unknown as { __formShown?: Noted; __formReady?: Noted };
  const note = (form: HTMLFormElement | null | undefined): Noted => ({
    at: performance.now(),
    words: form?.textContent ?? '',
    resources: performance.getEntriesByType('resource').map((entry) => ({
      name: entry.name,
      startTime: entry.startTime,
      responseEnd: (entry as PerformanceResourceTiming).responseEnd,
    })),
  });
  const observer = new MutationObserver(() => {
    const password = document.querySelector<HTMLInputElement>('input[type="password"]');
    const button = password?.form?.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (!password || !button || !button.textContent?.trim() || button.getBoundingClientRect().height === 0) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      w.__formShown = note(password.form);
      console.debug(shownMessage);
    });
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
  // The prerendered page's inline script sets `inkpressPrerendered`; the console sets its `hydrated`.
  let prerendered: { hydrated: boolean } | undefined;
  Object.defineProperty(window, 'inkpressPrerendered', {
    configurable: true,
    get: () => prerendered,
    set(value: { hydrated: boolean }) {
      let hydrated = value.hydrated;
      Object.defineProperty(value, 'hydrated', {
        enumerable: true,
        get: () => hydrated,
        set(next: boolean) {
          hydrated = next;
          if (!next || w.__formReady) return;
          w.__formReady = note(document.querySelector<HTMLInputElement>('input[type="password"]')?.form);
          console.debug(readyMessage);
        },
      });
      prerendered = value;
    },
  });
}

/** What the page notes when the form shows (or is ready): see watchForForm. */
type Noted = { at: number; words: string; resources: { name: string; startTime: number; responseEnd: number }[] };

type FormShown = Noted & {
  /** Each request's initiator: the script whose code asked for it, or null for the page itself (its HTML). */
  initiators: Map<string, string | null>;
};

/** The script that asked for a request, from the DevTools protocol's initiator (null: the document's parser or the browser). */
type CallFrames = { callFrames: { url: string }[]; parent?: CallFrames };
function initiatingScript(initiator: { type: string; stack?: CallFrames }): string | null {
  for (let stack = initiator.stack; stack; stack = stack.parent) {
    const frame = stack.callFrames.find((candidate) => candidate.url);
    if (frame) return frame.url;
  }
  return null;
}

/** What the page logs to the console when the form shows, and when it is ready (see watchForForm). */
const FORM_SHOWN = 'inkpress-bench: form shown';
const FORM_READY = 'inkpress-bench: form ready';

/**
 * One cold load (a fresh browser context: empty cache) of `url`; resolves when the form shows. The
 * bench learns it from the page's console (the DevTools protocol), not by polling the page: polling
 * puts Playwright's own script in the page and runs it every frame, on the main thread the page is
 * loading on — from the load event on, which the console's page reaches long before its form, and
 * the reference page, one script, only with it (measured: 55 ms against 24 ms on their medians).
 */
async function coldLoad(
  browser: Browser,
  url: string,
  keepPage = false,
): Promise<{ shown: FormShown; ready: FormShown; page: Page | null }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const initiators = new Map<string, string | null>();
  const devtools = await context.newCDPSession(page);
  devtools.on('Network.requestWillBeSent', ({ request, initiator }) => initiators.set(request.url, initiatingScript(initiator)));
  await devtools.send('Network.enable');
  // tsx compiles this file keeping functions' names (esbuild's `__name` helper), which the page lacks.
  await page.addInitScript('globalThis.__name = (target) => target');
  await page.addInitScript(watchForForm, [FORM_SHOWN, FORM_READY] as [string, string]);
  const logged = (text: string) => page.waitForEvent('console', { predicate: (message) => message.text() === text, timeout: 60_000 });
  const [shownLogged, readyLogged] = [logged(FORM_SHOWN), logged(FORM_READY)];
  readyLogged.catch(() => {});
  await page.goto(url, { waitUntil: 'commit' });
  await shownLogged;
  type Watched = { inkpressPrerendered?: object; __formShown: Noted; __formReady?: Noted };
  if (await page.evaluate(() => !!(window as unknown as Watched).inkpressPrerendered)) await readyLogged;
  const noted = await page.evaluate(() => {
    const w = window as unknown as Watched;
    return { shown: w.__formShown, ready: w.__formReady ?? w.__formShown };
  });
  const shown: FormShown = { ...noted.shown, initiators };
  const ready: FormShown = { ...noted.ready, initiators };
  if (!keepPage) await context.close();
  return { shown, ready, page: keepPage ? page : null };
}

/**
 * Round trips of JavaScript: a script or style sheet the page itself asks for (its HTML: the entry,
 * the preloaded chunks) is in the first; one that a script's code asks for (a dynamic import, a
 * translation pack) is in the trip after that script's.
 */
function roundTrips({ resources, initiators }: FormShown) {
  const assets = resources
    .filter((r) => /\/assets\/.*\.(js|css)$/.test(new URL(r.name).pathname))
    .sort((a, b) => a.startTime - b.startTime);
  const trips: number[] = [];
  assets.forEach((asset) => {
    const by = assets.findIndex((other) => other.name === initiators.get(asset.name));
    trips.push(by >= 0 && by < trips.length ? trips[by] + 1 : 1);
  });
  return { assets, trips, count: Math.max(0, ...trips) };
}

/** The main region shows its page: at `pathname`, with content and no loading indicator left. */
const pageDrawn = (pathname: string) => `() => {
  const main = document.querySelector('main');
  return location.pathname === ${JSON.stringify(pathname)} && !!main && main.textContent.trim().length > 0
    && !document.querySelector('[role="status"][aria-label], main [aria-busy="true"]');
}`;

/**
 * Resolves once no request but the notice stream (always open while signed in) has been
 * in flight for 500 ms: Playwright's 'networkidle' never comes while the stream is open.
 */
function watchQuiet(page: Page) {
  const inFlight = new Set<unknown>();
  let lastChange = Date.now();
  const counts = (url: string) => !url.includes('/notice/stream');
  page.on('request', (request) => {
    if (!counts(request.url())) return;
    inFlight.add(request);
    lastChange = Date.now();
  });
  const settle = (request: unknown) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  return async function quiet(timeout = 30_000) {
    const deadline = Date.now() + timeout;
    while (inFlight.size > 0 || Date.now() - lastChange < 500) {
      if (Date.now() > deadline) throw new Error(`network not quiet after ${timeout} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
}

/**
 * When the page's own watch saw it drawn. A function, not a string: the console's
 * Content-Security-Policy refuses the `eval` Playwright runs a string predicate through.
 */
const benchDrawnAt = () => (window as unknown as { __benchDrawnAt?: number }).__benchDrawnAt;

/**
 * Clicks the `index`th element matching `selector` and resolves with the ms until `predicate`
 * holds, checked by the page itself every frame from the click on. (Asked for after the click, the
 * check started only once the page's main thread was free, and Playwright's script for it took
 * ~30 ms of that thread: the menu pages' first visit.)
 */
async function clickAndTime(page: Page, selector: string, index: number, predicate: string, timeout = 30_000): Promise<number> {
  const started = (await page.evaluate(`(() => {
    const holds = ${predicate};
    const watch = () => (holds() ? (window.__benchDrawnAt = performance.now()) : requestAnimationFrame(watch));
    window.__benchDrawnAt = undefined;
    requestAnimationFrame(watch);
    const at = performance.now();
    document.querySelectorAll(${JSON.stringify(selector)})[${index}].click();
    return at;
  })()`)) as number;
  const drawnAt = await page.waitForFunction(benchDrawnAt, null, { polling: 100, timeout });
  return ((await drawnAt.jsonValue()) as number) - started;
}

const DASHBOARD_DRAWN = `() => { const main = document.querySelector('main'); return location.pathname.startsWith('/dashboard/analysis')
  && !!document.querySelector('[data-testid="points-balance"]') && !!main && !document.querySelector('[role="status"][aria-label]'); }`;
/** A fast typist's pause between keys (about 8 characters a second). */
const KEY_DELAY_MS = 120;
/** Times the slowest menu page is opened as the first page after signing in. */
const STRAIGHT_VISITS = 3;
/** Cold sign-ins timed, typed (BENCH_FIRSTSCREEN_SIGNINS). */
const SIGNINS = Math.max(1, Number(process.env.BENCH_FIRSTSCREEN_SIGNINS) || 5);

/**
 * The administrator signs in on a cold /login: typing the name and password as a person does (the
 * login page loads the signed-in console's chunks meanwhile, when idle), or, with `typed` false, at
 * once, as a password manager's autofill and a click can. Resolves with the time from the click to
 * the dashboard drawn, and the page.
 */
async function signIn(browser: Browser, url: string, typed: boolean): Promise<{ ms: number; page: Page }> {
  const { page } = await coldLoad(browser, `${url}/login`, true);
  if (!page) throw new Error('no page');
  if (typed) {
    await page.type('input[autocomplete="username"]', 'admin', { delay: KEY_DELAY_MS });
    await page.type('input[type="password"]', ADMIN_PASSWORD, { delay: KEY_DELAY_MS });
  } else {
    await page.fill('input[autocomplete="username"]', 'admin');
    await page.fill('input[type="password"]', ADMIN_PASSWORD);
  }
  return { ms: await clickAndTime(page, 'form button[type="submit"]', 0, DASHBOARD_DRAWN), page };
}

/** A user looks at the dashboard for a few seconds before the first click; the console fetches the pages' chunks meanwhile, when idle. */
async function lookAtDashboard(page: Page) {
  const quiet = watchQuiet(page);
  await quiet();
  await page.waitForTimeout(3000);
  await quiet();
  return quiet;
}

/** The paths of the sidebar's links on screen. */
const sidebarLinks = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('nav a[href^="/"]')]
      .filter((a) => a.getBoundingClientRect().height > 0)
      .map((a) => new URL(a.href).pathname),
  );

/** Opens the next sidebar section the bench has not opened yet; false when none is left. */
async function openNextSection(page: Page) {
  const opened = await page.evaluate(() => {
    const closed = [...document.querySelectorAll<HTMLButtonElement>('nav button[data-state="closed"]')].find((b) => !b.dataset.benchOpened);
    if (!closed) return false;
    closed.dataset.benchOpened = '1';
    closed.click();
    return true;
  });
  if (opened) await page.waitForTimeout(500);
  return opened;
}

/** Clicks the sidebar's link to `pathname`: ms until its page is drawn, NaN (logged) when it is not. */
async function visitFromSidebar(page: Page, pathname: string, log: (line: string) => void) {
  const index = await page.evaluate(
    (target) => [...document.querySelectorAll<HTMLAnchorElement>('nav a[href^="/"]')].findIndex((a) => new URL(a.href).pathname === target),
    pathname,
  );
  return clickAndTime(page, 'nav a[href^="/"]', index, pageDrawn(pathname)).catch((error: Error) => {
    log(`${pathname}: ${error.message.split('\n')[0]}`);
    return Number.NaN;
  });
}

/**
 * `pathname` as the first page a user opens after signing in: the console has run no other page
 * (the walk above reaches each page with the code and styles of the pages before it warmed up).
 */
async function straightVisit(browser: Browser, url: string, pathname: string, log: (line: string) => void) {
  const { page } = await signIn(browser, url, false);
  const quiet = await lookAtDashboard(page);
  while (!(await sidebarLinks(page)).includes(pathname) && (await openNextSection(page)));
  await quiet();
  const took = await visitFromSidebar(page, pathname, log);
  await page.context().close();
  return took;
}

/**
 * A reload of `pathname` with the session stored (the browser's cache warm with its chunks): ms from
 * the navigation's start to the page drawn, checked by the page every frame from its first script.
 */
async function reloadSignedIn(browser: Browser, url: string, pathname: string, drawn: string) {
  const { page } = await signIn(browser, url, false);
  const quiet = await lookAtDashboard(page);
  await page.goto(`${url}${pathname}`);
  await quiet();
  await page.addInitScript(`(() => {
    const holds = ${drawn};
    const watch = () => (holds() ? (window.__benchDrawnAt = performance.now()) : requestAnimationFrame(watch));
    requestAnimationFrame(watch);
  })()`);
  await page.goto(`${url}${pathname}`, { waitUntil: 'commit' });
  const drawnAt = await page.waitForFunction(benchDrawnAt, null, { polling: 100, timeout: 30_000 });
  const took = (await drawnAt.jsonValue()) as number;
  await page.context().close();
  return took;
}

/**
 * Submit to dashboard drawn: the median of SIGNINS typed sign-ins, and one at once (autofill); then,
 * on the last typed one, every menu page opened once from the sidebar.
 */
async function signedInShell(browser: Browser, url: string, log: (line: string) => void) {
  const autofilled = await signIn(browser, url, false);
  await autofilled.page.context().close();
  const typed: number[] = [];
  let page: Page | null = null;
  for (let i = 0; i < SIGNINS; i++) {
    await page?.context().close();
    const signedIn = await signIn(browser, url, true);
    typed.push(signedIn.ms);
    page = signedIn.page;
  }
  if (!page) throw new Error('no page');
  const submitToDashboard = median(typed);
  const quiet = await lookAtDashboard(page);
  const prefetched = await page.evaluate(
    () => performance.getEntriesByType('resource').filter((entry) => /\/assets\/[A-Za-z]+Page-[^/]*\.js$/.test(entry.name)).length,
  );

  // Every link not yet visited, opening the sidebar's sections one by one.
  const visits: { path: string; ms: number }[] = [];
  const visited = new Set<string>(['/dashboard/analysis']);
  for (let round = 0; round < 40; round++) {
    const target = (await sidebarLinks(page)).find((pathname) => !visited.has(pathname));
    if (!target) {
      if (await openNextSection(page)) continue;
      break;
    }
    visited.add(target);
    visits.push({ path: target, ms: await visitFromSidebar(page, target, log) });
    await quiet();
  }
  await page.context().close();
  return { submitToDashboard, typed, autofilled: autofilled.ms, visits, prefetched };
}

/**
 * The first screen as a user waits for it: the time to the login form against a bare
 * React + Chakra page with the same form (built here from the project's own dependencies), what
 * Chromium fetches until the form shows, and the signed-in shell after it.
 */
export const firstScreen: BenchSection = {
  name: 'firstScreen',
  title: 'First screen: /login cold, against a bare React + Chakra login form (production builds, headless Chromium)',
  async run(log) {
    const consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkpress-console-'));
    const referenceDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkpress-reference-'));
    const dataDirs = [tempDataDir(), tempDataDir()];
    const servers: ServerProcess[] = [];
    let browser: Browser | null = null;
    try {
      log('building the console and the reference page');
      const contents = await buildApp({ outDir: consoleDir });
      await buildApp({ outDir: referenceDir, appRoot: path.join(root, 'bench/firstScreenReference') });
      servers.push(await spawnServer({ dataDir: dataDirs[0], consoleDir }));
      servers.push(await spawnServer({ dataDir: dataDirs[1], consoleDir: referenceDir }));
      const [app, reference] = servers;
      browser = await launchChromium();
      await coldLoad(browser, `${app.url}/login`); // warms the browser process, not the page's cache
      await coldLoad(browser, `${reference.url}/login`);

      const ours: FormShown[] = [];
      const oursReady: FormShown[] = [];
      const theirs: number[] = [];
      for (let i = 0; i < LOADS; i++) {
        log(`cold loads ${i + 1}/${LOADS}`);
        const load = await coldLoad(browser, `${app.url}/login`);
        ours.push(load.shown);
        oursReady.push(load.ready);
        theirs.push((await coldLoad(browser, `${reference.url}/login`)).shown.at);
      }
      const oursMs = median(ours.map((s) => s.at));
      const readyMs = median(oursReady.map((s) => s.at));
      const theirsMs = median(theirs);
      // The median load itself, for what it fetched.
      const typicalOf = (loads: FormShown[]) => [...loads].sort((a, b) => a.at - b.at)[Math.floor(loads.length / 2)];
      const assetsOf = (load: FormShown) => roundTrips(load).assets.map((asset) => new URL(asset.name).pathname);
      const typical = typicalOf(ours);
      const rawKeys = /\b(sys|common|layout|routes)\.[a-zA-Z]+\.[a-zA-Z]/.test(typical.words);

      const trips = roundTrips(typical);
      const files = assetsOf(typical);
      const gzipped = (paths: string[]) =>
        paths.reduce((total, file) => total + zlib.gzipSync(fs.readFileSync(path.join(consoleDir, file)), { level: 9 }).length, 0);
      const gzip = gzipped(files);
      const readyFiles = assetsOf(typicalOf(oursReady));
      const loginPage = prerenderedLoginFile('default');
      const htmlGzip = fs.existsSync(path.join(consoleDir, loginPage)) ? gzipped([loginPage]) : 0;
      const fetched = files.map((file) => contents.get(file)).filter((c): c is Contents => !!c);
      const signedInParts = [
        fetched.some((c) => c.dashboardStrings) && 'dashboard strings',
        fetched.some((c) => c.axios) && 'axios',
        fetched.some((c) => c.chart) && 'chart code',
        fetched.some((c) => c.shell) && 'the signed-in shell',
        fetched.some((c) => c.locales.has('en')) && 'the other locale (en)',
      ].filter(Boolean);

      log('signing in and opening every menu page');
      const shell = await signedInShell(browser, app.url, log);
      const visits = shell.visits.filter((v) => Number.isFinite(v.ms));
      const bySlowest = [...visits].sort((a, b) => b.ms - a.ms);
      const slowest = bySlowest[0];
      const visitsText = (list: typeof visits) => list.map((v) => `${v.path} ${ms(v.ms)}`).join(', ');
      log(`menu pages' first visits: ${visitsText(bySlowest)}`);
      log(`${slowest?.path} as the first page after signing in, ${STRAIGHT_VISITS} times`);
      const straight: number[] = [];
      for (let i = 0; slowest && i < STRAIGHT_VISITS; i++) straight.push(await straightVisit(browser, app.url, slowest.path, log));
      log(`reloading the dashboard and ${slowest?.path}, ${STRAIGHT_VISITS} times each`);
      const reloads = { dashboard: [] as number[], slowest: [] as number[] };
      for (let i = 0; i < STRAIGHT_VISITS; i++) {
        reloads.dashboard.push(await reloadSignedIn(browser, app.url, '/dashboard/analysis', DASHBOARD_DRAWN));
        if (slowest) reloads.slowest.push(await reloadSignedIn(browser, app.url, slowest.path, pageDrawn(slowest.path)));
      }
      const failed = shell.visits.filter((v) => !Number.isFinite(v.ms));
      const ratio = oursMs / theirsMs;
      const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');

      return [
        {
          what: `login form shown, median of ${LOADS} cold loads`,
          value: ms(oursMs),
          note: `npm run bench -- firstScreen; zh_CN, ${LOADS} loads each, alternating`,
        },
        { what: 'bare React + Chakra form, median', value: ms(theirsMs), note: 'bench/firstScreenReference' },
        { what: 'ratio', value: `${ratio.toFixed(2)}×`, note: `goal ≤ 1.2×: ${mark(ratio <= 1.2)}` },
        { what: 'round trips of JS before the form', value: String(trips.count), note: `goal ≤ 2: ${mark(trips.count <= 2)}` },
        {
          what: 'signed-in parts fetched before the form',
          value: String(signedInParts.length),
          note: `goal 0: ${mark(!signedInParts.length)}${signedInParts.length ? ` (${signedInParts.join(', ')})` : ''}`,
        },
        {
          what: 'JS + CSS before the form, gzipped',
          value: kB(gzip),
          note: `${files.length} files; goal ≤ 180 kB: ${mark(gzip <= 180 * 1024)}; the page's HTML, with the form drawn: ${kB(htmlGzip)}`,
        },
        {
          what: 'login form ready (hydrated: it answers), median',
          value: ms(readyMs),
          note: `${(readyMs / theirsMs).toFixed(2)}× the bare form (no goal); JS + CSS until then ${kB(gzipped(readyFiles))} in ${readyFiles.length} files`,
        },
        {
          what: 'form drawn with its translations',
          value: rawKeys ? 'no' : 'yes',
          note: rawKeys ? `raw keys: ${typical.words.slice(0, 80)}` : '',
        },
        {
          what: `submit to dashboard drawn, median of ${shell.typed.length} typed sign-ins`,
          value: ms(shell.submitToDashboard),
          note: `goal ≤ 1.5 × form ready (${ms(1.5 * readyMs)}): ${mark(shell.submitToDashboard <= 1.5 * readyMs)}; each: ${shell.typed.map(ms).join(', ')}; name and password typed at ${KEY_DELAY_MS} ms a key`,
        },
        {
          what: '  submitted at once (autofill), one sign-in',
          value: ms(shell.autofilled),
          note: 'no goal: the click comes before the login page has loaded the signed-in console ahead',
        },
        {
          what: `menu pages' first visit, slowest of ${visits.length}`,
          value: ms(slowest?.ms ?? Number.NaN),
          note: `${visitsText(bySlowest.slice(0, 3))}; median ${ms(median(visits.map((v) => v.ms)))}; goal ≤ 300 ms: ${mark(!!slowest && slowest.ms <= 300 && !failed.length)}${failed.length ? `; not drawn: ${failed.map((v) => v.path).join(' ')}` : ''}; ${shell.prefetched} page chunks fetched before the first click`,
        },
        {
          what: `  the slowest, the first page after signing in`,
          value: ms(median(straight)),
          note: `${slowest?.path ?? ''}, median of ${straight.length} (${straight.map(ms).join(', ')}); no goal: the walk above reaches each page with the pages before it run`,
        },
        ...visits.filter((v) => v.ms > 300).map((v) => ({ what: `  over 300 ms`, value: ms(v.ms), note: v.path })),
        {
          what: 'a reload with the session stored, to the page drawn',
          value: ms(median(reloads.dashboard)),
          note: `/dashboard/analysis, median of ${reloads.dashboard.length} (${reloads.dashboard.map(ms).join(', ')}); ${slowest?.path ?? ''} ${ms(median(reloads.slowest))} (${reloads.slowest.map(ms).join(', ')}); no goal`,
        },
      ] satisfies BenchRow[];
    } finally {
      await browser?.close();
      for (const server of servers) await server.stop();
      for (const dir of [consoleDir, referenceDir, ...dataDirs]) fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};

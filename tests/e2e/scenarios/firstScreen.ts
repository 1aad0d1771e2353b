import type { Page } from 'playwright-core';
import { FIRST_SCREEN_COOKIE } from '../../../contract/firstScreen';
import { scenario } from '../harness';
import { check, signIn, waitForOverview } from '../pages';
import { zh } from '../texts';
import enSys from '../../../src/i18n/locales/en/sys.json';

/**
 * The login page draws with its translations already there (no raw key such as
 * `sys.login.loginButton` is ever in the page, not even for a frame), fetches the current locale's
 * packs only, and a language switch on it fetches the other locale's.
 */

/**
 * Runs in the page before its scripts: keeps every raw i18n key that ever shows, in text or labels.
 * A string, not a function: tsx would wrap the function's inner functions in a helper the page lacks.
 */
const recordRawKeys = `(() => {
  const pattern = /\\b(?:common|sys|layout|routes|dashboard)\\.[A-Za-z0-9_]+\\.[A-Za-z0-9_]+/;
  const seen = (window.__rawKeys = []);
  window.__watching = true;
  const look = (node) => {
    const texts = [node.textContent || ''];
    if (node instanceof Element) for (const name of ['aria-label', 'placeholder', 'title']) texts.push(node.getAttribute(name) || '');
    for (const text of texts) {
      const match = pattern.exec(text);
      if (match) seen.push(match[0]);
    }
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes' || record.type === 'characterData') look(record.target);
      record.addedNodes.forEach(look);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['aria-label', 'placeholder', 'title'] });
})();`;

/**
 * Runs in the page before its scripts: keeps where the sign-in form is in the first frame it shows
 * (the rest of the page, the brand panel's picture and words, the language and theme buttons and the
 * other ways to sign in, is drawn by the render after it).
 */
const recordFirstFormBox = `(() => {
  new MutationObserver((records, observer) => {
    const button = document.querySelector('form button[type="submit"]');
    if (!button || !button.textContent.trim()) return;
    observer.disconnect();
    const box = button.form.getBoundingClientRect();
    window.__firstFormBox = { x: box.x, y: box.y, width: box.width, height: box.height };
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

/** The scripts the page fetched whose text holds `phrase` (a pack of one locale holds its own words). */
function packsHolding(page: Page) {
  const bodies: { url: string; body: string }[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    bodies.push({ url: response.url(), body: await response.text().catch(() => '') });
  });
  return (phrase: string) => bodies.filter((entry) => entry.body.includes(phrase)).map((entry) => entry.url);
}

/** The raw keys seen so far; fails when the watch did not run (a test that could not fail). */
async function rawKeys(page: Page): Promise<string[]> {
  const { watching, keys } = await page.evaluate(() => {
    const w = window as unknown as { __rawKeys?: string[]; __watching?: boolean };
    return { watching: w.__watching === true, keys: w.__rawKeys ?? [] };
  });
  check(watching, 'the raw-key watch runs in the page');
  return keys;
}
const zhWords = zh.sys.login.signInDesc;
const enWords = enSys.login.signInDesc;

export const firstScreenScenarios = [
  scenario(
    'the login page draws translated in both locales, fetching only the current one; switching the language fetches the other',
    async ({ newPage, screenshot }) => {
      const page = await newPage();
      await page.addInitScript({ content: recordRawKeys });
      await page.addInitScript({ content: recordFirstFormBox });
      const holding = packsHolding(page);
      await page.goto('/login');
      const form = page.getByRole('form', { name: zh.sys.login.signInFormTitle });
      await form.getByRole('button', { name: zh.sys.login.loginButton, exact: true }).waitFor();
      await page.getByText(zhWords).waitFor();
      // The rest of the page comes with the render after the form's, and the form stays where it was.
      await page.getByRole('heading', { name: zh.sys.login.bannerTitle }).waitFor();
      await page.getByRole('button', { name: zh.sys.login.registerButton }).waitFor();
      const firstBox = await page.evaluate(() => (window as unknown as { __firstFormBox?: object }).__firstFormBox);
      const box = await form.boundingBox();
      check(
        !!firstBox && !!box && JSON.stringify(firstBox) === JSON.stringify({ x: box.x, y: box.y, width: box.width, height: box.height }),
        `the form does not move when the rest of the page draws: first ${JSON.stringify(firstBox)}, then ${JSON.stringify(box)}`,
      );
      await page.waitForLoadState('networkidle');
      check((await rawKeys(page)).length === 0, `no raw key ever shows on the Chinese login page, saw ${(await rawKeys(page)).join(', ')}`);
      check(holding(zhWords).length > 0, 'the Chinese pack was fetched');
      check(holding(enWords).length === 0, `the English pack is not fetched for the Chinese login page: ${holding(enWords).join(', ')}`);
      await screenshot(page, 'first-screen-login-zh');

      // The language button offers English; a click fetches the English pack and redraws in English.
      await page.getByRole('button', { name: `${zh.sys.login.language}: ${zh.sys.locale.en}` }).click();
      const enForm = page.getByRole('form', { name: enSys.login.signInFormTitle });
      await enForm.getByRole('button', { name: enSys.login.loginButton, exact: true }).waitFor();
      await page.getByText(enWords).waitFor();
      check(holding(enWords).length > 0, 'switching to English fetched the English pack');
      check((await rawKeys(page)).length === 0, `no raw key shows while the language switches, saw ${(await rawKeys(page)).join(', ')}`);
      check((await page.getAttribute('html', 'lang'))?.startsWith('en'), 'html lang follows the switch');

      // A fresh load now starts in English: its pack only, drawn translated.
      const again = await page.context().newPage();
      await again.addInitScript({ content: recordRawKeys });
      const againHolding = packsHolding(again);
      await again.goto('/login');
      await again
        .getByRole('form', { name: enSys.login.signInFormTitle })
        .getByRole('button', { name: enSys.login.loginButton, exact: true })
        .waitFor();
      await again.waitForLoadState('networkidle');
      check(
        (await rawKeys(again)).length === 0,
        `no raw key ever shows on the English login page, saw ${(await rawKeys(again)).join(', ')}`,
      );
      check(againHolding(enWords).length > 0, 'the English pack was fetched');
      check(
        againHolding(zhWords).length === 0,
        `the Chinese pack is not fetched for the English login page: ${againHolding(zhWords).join(', ')}`,
      );
      await screenshot(again, 'first-screen-login-en');
      await again.getByRole('button', { name: enSys.login.darkMode }).click();
      await again.waitForFunction(() => document.documentElement.classList.contains('dark'));
      await screenshot(again, 'first-screen-login-en-dark');
    },
  ),
  scenario(
    "the server sends /login drawn in the browser's locale and theme; the console takes it over unchanged, with what was typed and sent before",
    async ({ newPage, adminPassword, baseUrl, screenshot }) => {
      const page = await newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
      });
      // The console's code held back: the page shows what its HTML draws, and nothing answers yet.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/first-[^/]*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      const response = await page.goto('/login');
      check(response?.headers()['cache-control'] === 'no-cache', 'the login page is never taken from a cache');
      const form = page.getByRole('form', { name: zh.sys.login.signInFormTitle });
      await form.getByRole('button', { name: zh.sys.login.loginButton, exact: true }).waitFor();
      check(
        await page.evaluate(
          () => (window as unknown as { inkpressPrerendered?: { hydrated: boolean } }).inkpressPrerendered?.hydrated === false,
        ),
        'the form shows from the HTML, before the console runs',
      );
      await screenshot(page, 'first-screen-prerendered-zh');
      // Typed and sent before the console has taken the form over: nothing leaves the page...
      await signIn(page, 'admin', adminPassword);
      await page.waitForTimeout(300);
      check(new URL(page.url()).search === '', `the browser did not send the form itself (the password in the address): ${page.url()}`);
      // ...until it has: then it signs in with what was typed, once.
      release();
      await waitForOverview(page);
      check(errors.length === 0, `the console took the page over without a mismatch or error: ${errors.join(' | ')}`);

      // Another browser's locale and theme (the console's cookie): its login page comes drawn in them.
      const other = await newPage();
      await other.context().addCookies([{ name: FIRST_SCREEN_COOKIE, value: 'en.dark', url: baseUrl }]);
      await other.route(/\.js$/, (route) => route.abort());
      await other.goto('/login');
      const enForm = other.getByRole('form', { name: enSys.login.signInFormTitle });
      await enForm.getByRole('button', { name: enSys.login.loginButton, exact: true }).waitFor();
      check(await other.evaluate(() => document.documentElement.classList.contains('dark')), 'the English page comes dark');
      check((await other.getAttribute('html', 'lang')) === 'en', 'and in English');
      await screenshot(other, 'first-screen-prerendered-en-dark');
      // An invite link opens the register form: the page is drawn by the console (no prerendered form).
      const invite = await other.request.get('/login?invite=ABC');
      check(!(await invite.text()).includes('data-prerendered'), 'an invite link is not sent the prerendered sign-in form');
    },
  ),
];

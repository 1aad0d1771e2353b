import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { PASSWORD, loginToken, registerAccount, uniqueUsername } from '../api';
import { scenario } from '../harness';
import { atRest, check, signIn, waitForOverview } from '../pages';
import { zh } from '../texts';
import { menuPages, openFromAddressBar } from './addressBar';

/**
 * Usable with a screen reader and without a mouse: axe-core's WCAG 2.0 and 2.1 A and AA rules find
 * nothing on the login page and on every menu page, in the light theme and in the dark one.
 */

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_A_AA: RunOptions = { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } };
type Theme = 'light' | 'dark';

/** What axe finds on the page as it is drawn now, one line a rule: `rule: target (its HTML), …`. */
async function violations(page: Page): Promise<string[]> {
  await atRest(page);
  const results = await page.evaluate(
    (options) =>
      (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }).axe.run(document, options),
    WCAG_A_AA,
  );
  return results.violations.map(
    (rule) => `${rule.id}: ${rule.nodes.map((node) => `${node.target.join(' ')} (${node.html.slice(0, 120)})`).join(', ')}`,
  );
}

/** Switches the console to `theme` with the theme button (on the login page and in the header alike). */
async function useTheme(page: Page, theme: Theme) {
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  if (dark === (theme === 'dark')) return;
  await page.getByRole('button', { name: dark ? zh.layout.header.lightMode : zh.layout.header.darkMode }).click();
  await page.waitForFunction((wanted) => document.documentElement.classList.contains('dark') === wanted, theme === 'dark');
}

/** The violations of every page in `paths` opened from the address bar, as `theme path rule: targets`. */
async function violationsOpening(page: Page, paths: string[], theme: Theme): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await openFromAddressBar(page, path);
    found.push(...(await violations(page)).map((line) => `${theme} ${path} ${line}`));
  }
  return found;
}

export const accessibilityScenarios = [
  scenario(
    "axe-core's WCAG A and AA rules find nothing on the login page and on every menu page, an account owner's and the operator's, light and dark",
    async ({ newPage, baseUrl, adminPassword }) => {
      const owner = uniqueUsername('accessible');
      await registerAccount(baseUrl, owner);
      const found: string[] = [];
      let ownerPaths: string[] = [];
      for (const [username, password] of [
        [owner, PASSWORD],
        ['admin', adminPassword],
      ]) {
        const page = await newPage();
        // An init script: the server's Content-Security-Policy runs only its own scripts, and the
        // browser's own injection is not a page script it judges.
        await page.addInitScript({ content: axeSource });
        // The operator's menus hold the owner's; the owner's pages are read once, in the owner's account.
        const paths = (await menuPages(baseUrl, await loginToken(baseUrl, username, password))).filter(
          (path) => !ownerPaths.includes(path),
        );
        if (username === owner) ownerPaths = paths;
        await page.goto('/login');
        await page.getByRole('form', { name: zh.sys.login.signInFormTitle }).waitFor();
        if (username === owner) {
          found.push(...(await violations(page)).map((line) => `light /login ${line}`));
          await useTheme(page, 'dark');
          found.push(...(await violations(page)).map((line) => `dark /login ${line}`));
          await useTheme(page, 'light');
        }
        await signIn(page, username, password);
        await waitForOverview(page);
        found.push(...(await violationsOpening(page, paths, 'light')));
        await useTheme(page, 'dark');
        found.push(...(await violationsOpening(page, paths, 'dark')));
      }
      check(ownerPaths.length >= 10, `the owner's menu pages are read (${ownerPaths.join(' ')})`);
      check(found.length === 0, `axe finds nothing:\n${found.join('\n')}`);
    },
  ),
];

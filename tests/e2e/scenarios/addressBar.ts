import type { Page } from 'playwright-core';
import { ApiPath, ConsolePath } from '../../../contract/paths';
import type { MenuItem } from '../../../contract/schemas/menu';
import { PASSWORD, call, loginToken, registerAccount, uniqueUsername } from '../api';
import { scenario } from '../harness';
import { check, signIn, toEnglishDark, waitForOverview } from '../pages';
import { englishWordsIn, rawKeysIn, readableTexts } from '../texts';

/**
 * Every menu page reads right however it is opened: typed into the address bar (or reloaded, or
 * from a bookmark) while signed in, it is drawn by a start with a stored session, before the menus
 * are known. The dashboard showed its keys (`dashboard.analysis.points` …) that way, and kept them.
 */

/** The addresses of the menus `token`'s user sees in the sidebar, with the pages reached from the header and the settings page. */
export async function menuPages(baseUrl: string, token: string): Promise<string[]> {
  const { list } = await call<{ list: MenuItem[] }>(baseUrl, 'GET', ApiPath.menuList, undefined, token);
  const shown = (items: MenuItem[]): string[] =>
    items.flatMap((item) => [
      ...(item.is_show !== 0 && item.component !== 'LAYOUT' && !item.url.includes(':') ? [item.url] : []),
      ...shown(item.children ?? []),
    ]);
  return [...shown(list), ConsolePath.noticeIndex, ConsolePath.workorderMine, ConsolePath.setting];
}

/** Opens `path` as a new page load and waits until it is drawn: its page in the main region, its data loaded. */
export async function openFromAddressBar(page: Page, path: string) {
  await page.goto(path);
  await page.locator('main').waitFor();
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    return Boolean(main?.textContent?.trim()) && !main?.querySelector('[role="status"]');
  });
}

/**
 * What is wrong on every page in `paths`, opened from the address bar, as `page: word, word`: its
 * raw keys and, when `english` says so, its English words (outside what the test entered).
 */
async function misreadOpening(page: Page, paths: string[], english?: { userData: string[] }): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await openFromAddressBar(page, path);
    const text = await page.evaluate(readableTexts);
    const wrong = [...rawKeysIn(text), ...(english ? englishWordsIn(text, english.userData) : [])];
    if (wrong.length > 0) found.push(`${path}: ${wrong.join(', ')}`);
  }
  return found;
}

/**
 * Signs `username` in through the form, then reads its menu pages from the address bar in Chinese,
 * then in English and dark. With `english`, the Chinese pages must hold no English word either:
 * for an account whose data is the test's own (the operator's pages show every account's data,
 * which other scenarios write in any language).
 */
async function readsEveryPage(
  page: Page,
  baseUrl: string,
  { username, password, english }: { username: string; password: string; english: boolean },
  shot: (name: string) => Promise<void>,
) {
  const paths = await menuPages(baseUrl, await loginToken(baseUrl, username, password));
  await page.goto('/login');
  await signIn(page, username, password);
  await waitForOverview(page);

  const zhWrong = await misreadOpening(page, paths, english ? { userData: [username] } : undefined);
  await openFromAddressBar(page, '/dashboard/analysis');
  await shot('zh');
  check(zhWrong.length === 0, `${username}: no raw key${english ? ' and no English word' : ''} in Chinese:\n${zhWrong.join('\n')}`);

  await toEnglishDark(page);
  const enKeys = await misreadOpening(page, paths);
  await openFromAddressBar(page, '/dashboard/analysis');
  await shot('en-dark');
  check(enKeys.length === 0, `${username}: no raw key in English:\n${enKeys.join('\n')}`);
  return paths;
}

export const addressBarScenarios = [
  scenario(
    "every menu page opened from the address bar while signed in reads in words, in Chinese and in English, never a raw key (and, for an account owner, no English left in Chinese): an account owner's and the operator's",
    async ({ newPage, baseUrl, adminPassword, screenshot }) => {
      const owner = uniqueUsername('address_bar');
      await registerAccount(baseUrl, owner);
      const ownerPage = await newPage();
      const ownerPaths = await readsEveryPage(ownerPage, baseUrl, { username: owner, password: PASSWORD, english: true }, (name) =>
        screenshot(ownerPage, `address-bar-owner-${name}`),
      );
      check(ownerPaths.length >= 10, `the owner's menu pages are listed (${ownerPaths.join(' ')})`);

      const adminPage = await newPage();
      const adminPaths = await readsEveryPage(adminPage, baseUrl, { username: 'admin', password: adminPassword, english: false }, (name) =>
        screenshot(adminPage, `address-bar-admin-${name}`),
      );
      check(adminPaths.length > ownerPaths.length, `the operator's menu pages are listed (${adminPaths.join(' ')})`);
    },
  ),
];

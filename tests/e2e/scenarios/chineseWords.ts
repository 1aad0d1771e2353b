import type { Locator, Page } from 'playwright-core';
import { ConsolePath } from '../../../contract/paths';
import accessKey from '../../../src/i18n/locales/zh_CN/accessKey.json';
import article from '../../../src/i18n/locales/zh_CN/article.json';
import generation from '../../../src/i18n/locales/zh_CN/generation.json';
import notice from '../../../src/i18n/locales/zh_CN/notice.json';
import prompt from '../../../src/i18n/locales/zh_CN/prompt.json';
import site from '../../../src/i18n/locales/zh_CN/site.json';
import systems from '../../../src/i18n/locales/zh_CN/systems.json';
import publishing from '../../../src/i18n/locales/zh_CN/publishing.json';
import { label } from '../../../server/i18n/messages';
import { fillPath } from '../../../src/shared/routePattern';
import { PASSWORD, loginToken, registerAccount, uniqueUsername } from '../api';
import { scenario } from '../harness';
import { check, settled, signIn, waitForOverview } from '../pages';
import { englishWordsIn, rawKeysIn, readableTexts, serverZh, zh } from '../texts';
import { menuPages, openFromAddressBar } from './addressBar';

/**
 * The Chinese console beyond its pages' first view: every dialog and drawer a person opens, every
 * tab of a page, and the operator's pages, hold no English word (outside what the test entered)
 * and no raw key. The operator's part runs on a server of its own: the shared one holds every
 * scenario's data, written in any language.
 */

/** A button in the header or a page's toolbar, and what it opens: a dialog, or a menu. */
interface Opener {
  page: string;
  button: string;
  opens?: 'dialog' | 'menu';
}

/** The owner's dialogs, drawers and menus: the header's, the dashboard's, and each page's toolbar. */
const OWNER_OPENERS: Opener[] = [
  { page: '/dashboard/analysis', button: zh.dashboard.analysis.topUp },
  { page: '/dashboard/analysis', button: zh.dashboard.analysis.editProfile },
  { page: '/dashboard/analysis', button: zh.layout.settings.title },
  { page: '/dashboard/analysis', button: zh.layout.header.userMenu, opens: 'menu' },
  { page: '/dashboard/analysis', button: zh.layout.header.language, opens: 'menu' },
  { page: '/article', button: publishing.export.button },
  { page: '/article', button: publishing.actions.publish },
  { page: '/article', button: article.import.button },
  { page: '/article', button: article.add },
  { page: '/article_task', button: generation.add },
  { page: '/task', button: publishing.generate.button },
  { page: '/task', button: publishing.add },
  { page: '/site', button: site.add },
  { page: '/prompt', button: prompt.add },
  { page: '/accesskey', button: accessKey.add },
];

/** The operator's own dialogs and drawers. */
const OPERATOR_OPENERS: Opener[] = [
  { page: '/systems/admin/subaccount', button: systems.sub.add },
  { page: '/systems/sub/accounts/role', button: systems.role.add },
  // Not the menu form: its fields are the menu's codes (name, component, title key), shown as typed.
  { page: ConsolePath.noticeAdmin, button: notice.manage.add },
];

/** What is wrong in what the page shows now: its raw keys and its English words. */
async function misread(page: Page, userData: string[]): Promise<string[]> {
  const text = await page.evaluate(readableTexts);
  return [...rawKeysIn(text), ...englishWordsIn(text, userData)];
}

/** Waits until nothing in `region` is still loading. */
async function loaded(region: Locator) {
  await region.locator('[role="status"], [aria-busy="true"]').first().waitFor({ state: 'detached' });
}

/** Each of `paths` opened, and each of its tabs chosen: what is wrong, as `page (tab): words`. */
async function misreadPagesAndTabs(page: Page, paths: string[], userData: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await openFromAddressBar(page, path);
    const wrong = await misread(page, userData);
    if (wrong.length > 0) found.push(`${path}: ${wrong.join(', ')}`);
    const tabs = page.getByRole('main').getByRole('tab');
    for (let i = 0; i < (await tabs.count()); i++) {
      const tab = tabs.nth(i);
      if ((await tab.getAttribute('aria-selected')) === 'true') continue;
      const name = (await tab.textContent()) ?? '';
      await tab.click();
      await page.getByRole('main').getByRole('tab', { name, selected: true }).waitFor();
      await loaded(page.getByRole('main'));
      const inTab = await misread(page, userData);
      if (inTab.length > 0) found.push(`${path} (${name}): ${inTab.join(', ')}`);
    }
  }
  return found;
}

/** Each opener's dialog or menu, opened, read and closed again: what is wrong, as `page › button: words`. */
async function misreadOpened(page: Page, openers: Opener[], userData: string[], shot: (name: string) => Promise<void>) {
  const found: string[] = [];
  for (const [index, { page: path, button, opens = 'dialog' }] of openers.entries()) {
    if (new URL(page.url()).pathname !== path) await openFromAddressBar(page, path);
    await page.getByRole('button', { name: button }).first().click();
    const opened = page.getByRole(opens).last();
    await settled(opened);
    await loaded(opened);
    await shot(`${index + 1}${path.replace(/\W+/g, '-')}`);
    const wrong = await misread(page, userData);
    if (wrong.length > 0) found.push(`${path} › ${button}: ${wrong.join(', ')}`);
    await page.keyboard.press('Escape');
    await page.getByRole(opens).first().waitFor({ state: 'hidden' });
  }
  return found;
}

export const chineseWordsScenarios = [
  scenario(
    "no English word in the Chinese console: an owner's dialogs, drawers, menus and tabs, and the operator's pages and dialogs",
    async ({ newPage, baseUrl, adminPassword, startOwnServer, screenshot }) => {
      const owner = uniqueUsername('chinese_words');
      await registerAccount(baseUrl, owner);
      const ownerPage = await newPage();
      await ownerPage.goto('/login');
      await signIn(ownerPage, owner, PASSWORD);
      await waitForOverview(ownerPage);
      const ownerPaths = await menuPages(baseUrl, await loginToken(baseUrl, owner, PASSWORD));
      // The sessions tab shows each sign-in's device as it named itself: this browser, and the
      // test's own calls (Node's fetch says "node").
      const devices = [await ownerPage.evaluate(() => navigator.userAgent), 'node'];
      const ownerData = [owner, ...devices];
      const ownerWrong = [
        ...(await misreadPagesAndTabs(ownerPage, ownerPaths, ownerData)),
        ...(await misreadOpened(ownerPage, OWNER_OPENERS, ownerData, (name) => screenshot(ownerPage, `chinese-words-owner-${name}`))),
      ];

      const own = await startOwnServer();
      const adminPage = await newPage({ baseUrl: own });
      await adminPage.goto('/login');
      await signIn(adminPage, 'admin', adminPassword);
      await waitForOverview(adminPage);
      const adminPaths = await menuPages(own, await loginToken(own, 'admin', adminPassword));
      const adminWrong = [
        ...(await misreadPagesAndTabs(adminPage, adminPaths, ['admin', ...devices])),
        ...(await misreadOpened(adminPage, OPERATOR_OPENERS, ['admin', ...devices], (name) =>
          screenshot(adminPage, `chinese-words-operator-${name}`),
        )),
      ];
      // Both read to the end before the check: one run names everything left.
      check(
        ownerWrong.length + adminWrong.length === 0,
        `no English in Chinese, for the owner:\n${ownerWrong.join('\n')}\nand for the operator:\n${adminWrong.join('\n')}`,
      );
    },
  ),
  scenario(
    'the first-hour refusals read in Chinese: a wrong password, an unknown prompt variable, a bad IP allow-list, an unknown article',
    async ({ newPage, baseUrl }) => {
      const owner = uniqueUsername('chinese_refusals');
      await registerAccount(baseUrl, owner);
      const page = await newPage();
      const found: string[] = [];
      // Each refusal shown, then the whole page read: no English word, no raw key beside it.
      const typed = 'Write about';
      const read = async (what: string, shown: Locator) => {
        await shown.waitFor();
        const wrong = await misread(page, [owner, typed]);
        if (wrong.length > 0) found.push(`${what}: ${wrong.join(', ')}`);
      };

      await page.goto('/login');
      await signIn(page, owner, 'not-the-password');
      const login = page.getByRole('form', { name: zh.sys.login.signInFormTitle });
      await read('a wrong password', login.getByRole('alert').getByText(serverZh('auth.wrongCredentials')));
      await signIn(page, owner, PASSWORD);
      await waitForOverview(page);

      await openFromAddressBar(page, ConsolePath.prompt);
      await page.getByRole('button', { name: prompt.add }).first().click();
      const promptForm = page.getByRole('dialog');
      await promptForm.getByLabel(prompt.fields.name, { exact: true }).fill('Mine');
      await promptForm.getByLabel(prompt.fields.content, { exact: true }).fill(`${typed} {foo}`);
      await promptForm.getByRole('button', { name: zh.common.okText, exact: true }).click();
      // What follows the unknown variable lists the known ones.
      const unknown = serverZh('prompt.unknownVariable', { field: label('content', 'prompt'), unknown: '{foo}', known: '' }).split('；')[0];
      await read('an unknown prompt variable', promptForm.getByText(unknown));
      await page.keyboard.press('Escape');
      await promptForm.waitFor({ state: 'hidden' });

      await openFromAddressBar(page, ConsolePath.accessKey);
      await page.getByRole('button', { name: accessKey.add }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(accessKey.fields.name, { exact: true }).fill('ci');
      await dialog.getByLabel(accessKey.fields.ips, { exact: true }).fill('not-an-ip');
      await dialog.getByRole('button', { name: accessKey.form.create }).click();
      const badIp = serverZh('accessKey.badIp', { field: label('allowed_ips'), entry: 'not-an-ip' });
      await read('a bad IP allow-list', dialog.getByText(badIp));
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      await openFromAddressBar(page, fillPath(ConsolePath.articleDetail, { id: 999999 }));
      await read('an unknown article', page.getByText(article.detail.notFound));
      check(found.length === 0, `the refusals in Chinese only:\n${found.join('\n')}`);
    },
  ),
];

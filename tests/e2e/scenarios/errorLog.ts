import type { Page } from 'playwright-core';
import zhErrorLog from '../../../src/i18n/locales/zh_CN/errorLog.json';
import enErrorLog from '../../../src/i18n/locales/en/errorLog.json';
import { ApiPath } from '../../../contract/paths';
import { scenario } from '../harness';
import { PASSWORD, registerAccount, uniqueUsername } from '../api';
import { check, settled, signIn, waitForOverview } from '../pages';
import { en, fill, zh } from '../texts';

async function signedIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await signIn(page, username, password);
  await waitForOverview(page);
}

/** The table row that shows `text`. */
const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

export const errorLogScenarios = [
  scenario(
    'error log: a script error shows at once, is listed from the server with its details, and the admin finds it under all accounts',
    async ({ newPage, baseUrl, adminPassword, screenshot }) => {
      const username = uniqueUsername('elog');
      await registerAccount(baseUrl, username);
      const page = await newPage();
      await signedIn(page, username, PASSWORD);
      // An error met on another page: the header's error-log button counts it, and leads to the log.
      await page.evaluate(() => {
        setTimeout(() => {
          throw new Error('overview widget failed');
        });
      });
      const unseen = page.getByRole('button', { name: fill(zh.layout.header.errorLogUnseen, { count: 1 }) });
      await unseen.waitFor();
      await screenshot(page, 'error-log-header-badge-zh-light');
      await unseen.click();
      await page.waitForURL('**/error-log/list');
      await page.getByRole('button', { name: zh.layout.header.errorLog, exact: true }).waitFor();
      await rowWith(page, 'overview widget failed').waitFor();
      await page.getByRole('button', { name: zh.layout.header.errorLog, exact: true }).waitFor();
      const table = page.getByRole('table', { name: zh.routes.basic.errorLogList });
      check(!(await page.getByText(zhErrorLog.allAccounts).isVisible()), 'a plain account has no "all accounts" switch');

      const message = `chart data is missing ${Date.now().toString(36)}`;
      // The upload is held until the row has been seen unsent: on a loaded machine the quiet time
      // can be over before the page is looked at, and the row would never read "not sent yet".
      let release = () => {};
      const uploadHeld = new Promise<void>((resolve) => (release = resolve));
      const uploads = `**${ApiPath.errorLogAdd}*`;
      await page.route(uploads, async (route) => {
        await uploadHeld;
        await route.continue();
      });
      await page.evaluate((text) => {
        setTimeout(() => {
          throw new Error(text);
        });
      }, message);
      // At once, from this browser, before the upload's quiet time is over.
      const row = rowWith(page, message);
      await row.getByText(zhErrorLog.notSent).waitFor();
      await screenshot(page, 'error-log-not-sent-zh-light');
      release();
      // Sent, and listed again from the server.
      await row.getByText(zhErrorLog.notSent).waitFor({ state: 'detached' });
      await row.getByText(zhErrorLog.type.script).waitFor();
      check((await table.getByRole('row').count()) === 3, 'two entries under the header row');
      check(
        await page.getByRole('button', { name: zh.layout.header.errorLog, exact: true }).isVisible(),
        'an error met while the log is on screen counts as seen',
      );

      await row.getByRole('button', { name: zhErrorLog.view }).click();
      const dialog = page.getByRole('dialog', { name: zhErrorLog.detail });
      await dialog.waitFor();
      await dialog.getByText(`Uncaught Error: ${message}`).waitFor();
      check((await dialog.locator('pre').innerText()).includes(`Error: ${message}`), 'the details show the stack');
      await settled(dialog);
      await screenshot(page, 'error-log-detail-zh-light');
      await dialog.getByRole('button', { name: zh.common.closeText, exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await screenshot(page, 'error-log-list-zh-light');

      // The administrator, in English and dark, finds it among everyone's.
      const admin = await newPage();
      await signedIn(admin, 'admin', adminPassword);
      await admin.getByRole('button', { name: zh.layout.header.language }).click();
      await admin.getByRole('menuitemradio', { name: 'English' }).click();
      await admin.getByRole('button', { name: en.layout.header.darkMode }).click();
      await admin.waitForFunction(() => document.documentElement.classList.contains('dark'));
      await admin.goto('/error-log/list');
      const adminTable = admin.getByRole('table', { name: en.routes.basic.errorLogList });
      await adminTable.waitFor();
      check((await admin.getByText(message).count()) === 0, "the admin's own list does not hold the user's entry");

      await admin.getByText(enErrorLog.allAccounts, { exact: true }).click();
      await adminTable.getByRole('columnheader', { name: enErrorLog.fields.account }).waitFor();
      const search = admin.getByRole('searchbox', { name: enErrorLog.search });
      await search.fill(message);
      await search.press('Enter');
      const found = rowWith(admin, message);
      await found.getByText(username, { exact: true }).waitFor();
      await screenshot(admin, 'error-log-all-accounts-en-dark');

      await found.getByRole('button', { name: enErrorLog.view }).click();
      const details = admin.getByRole('dialog', { name: enErrorLog.detail });
      await details.getByText(enErrorLog.fields.account, { exact: true }).waitFor();
      await details.getByText(username, { exact: true }).waitFor();
      await settled(details);
      await screenshot(admin, 'error-log-detail-en-dark');
    },
  ),
];

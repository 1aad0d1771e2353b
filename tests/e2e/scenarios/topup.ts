import type { Page } from 'playwright-core';
import { scenario } from '../harness';
import { PASSWORD, addSite, call, loginToken, registerAccount, uniqueUsername } from '../api';
import { atRest, check, signIn, waitForOverview } from '../pages';
import { en, serverZh, zh } from '../texts';
import site from '../../../src/i18n/locales/zh_CN/site.json';
import generation from '../../../src/i18n/locales/zh_CN/generation.json';
import account from '../../../src/i18n/locales/zh_CN/account.json';
import enDashboard from '../../../src/i18n/locales/en/dashboard.json';
import zhDashboard from '../../../src/i18n/locales/zh_CN/dashboard.json';

/** The dashboard as a user sees it: its top, then scrolled down to its charts. */
async function shootDashboard(page: Page, screenshot: (page: Page, name: string) => Promise<void>, name: string) {
  await atRest(page);
  await screenshot(page, name);
  await page.getByTestId('chart-visits').scrollIntoViewIfNeeded();
  await atRest(page);
  await screenshot(page, `${name}-charts`);
  await page.getByTestId('points-balance').scrollIntoViewIfNeeded();
}

/** The codes of a batch, read from its CSV export as the operator would download it. */
async function codesOf(baseUrl: string, adminToken: string, batchId: number): Promise<string[]> {
  const response = await fetch(`${baseUrl}/api/v1/topup/code/export?batch_id=${batchId}`, {
    headers: { authorization: `Bearer ${adminToken}`, 'x-forwarded-for': '10.3.0.1' },
  });
  check(response.headers.get('content-disposition')?.includes(`recharge_codes_${batchId}.csv`), 'the export is named after its batch');
  const lines = (await response.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  return lines.slice(1).map((line) => line.split(',')[0]);
}

export const topupScenarios = [
  scenario(
    'top-up: out of points, the 100146 dialog leads to the recharge modal, a code is redeemed and generation goes on; the dashboard with data',
    async ({ newPage, baseUrl, adminPassword, screenshot }) => {
      const username = uniqueUsername('topup');
      await registerAccount(baseUrl, username);
      const token = await loginToken(baseUrl, username, PASSWORD);
      const admin = await loginToken(baseUrl, 'admin', adminPassword);
      const me = await call<{ userId: number; points: number }>(baseUrl, 'GET', '/api/v1/user/get_user_details', undefined, token);
      // The operator takes the welcome points away, so the account has run out.
      await call(
        baseUrl,
        'POST',
        '/api/v1/account/points/grant',
        { account_id: me.userId, delta: -me.points, reason: 'e2e: run out' },
        admin,
      );
      const siteRow = await addSite(baseUrl, token, { name: 'Topup Garden', url: 'https://topup.example', type: 'export' });
      await call(
        baseUrl,
        'POST',
        '/api/v1/site/keyword/add',
        { site_id: siteRow.id, keywords: 'topup one\ntopup two\ntopup three' },
        token,
      );
      const batch = await call<{ id: number }>(
        baseUrl,
        'POST',
        '/api/v1/topup/code/generate',
        { points: 500, count: 2, expires_on: `${new Date().getFullYear() + 1}-12-31`, note: 'e2e' },
        admin,
      );
      const [code] = await codesOf(baseUrl, admin, batch.id);

      const page = await newPage();
      await page.goto('/login');
      await signIn(page, username, PASSWORD);
      await waitForOverview(page);

      // Starting a task with no points: the "not enough points" dialog offers the top-up.
      await page.goto('/site');
      await page.getByRole('button', { name: site.actions.generate }).click();
      const taskForm = page.getByRole('form', { name: generation.form.title });
      await taskForm.getByLabel(generation.fields.count, { exact: true }).fill('2');
      await taskForm.getByRole('button', { name: generation.form.start }).click();
      const refusal = page.getByRole('alertdialog', { name: zh.sys.api.operationFailed });
      await refusal.waitFor();
      await screenshot(page, 'topup-not-enough-points');
      await refusal.getByRole('button', { name: zh.layout.notification.goToTopUp }).click();

      // The recharge modal on /account: a wrong code is refused inline, the right one credited.
      await page.waitForURL('**/account?recharge=1');
      const modal = page.getByRole('dialog', { name: account.recharge.title });
      await modal.waitFor();
      await modal.getByLabel(account.recharge.code, { exact: true }).fill('AAAA-BBBB-CCCC-DDDD');
      await modal.getByRole('button', { name: account.recharge.redeemButton }).click();
      await modal.getByText(serverZh('topup.codeUnknown')).waitFor();
      await modal.getByLabel(account.recharge.code, { exact: true }).fill(code.toLowerCase());
      await screenshot(page, 'topup-recharge-modal');
      await modal.getByRole('button', { name: account.recharge.redeemButton }).click();
      await modal.waitFor({ state: 'hidden' });
      await page.waitForFunction(() => document.querySelector('[data-testid="account-balance"]')?.textContent === '500');
      check(!page.url().includes('recharge=1'), 'the address drops ?recharge=1 once the modal closes');
      await page.getByRole('tab', { name: account.orders.title }).click();
      await page.getByRole('cell', { name: code }).waitFor();
      await screenshot(page, 'topup-account-topups');

      // The package tab shows the seeded packages; ordering one shows the transfer to make.
      await page.getByRole('button', { name: account.topUp }).first().click();
      await modal.getByRole('tab', { name: account.recharge.buy }).click();
      await modal.getByRole('radio', { name: new RegExp(zh.common.packages.Standard) }).click();
      await screenshot(page, 'topup-packages');
      await modal.getByRole('button', { name: account.recharge.pay }).click();
      await modal.getByTestId('order-waiting').waitFor();
      await modal.getByRole('button', { name: zh.common.closeText, exact: true }).click();

      // Generation goes on.
      await page.goto('/site');
      await page.getByRole('button', { name: site.actions.generate }).click();
      await taskForm.getByLabel(generation.fields.count, { exact: true }).fill('2');
      await taskForm.getByRole('button', { name: generation.form.start }).click();
      await page.waitForURL('**/article_task');
      await page.locator('[data-status="completed"]').first().waitFor({ timeout: 90_000 });

      // The dashboard with those figures, in both themes and both languages.
      await page.goto('/dashboard/analysis');
      await page.getByTestId('chart-content').locator('canvas').waitFor();
      await page.getByTestId('chart-spend').locator('canvas').waitFor();
      check((await page.getByTestId('growth-generated').textContent()) === '2', 'the growth card counts the 2 articles');
      check((await page.getByTestId('growth-topups').textContent()) === '500', 'the growth card counts the 500 points topped up');
      await shootDashboard(page, screenshot, 'dashboard-zh');
      await page.getByRole('button', { name: zh.layout.header.darkMode }).click();
      await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
      await shootDashboard(page, screenshot, 'dashboard-zh-dark');
      await page.getByRole('button', { name: zh.layout.header.language }).click();
      await page.getByRole('menuitemradio', { name: 'English' }).click();
      await page.getByRole('heading', { name: enDashboard.analysis.charts.content }).waitFor();
      await shootDashboard(page, screenshot, 'dashboard-en-dark');
      await page.getByRole('button', { name: en.layout.header.lightMode }).click();
      await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
      await shootDashboard(page, screenshot, 'dashboard-en');
    },
  ),

  scenario('top-up: a new account’s dashboard shows each chart’s empty state', async ({ newPage, baseUrl, screenshot }) => {
    const username = uniqueUsername('empty');
    await registerAccount(baseUrl, username);
    const page = await newPage();
    await page.goto('/login');
    await signIn(page, username, PASSWORD);
    await waitForOverview(page);
    await page.getByTestId('chart-content').waitFor();
    // Each chart without data says so, and how it fills; the growth cards read 0.
    const empties = page.locator('[data-empty="true"]');
    check(
      (await empties.count()) === 5,
      `the five charts without data (all but points: the welcome grant; and visits: this sign-in) show their empty state, got ${await empties.count()}`,
    );
    check((await page.getByTestId('growth-generated').textContent()) === '0', 'no articles generated yet');
    await page.getByTestId('chart-content').getByText(zhDashboard.analysis.emptyHints.content).waitFor();
    await shootDashboard(page, screenshot, 'dashboard-empty');
    await page.getByRole('button', { name: zh.layout.header.darkMode }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await shootDashboard(page, screenshot, 'dashboard-empty-dark');
    await page.getByRole('button', { name: zh.layout.header.language }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page.getByTestId('chart-content').getByText(enDashboard.analysis.emptyHints.content).waitFor();
    await page.getByTestId('chart-spend').getByText(enDashboard.analysis.emptyHints.spend).waitFor();
    await shootDashboard(page, screenshot, 'dashboard-empty-en-dark');
    await page.getByRole('button', { name: en.layout.header.lightMode }).click();
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
    await shootDashboard(page, screenshot, 'dashboard-empty-en');
  }),
];

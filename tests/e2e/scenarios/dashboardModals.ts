import { scenario } from '../harness';
import { atRest, check, settled, signedIn } from '../pages';
import { zh } from '../texts';
import account from '../../../src/i18n/locales/zh_CN/account.json';

/**
 * The dashboard's top-up and account modals open on the dashboard (with the six avatar
 * illustrations to choose from), the settings page draws the drawer's controls, and the fixed
 * layout mode keeps the page at its fixed width: each shot in Chinese.
 */
export const dashboardModalScenarios = [
  scenario(
    'dashboard modals in place, avatar illustrations, the settings page and the fixed layout mode',
    async ({ newPage, baseUrl, screenshot }) => {
      const page = await signedIn(newPage, baseUrl, 'modals');
      await page.getByRole('button', { name: zh.dashboard.analysis.topUp, exact: true }).click();
      const recharge = page.getByRole('dialog', { name: account.recharge.title });
      await settled(recharge);
      check(new URL(page.url()).pathname === '/dashboard/analysis', 'the top-up dialog opens on the dashboard');
      await screenshot(page, 'dashboard-recharge-dialog');
      await page.keyboard.press('Escape');
      await recharge.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: zh.dashboard.analysis.editProfile }).click();
      const profile = page.getByRole('dialog', { name: account.profile.title });
      await settled(profile);
      await profile.getByRole('radio').first().waitFor();
      check((await profile.getByRole('radio').count()) === 6, 'the account modal offers six illustrations');
      await screenshot(page, 'dashboard-account-dialog');
      await page.keyboard.press('Escape');
      await profile.waitFor({ state: 'hidden' });
      check(new URL(page.url()).pathname === '/dashboard/analysis', 'closed, the dashboard is as it was');

      await page.goto('/setting/index');
      await page.getByRole('heading', { name: zh.routes.basic.setting }).waitFor();
      await atRest(page);
      await screenshot(page, 'setting-page');
      // A wide window, where full and fixed differ.
      await page.setViewportSize({ width: 1920, height: 1080 });
      const contentWidth = () => page.getByTestId('page-content').evaluate((element) => element.getBoundingClientRect().width);
      const full = await contentWidth();
      await page.getByRole('main').getByLabel(zh.layout.settings.contentMode, { exact: true }).selectOption('fixed');
      const fixed = await contentWidth();
      check(full > 1200 && fixed === 1200, `the fixed layout mode keeps the page at 1200 px (full ${full}, fixed ${fixed})`);
      await page.goto('/dashboard/analysis');
      await page.getByTestId('points-balance').waitFor();
      await atRest(page);
      await screenshot(page, 'dashboard-fixed-layout');
    },
  ),
];

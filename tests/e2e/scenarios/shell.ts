import type { Page } from 'playwright-core';
import { scenario } from '../harness';
import { PASSWORD } from '../api';
import { atRest, check, checkNoOverlap, inSettings, openFromSidebar, signedIn } from '../pages';
import { en, zh } from '../texts';

type Layout = 'sidebar' | 'mix-sidebar' | 'mix' | 'top-menu';

async function tabTitles(page: Page): Promise<string[]> {
  return (await page.getByRole('tablist').getByRole('tab').allInnerTexts()).map((text) => text.trim());
}

export const shellScenarios = [
  scenario(
    'tabs: open five pages, close others, reorder by dragging, and a reload keeps them',
    async ({ newPage, baseUrl, screenshot }) => {
      const page = await signedIn(newPage, baseUrl, 'tabs');
      await inSettings(page, zh.layout.settings.title, async (drawer) => {
        await drawer.getByText(zh.layout.settings.tabs, { exact: true }).click();
        await drawer.getByText(zh.layout.settings.tabsCache, { exact: true }).click();
      });
      await page.getByRole('tab', { name: zh.routes.dashboard.analysis }).waitFor();

      await openFromSidebar(page, zh.routes.site.manage, zh.routes.site.list);
      await openFromSidebar(page, zh.routes.site.manage, zh.routes.site.task);
      await openFromSidebar(page, zh.routes.article.manage, zh.routes.article.list);
      await openFromSidebar(page, zh.routes.article.manage, zh.routes.article.task);
      await openFromSidebar(page, zh.routes.article.manage, zh.routes.article.prompt);
      check((await tabTitles(page)).length === 6, `six tabs open: ${await tabTitles(page)}`);
      await screenshot(page, 'tabs-six');

      await page.getByRole('tab', { name: zh.routes.article.list }).click({ button: 'right' });
      await page.getByRole('menuitem', { name: zh.layout.tabs.closeOthers }).click();
      await page.waitForFunction(() => document.querySelectorAll('[role="tab"]').length === 1);
      await page.waitForURL('**/article');
      await openFromSidebar(page, zh.routes.site.manage, zh.routes.site.list);
      await openFromSidebar(page, zh.routes.article.manage, zh.routes.article.prompt);
      check(
        JSON.stringify(await tabTitles(page)) === JSON.stringify([zh.routes.article.list, zh.routes.site.list, zh.routes.article.prompt]),
        `three tabs: ${await tabTitles(page)}`,
      );

      await page.getByRole('tab', { name: zh.routes.article.prompt }).dragTo(page.getByRole('tab', { name: zh.routes.article.list }));
      const reordered = [zh.routes.article.prompt, zh.routes.article.list, zh.routes.site.list];
      await page.waitForFunction(
        (titles) =>
          [...document.querySelectorAll('[role="tab"]')].map((tab) => (tab as HTMLElement).innerText.trim()).join('|') === titles.join('|'),
        reordered,
      );

      await page.reload();
      await page.getByRole('tab', { name: zh.routes.site.list }).waitFor();
      check(
        JSON.stringify(await tabTitles(page)) === JSON.stringify(reordered),
        `the tabs survive a reload in their order: ${await tabTitles(page)}`,
      );
      await screenshot(page, 'tabs-after-reload');
    },
  ),

  scenario(
    'lock screen: survives a reload, the server refuses calls while locked, the password unlocks',
    async ({ newPage, baseUrl, screenshot }) => {
      const page = await signedIn(newPage, baseUrl, 'lock');
      let authorization = '';
      page.on('request', (request) => {
        const header = request.headers().authorization;
        if (header) authorization = header;
      });
      await page.getByRole('button', { name: zh.layout.lock.lockScreen }).click();
      const lockScreen = page.getByTestId('lock-screen');
      await lockScreen.waitFor();
      await page.reload();
      await lockScreen.waitFor();
      check(
        await page
          .getByRole('button', { name: zh.layout.header.userMenu })
          .isHidden()
          .catch(() => true),
        'nothing of the shell is reachable while locked',
      );
      await screenshot(page, 'lock-screen');

      check(authorization.startsWith('Bearer '), 'the console sent its token');
      const refused = await page.evaluate(async (header) => {
        const response = await fetch('/api/v1/site/list?page=1&page_size=10', { headers: { authorization: header } });
        return { status: response.status, body: (await response.json()) as { code: number } };
      }, authorization);
      check(refused.status === 403 && refused.body.code === 100150, `an API call while locked is refused: ${JSON.stringify(refused)}`);

      await lockScreen.getByLabel(zh.layout.lock.password, { exact: true }).fill('wrong-passw0rd');
      await lockScreen.getByRole('button', { name: zh.layout.lock.unlock }).click();
      await lockScreen.getByRole('alert').waitFor();
      await lockScreen.getByLabel(zh.layout.lock.password, { exact: true }).fill(PASSWORD);
      await lockScreen.getByRole('button', { name: zh.layout.lock.unlock }).click();
      await lockScreen.waitFor({ state: 'detached' });
      await page.getByTestId('points-balance').waitFor();
      const allowed = await page.evaluate(
        async (header) => (await fetch('/api/v1/site/list?page=1&page_size=10', { headers: { authorization: header } })).status,
        authorization,
      );
      check(allowed === 200, `calls pass again after unlocking (${allowed})`);
    },
  ),

  scenario('menu search by keyboard: Ctrl+K, type, arrows, Enter opens the page', async ({ newPage, baseUrl, screenshot }) => {
    const page = await signedIn(newPage, baseUrl, 'search');
    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox', { name: zh.layout.search.placeholder });
    await input.waitFor();
    await input.pressSequentially('文章');
    const options = page.getByRole('listbox').getByRole('option');
    await options.first().waitFor();
    await screenshot(page, 'menu-search');
    const count = await options.count();
    check(count >= 2, `several pages match: ${count}`);
    await page.keyboard.press('ArrowDown');
    const second = (await options.nth(1).innerText()).split('\n')[0].trim();
    check((await options.nth(1).getAttribute('aria-selected')) === 'true', 'arrow down selects the next result');
    await page.keyboard.press('Enter');
    await input.waitFor({ state: 'hidden' });
    await page.waitForFunction((title) => document.title.startsWith(title), second);

    await page.keyboard.press('Control+k');
    await input.waitFor();
    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'hidden' });
  }),

  scenario('mobile width (375 px): the menu is a drawer and nothing overflows', async ({ newPage, baseUrl, screenshot }) => {
    const page = await signedIn(newPage, baseUrl, 'mobile');
    await page.setViewportSize({ width: 375, height: 812 });
    // The layout changes with the next render, later on a loaded machine.
    const sidebarGone = await page
      .getByTestId('layout-sidebar')
      .waitFor({ state: 'hidden' })
      .then(() => true)
      .catch(() => false);
    check(sidebarGone, 'no sidebar column at 375 px');
    await checkNoOverlap(page, 'mobile');
    // The header's buttons fit in one row: none covers the menu button, the user menu is whole.
    const menuButton = await page.getByRole('button', { name: zh.layout.header.expandMenu }).boundingBox();
    const userMenu = await page.getByRole('button', { name: zh.layout.header.userMenu }).boundingBox();
    const headerButtons = await page
      .getByTestId('layout-header')
      .getByRole('button')
      .evaluateAll((buttons) =>
        buttons.filter((button) => button.getBoundingClientRect().width > 0).map((button) => button.getBoundingClientRect().left),
      );
    check(menuButton && userMenu && userMenu.x + userMenu.width <= 375, `the user menu is inside the window: ${JSON.stringify(userMenu)}`);
    check(
      menuButton && headerButtons.every((left) => left >= menuButton.x),
      `no header button stands left of the menu button: ${headerButtons}`,
    );
    check(
      menuButton && headerButtons.filter((left) => left > menuButton.x).every((left) => left >= menuButton.x + menuButton.width),
      `no header button covers the menu button: ${headerButtons}`,
    );
    await screenshot(page, 'layout-mobile');
    await page.getByRole('button', { name: zh.layout.header.expandMenu }).click();
    const menu = page.getByRole('navigation', { name: zh.layout.menu.label });
    await menu.getByRole('button', { name: zh.routes.site.manage }).click();
    await menu.getByRole('link', { name: zh.routes.site.list, exact: true }).click();
    await page.waitForURL('**/site');
    await menu.waitFor({ state: 'hidden' });
    await screenshot(page, 'layout-mobile-site');
  }),

  scenario('every layout type renders without overlap, in both themes and both locales', async ({ newPage, baseUrl, screenshot }) => {
    const page = await signedIn(newPage, baseUrl, 'layouts');
    const layouts: Layout[] = ['sidebar', 'mix-sidebar', 'mix', 'top-menu'];
    for (const locale of ['zh', 'en'] as const) {
      const texts = locale === 'zh' ? zh.layout : en.layout;
      for (const layout of layouts) {
        await inSettings(page, texts.settings.title, async (drawer) => {
          await drawer.getByRole('radio', { name: texts.settings.menuTypes[layout], exact: true }).click();
        });
        await page.locator(`[data-layout="${layout}"]`).waitFor();
        for (const theme of ['light', 'dark'] as const) {
          const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
          if (dark !== (theme === 'dark')) {
            await page.getByRole('button', { name: dark ? texts.header.lightMode : texts.header.darkMode }).click();
            await page.waitForFunction((wanted) => document.documentElement.classList.contains('dark') === wanted, theme === 'dark');
          }
          if (layout === 'mix-sidebar') {
            await page
              .getByTestId('layout-sidebar')
              .getByRole('button', { name: locale === 'zh' ? zh.routes.site.manage : en.routes.site.manage })
              .click();
            await page.getByTestId('mix-sidebar-panel').waitFor();
          }
          await atRest(page);
          await checkNoOverlap(page, `${layout} ${theme} ${locale}`);
          await screenshot(page, `layout-${layout}-${theme}-${locale}`);
          if (layout === 'mix-sidebar') await page.mouse.click(900, 500);
        }
      }
      if (locale === 'zh') {
        await page.getByRole('button', { name: zh.layout.header.language }).click();
        await page.getByRole('menuitemradio', { name: 'English' }).click();
        await page.getByRole('button', { name: en.layout.header.language }).waitFor();
      }
    }
  }),
];

import type { Page } from 'playwright-core';
import { scenario } from '../harness';
import { atRest, check, checkNoOverlap, inSettings, settledScrollTop, signedIn, wheelAt } from '../pages';
import { zh } from '../texts';

type Box = { x: number; y: number; width: number; height: number };
type Theme = 'light' | 'dark';

const settings = zh.layout.settings;
const sidebar = (page: Page) => page.getByTestId('layout-sidebar');
/** The element that scrolls when the whole layout scrolls (header or menu not fixed). */
const layout = (page: Page) => page.locator('[data-layout]');

async function boxOf(page: Page, testId: string): Promise<Box> {
  const box = await page.getByTestId(testId).boundingBox();
  check(box, `${testId} is shown`);
  return box;
}

async function useTheme(page: Page, theme: Theme) {
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  if (dark === (theme === 'dark')) return;
  await page.getByRole('button', { name: dark ? zh.layout.header.lightMode : zh.layout.header.darkMode }).click();
  await page.waitForFunction((wanted) => document.documentElement.classList.contains('dark') === wanted, theme === 'dark');
}

async function chooseMenuMode(page: Page, mode: 'inline' | 'vertical' | 'vertical-right') {
  await inSettings(page, settings.title, async (drawer) => {
    await drawer.getByLabel(settings.menuMode, { exact: true }).selectOption(mode);
  });
}

/**
 * Opens a section's flyout from the sidebar and checks it sits beside the sidebar, on the page's
 * side; returns the flyout's box.
 */
async function openFlyout(page: Page, section: string, side: 'left' | 'right'): Promise<Box> {
  await sidebar(page).getByRole('button', { name: section }).click();
  const flyout = page.getByTestId('section-flyout');
  await flyout.waitFor();
  await atRest(page);
  const menu = await boxOf(page, 'layout-sidebar');
  const box = await boxOf(page, 'section-flyout');
  const trigger = await sidebar(page).getByRole('button', { name: section }).boundingBox();
  check(trigger, 'the section is shown');
  const beside = side === 'left' ? box.x >= menu.x + menu.width - 1 : box.x + box.width <= menu.x + 1;
  check(beside, `the flyout opens beside the sidebar, towards the page (${JSON.stringify({ menu, box })})`);
  check(Math.abs(box.y - trigger.y) < trigger.height + 16, `the flyout opens level with its section (${JSON.stringify({ trigger, box })})`);
  return box;
}

/** Waits (up to 5 s: a loaded machine restores late) until the layout's offset is `expected`, within a pixel. */
async function layoutScrollBecomes(page: Page, expected: number, what: string) {
  let now = -1;
  for (const started = Date.now(); Date.now() - started < 5000; await page.waitForTimeout(50)) {
    now = await layout(page).evaluate((element) => element.scrollTop);
    if (Math.abs(now - expected) <= 1) return;
  }
  check(false, `${what} (${now}, was ${expected})`);
}

/**
 * Clicks a tab where it is on screen, as a user does. A locator's click would first scroll the
 * layout to show all of the tab (the tab bar scrolls away with a header that is not fixed), and so
 * change the offset that the page being left keeps.
 */
async function clickTab(page: Page, name: string) {
  const box = await page.getByRole('tab', { name }).boundingBox();
  check(box && box.y + box.height > 4, `the ${name} tab is on screen (${JSON.stringify(box)})`);
  await page.mouse.click(box.x + box.width / 2, (Math.max(box.y, 0) + box.y + box.height) / 2);
}

/** Scrolls the page by the mouse wheel over it, as a user does; returns the layout's offset. */
async function scrollPageBy(page: Page, pixels: number): Promise<number> {
  const main = await page.locator('main').boundingBox();
  check(main, 'the page is shown');
  await wheelAt(page, main.x + main.width / 2, Math.max(main.y, 0) + 100, pixels);
  return settledScrollTop(layout(page), 'the layout');
}

/** Opens a page from the inline sidebar (its section first, when it has one) and waits for its tab. */
async function openPage(page: Page, section: string | null, link: string) {
  if (section) await sidebar(page).getByRole('button', { name: section }).click();
  await sidebar(page).getByRole('link', { name: link, exact: true }).click();
  await page.getByRole('tab', { name: link }).waitFor();
}

export const layoutSettingsScenarios = [
  scenario(
    'layout settings: menu mode vertical pops a section’s pages out beside the sidebar, and one of them opens',
    async ({ newPage, baseUrl, screenshot }) => {
      const page = await signedIn(newPage, baseUrl, 'vertical');
      await chooseMenuMode(page, 'vertical');
      check((await sidebar(page).getAttribute('data-side')) === 'left', 'the sidebar stays at the left');
      check(!(await sidebar(page).getByRole('link', { name: zh.routes.article.prompt }).isVisible()), 'the section does not open inline');
      for (const theme of ['light', 'dark'] as const) {
        await useTheme(page, theme);
        await openFlyout(page, zh.routes.article.manage, 'left');
        await screenshot(page, `layout-mode-vertical-${theme}`);
        await page.keyboard.press('Escape');
        await page.getByTestId('section-flyout').waitFor({ state: 'hidden' });
      }
      await openFlyout(page, zh.routes.article.manage, 'left');
      await page.getByRole('menuitem', { name: zh.routes.article.prompt }).click();
      await page.waitForURL('**/prompt');
      await page.getByTestId('section-flyout').waitFor({ state: 'hidden' });
      await checkNoOverlap(page, 'vertical');
    },
  ),

  scenario(
    'layout settings: menu mode vertical-right puts the sidebar at the right edge, flyouts open to its left',
    async ({ newPage, baseUrl, screenshot }) => {
      const page = await signedIn(newPage, baseUrl, 'vright');
      await chooseMenuMode(page, 'vertical-right');
      const width = (await page.evaluate('window.innerWidth')) as number;
      const menu = await boxOf(page, 'layout-sidebar');
      check(Math.abs(menu.x + menu.width - width) <= 1, `the sidebar is at the right edge (${JSON.stringify(menu)}, window ${width})`);
      await checkNoOverlap(page, 'vertical-right');
      for (const theme of ['light', 'dark'] as const) {
        await useTheme(page, theme);
        await openFlyout(page, zh.routes.site.manage, 'right');
        await screenshot(page, `layout-mode-vertical-right-${theme}`);
        await page.keyboard.press('Escape');
        await page.getByTestId('section-flyout').waitFor({ state: 'hidden' });
      }
      await openFlyout(page, zh.routes.site.manage, 'right');
      await page.getByRole('menuitem', { name: zh.routes.site.list }).click();
      await page.waitForURL('**/site');

      // Folded, the icons' flyouts open to the left too.
      await page.getByRole('button', { name: zh.layout.header.collapseMenu }).click();
      await atRest(page);
      const folded = await boxOf(page, 'layout-sidebar');
      check(
        Math.abs(folded.x + folded.width - width) <= 1 && folded.width < 100,
        `the folded sidebar is at the right edge (${JSON.stringify(folded)})`,
      );
      await openFlyout(page, zh.routes.article.manage, 'right');
      await screenshot(page, 'layout-mode-vertical-right-folded-dark');
      await page.keyboard.press('Escape');
      await checkNoOverlap(page, 'vertical-right folded');
    },
  ),

  scenario(
    'layout settings: header and menu not fixed scroll away with a long page; each tab keeps its offset',
    async ({ newPage, baseUrl, screenshot }) => {
      const page = await signedIn(newPage, baseUrl, 'fixed');
      // A short window, so the prompt page is longer than it.
      await page.setViewportSize({ width: 1280, height: 300 });
      await atRest(page);
      await inSettings(page, settings.title, async (drawer) => {
        await drawer.getByText(settings.tabs, { exact: true }).click();
        await drawer.getByText(settings.headerFixed, { exact: true }).click();
      });
      check((await layout(page).getAttribute('data-scrolls')) === 'layout', 'the whole layout scrolls');
      await openPage(page, zh.routes.article.manage, zh.routes.article.prompt);
      // Once the page has loaded, it is longer than the window.
      await page.waitForFunction(() => {
        const scroller = document.querySelector('[data-layout]');
        return scroller !== null && scroller.scrollHeight - scroller.clientHeight > 160;
      });

      // Header not fixed, menu fixed: the header (and the tab bar) go, the sidebar stays.
      for (const theme of ['light', 'dark'] as const) {
        await useTheme(page, theme);
        const scrolled = await scrollPageBy(page, 150);
        check(scrolled > 100, `the layout scrolled (${scrolled})`);
        const top = await boxOf(page, 'layout-header');
        check(top.y + top.height <= 0, `the header scrolled away (${JSON.stringify(top)})`);
        check((await boxOf(page, 'layout-sidebar')).y === 0, 'the fixed sidebar stays put');
        await screenshot(page, `layout-header-not-fixed-${theme}`);
        await scrollPageBy(page, -1000);
      }

      // Each tab keeps its own offset of the layout.
      const promptOffset = await scrollPageBy(page, 120);
      await openPage(page, null, zh.routes.account.account);
      check((await settledScrollTop(layout(page), 'the layout')) === 0, 'a page opened in a new tab starts at the top');
      await clickTab(page, zh.routes.dashboard.analysis);
      await page.waitForURL('**/dashboard/analysis');
      // Its figures drawn first: while they load the page is taller or shorter than it will be.
      await page.getByTestId('growth-generated').waitFor();
      await page.waitForFunction(() => !document.querySelector('[role="status"][aria-label], main [aria-busy="true"]'));
      // A short way down, so that the tab bar (which scrolls away with the header) stays on screen.
      await scrollPageBy(page, -1000);
      check((await scrollPageBy(page, 30)) > 0, 'the overview scrolled too');
      // The offset the tab is left at: read again, once nothing moves (a chart drawn late can still
      // change the page's height on a loaded machine, and the browser the offset with it).
      await atRest(page);
      const overviewOffset = await settledScrollTop(layout(page), 'the layout');
      await clickTab(page, zh.routes.article.prompt);
      await page.waitForURL('**/prompt');
      await layoutScrollBecomes(page, promptOffset, "the prompt page's tab gets its offset back");
      // Back up to the tab bar, as a user would, and to the overview: it gets its offset back, also
      // when its charts are redrawn at their size once shown.
      await scrollPageBy(page, -1000);
      await clickTab(page, zh.routes.dashboard.analysis);
      await page.waitForURL('**/dashboard/analysis');
      await layoutScrollBecomes(page, overviewOffset, 'the overview’s tab gets its own offset back');

      // Menu not fixed, header fixed: the sidebar goes, the header stays.
      await scrollPageBy(page, -1000);
      await inSettings(page, settings.title, async (drawer) => {
        await drawer.getByText(settings.headerFixed, { exact: true }).click();
        await drawer.getByText(settings.menuFixed, { exact: true }).click();
      });
      for (const theme of ['dark', 'light'] as const) {
        await useTheme(page, theme);
        await scrollPageBy(page, 150);
        check((await boxOf(page, 'layout-header')).y === 0, 'the fixed header stays at the top');
        const logo = await sidebar(page).getByText(zh.sys.app.title, { exact: true }).boundingBox();
        check(logo && logo.y + logo.height <= 0, `the sidebar's top scrolled away (${JSON.stringify(logo)})`);
        await screenshot(page, `layout-menu-not-fixed-${theme}`);
        await scrollPageBy(page, -1000);
      }
      await checkNoOverlap(page, 'menu not fixed');

      // Both fixed again: only the page area scrolls.
      await inSettings(page, settings.title, async (drawer) => {
        await drawer.getByText(settings.menuFixed, { exact: true }).click();
      });
      check((await layout(page).getAttribute('data-scrolls')) === 'page', 'the page area scrolls alone again');
      await checkNoOverlap(page, 'both fixed');
    },
  ),
];

import type { Locator, Page, Request } from 'playwright-core';
import { scenario, type E2eContext } from '../harness';
import { addSite, loginToken, PASSWORD, registerAccount, uniqueUsername } from '../api';
import {
  atRest,
  check,
  inSettings,
  openFromSidebar,
  settled,
  settledScrollTop,
  signedIn,
  signedInAs,
  signIn,
  waitForOverview,
  wheelAt,
} from '../pages';
import { en, fill, zh } from '../texts';
import zhModel from '../../../src/i18n/locales/zh_CN/model.json';
import zhSite from '../../../src/i18n/locales/zh_CN/site.json';
import enSys from '../../../src/i18n/locales/en/sys.json';
import enLayout from '../../../src/i18n/locales/en/layout.json';

/** Turns the tab bar on in the settings drawer and waits for the overview's tab. */
async function turnTabsOn(page: Page) {
  await inSettings(page, zh.layout.settings.title, async (drawer) => {
    await drawer.getByText(zh.layout.settings.tabs, { exact: true }).click();
  });
  await page.getByRole('tab', { name: zh.routes.dashboard.analysis }).waitFor();
}

async function tabTitles(page: Page): Promise<string[]> {
  return (await page.getByRole('tablist').getByRole('tab').allInnerTexts()).map((text) => text.trim());
}

/** The page area on screen (kept-alive tabs' areas are in the page too, hidden). */
function visibleScroller(page: Page): Locator {
  return page.locator('[data-testid="page-scroller"]:visible');
}

/** The site names in the table on screen, in order. */
async function siteNames(page: Page): Promise<string[]> {
  const cells = visibleScroller(page).getByRole('table', { name: zh.routes.site.list }).locator('tbody tr td:first-child p:first-child');
  return (await cells.allInnerTexts()).map((text) => text.trim());
}

/** The current page of the pager on screen, as its selected page button says. */
async function currentTablePage(page: Page): Promise<string> {
  return (await visibleScroller(page).locator('[data-part="item"][data-selected]').innerText()).trim();
}

/** The boxes of `main` and of the element, and whether the page area scrolls. */
async function fitsPageArea(page: Page, element: Locator) {
  const main = await page.locator('main').boundingBox();
  const box = await element.boundingBox();
  const scroller = await visibleScroller(page).evaluate((node) => ({ scrollHeight: node.scrollHeight, clientHeight: node.clientHeight }));
  const header = await page.getByTestId('layout-header').boundingBox();
  check(main && box && header, 'main, the element and the header are shown');
  const inside =
    box.x >= main.x - 1 &&
    box.y >= main.y - 1 &&
    box.x + box.width <= main.x + main.width + 1 &&
    box.y + box.height <= main.y + main.height + 1;
  return {
    inside,
    belowHeader: box.y >= header.y + header.height - 1,
    // Fills the page area: nothing but the area's padding (at most 2 × 16 px) left around it.
    fills: main.height - box.height <= 34 && main.width - box.width <= 34,
    scrolls: scroller.scrollHeight > scroller.clientHeight + 1,
    details: JSON.stringify({ main, box, scroller }),
  };
}

/** The texts a page shows that look like i18n keys left untranslated (`layout.tabs.refresh`). */
async function untranslatedKeys(scope: Locator): Promise<string[]> {
  const text = await scope.innerText();
  return text.match(/\b(?:layout|sys|common|routes|site|article|dashboard|account)\.[a-zA-Z]+(?:\.[a-zA-Z0-9]+)*\b/g) ?? [];
}

/**
 * The contrast ratio (WCAG) between an element's text colour and the first opaque background behind
 * it, walking up the ancestors.
 */
async function contrastOf(element: Locator): Promise<number> {
  // Only the colours are read in the page (the bundler's helpers do not exist there); the rest here.
  const colours = await element.evaluate((node) => {
    const color = getComputedStyle(node).color;
    for (let current: Element | null = node; current; current = current.parentElement) {
      const style = getComputedStyle(current);
      const alpha = Number((style.backgroundColor.match(/[\d.]+/g) ?? [])[3] ?? 1);
      if (style.backgroundColor !== 'transparent' && alpha >= 0.9) return { color, background: style.backgroundColor };
      // A gradient background (the lock screen): its first colour.
      const gradient = style.backgroundImage.match(/rgba?\([^)]*\)/);
      if (gradient) return { color, background: gradient[0] };
    }
    return { color, background: 'rgb(255, 255, 255)' };
  });
  const luminance = (value: string) => {
    const [r, g, b] = (value.match(/[\d.]+/g) ?? []).map(Number).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(colours.color), luminance(colours.background)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The settings drawer's four navigation tiles lie inside its content box (within its padding), and
 * each shows its whole name; then a screenshot of the drawer.
 */
async function menuTypeTilesFit(
  page: Page,
  drawer: Locator,
  settings: typeof enLayout.settings,
  name: string,
  screenshot: E2eContext['screenshot'],
) {
  await settled(drawer);
  const body = drawer.locator('.chakra-drawer__body');
  const outer = await body.boundingBox();
  check(outer, `${name}: the drawer's body is shown`);
  const padding = await body.evaluate((node) => ({
    start: parseFloat(getComputedStyle(node).paddingLeft),
    end: parseFloat(getComputedStyle(node).paddingRight),
  }));
  const content = {
    left: outer.x + padding.start,
    right: outer.x + outer.width - padding.end,
    top: outer.y,
    bottom: outer.y + outer.height,
  };
  const tiles = await drawer.getByRole('radiogroup', { name: settings.menuType }).getByRole('radio').all();
  const labels = await Promise.all(tiles.map((tile) => tile.getAttribute('aria-label')));
  check(JSON.stringify(labels) === JSON.stringify(Object.values(settings.menuTypes)), `${name}: the four navigation tiles: ${labels}`);
  for (const tile of tiles) {
    const label = await tile.getAttribute('aria-label');
    const box = await tile.boundingBox();
    const inside =
      box &&
      box.x >= content.left - 0.5 &&
      box.x + box.width <= content.right + 0.5 &&
      box.y >= content.top - 0.5 &&
      box.y + box.height <= content.bottom + 0.5;
    check(inside, `${name}: the tile "${label}" lies inside the drawer's content box (${JSON.stringify({ content, box })})`);
    const text = tile.locator('span');
    check((await text.innerText()).trim() === label, `${name}: the tile "${label}" shows its name: ${await text.innerText()}`);
    const clipped = await text.evaluate((node) => node.scrollWidth > node.clientWidth || node.scrollHeight > node.clientHeight);
    check(!clipped, `${name}: the name of the tile "${label}" is not cut off`);
  }
  await screenshot(page, name);
}

/** The tab bar still holds `before`, and none of its tabs is current (the page on screen is no tab). */
async function tabsUnchanged(page: Page, before: string[], what: string) {
  const now = await tabTitles(page);
  check(JSON.stringify(now) === JSON.stringify(before), `${what} does not become a tab: ${now}`);
  check((await page.getByRole('tablist').locator('[role="tab"][aria-selected="true"]').count()) === 0, `${what}: no tab is marked current`);
}

/** Waits until the page on screen finished its entry transition (fully opaque, in place). */
async function pageSettled(page: Page) {
  await page.waitForFunction(() => {
    const scroller = ([...document.querySelectorAll('[data-testid="page-scroller"]')] as HTMLElement[]).find(
      (node) => node.offsetParent !== null,
    );
    const shown = scroller?.firstElementChild;
    if (!shown) return false;
    const style = getComputedStyle(shown);
    return style.opacity === '1' && (style.transform === 'none' || style.transform === 'matrix(1, 0, 0, 1, 0, 0)');
  });
}

const SITES = 35;

export const shellStateScenarios = [
  scenario(
    'shell state, tabs keep page state: table page, scroll offset and typed text survive a tab switch; refresh resets them',
    async ({ newPage, baseUrl, screenshot }) => {
      const username = uniqueUsername('keep');
      await registerAccount(baseUrl, username);
      const token = await loginToken(baseUrl, username, PASSWORD);
      for (let index = 1; index <= SITES; index++) {
        const number = String(index).padStart(2, '0');
        await addSite(baseUrl, token, { name: `Kept site ${number}`, url: `https://kept-${number}.example`, type: 'export' });
      }
      const page = await newPage();
      await page.setViewportSize({ width: 1280, height: 500 });
      await page.goto('/login');
      await signIn(page, username, PASSWORD);
      await waitForOverview(page);
      await turnTabsOn(page);

      await openFromSidebar(page, zh.routes.site.manage, zh.routes.site.list);
      const table = visibleScroller(page).getByRole('table', { name: zh.routes.site.list });
      await table.locator('tbody tr').nth(19).waitFor();
      const firstPage = await siteNames(page);
      check(firstPage.length === 20, `page 1 shows 20 sites: ${firstPage.length}`);

      // Page 2, a search typed but not sent, the page area scrolled down.
      await visibleScroller(page)
        .getByRole('button', { name: fill(zh.common.table.page, { page: 2 }) })
        .click();
      await page.waitForFunction((first) => {
        const cell = [...document.querySelectorAll('[data-testid="page-scroller"] table tbody tr td:first-child p')].find(
          (node) => (node as HTMLElement).offsetParent !== null,
        );
        return cell !== undefined && cell.textContent !== first;
      }, firstPage[0]);
      await visibleScroller(page).locator('table[aria-busy="false"]').waitFor();
      const secondPage = await siteNames(page);
      check(secondPage.length === SITES - 20, `page 2 shows the other ${SITES - 20} sites: ${secondPage}`);
      check(
        secondPage.every((name) => !firstPage.includes(name)),
        `page 2 shows other sites than page 1: ${secondPage}`,
      );
      check((await currentTablePage(page)) === '2', `the pager marks page 2: ${await currentTablePage(page)}`);

      const search = visibleScroller(page).getByRole('searchbox', { name: zhSite.search });
      await search.fill('kept for later');
      const area = await visibleScroller(page).boundingBox();
      check(area, 'the page area is shown');
      await wheelAt(page, area.x + area.width / 2, area.y + area.height / 2, 180);
      const scrolled = await settledScrollTop(visibleScroller(page), 'the page area');
      const maxScroll = await visibleScroller(page).evaluate((node) => node.scrollHeight - node.clientHeight);
      check(scrolled > 50, `the page area scrolled down (${scrolled} of ${maxScroll} px)`);
      await screenshot(page, 'state-site-page2-scrolled');

      // Away to the overview tab and back.
      await page.getByRole('tab', { name: zh.routes.dashboard.analysis }).click();
      await page.waitForURL('**/dashboard/analysis');
      await visibleScroller(page).getByTestId('points-balance').waitFor();
      check(
        (await visibleScroller(page).getByRole('table', { name: zh.routes.site.list }).count()) === 0,
        'the overview is on screen, not the sites',
      );
      await page.getByRole('tab', { name: zh.routes.site.list }).click();
      await page.waitForURL('**/site');
      await table.waitFor();
      const back = await settledScrollTop(visibleScroller(page), 'the page area');
      check(Math.abs(back - scrolled) <= 2, `the scroll offset is kept: ${back} px, was ${scrolled} px`);
      check((await currentTablePage(page)) === '2', `the table is still on page 2: ${await currentTablePage(page)}`);
      check(
        JSON.stringify(await siteNames(page)) === JSON.stringify(secondPage),
        `the same sites of page 2 show: ${await siteNames(page)}`,
      );
      check((await search.inputValue()) === 'kept for later', `the typed search is kept: "${await search.inputValue()}"`);
      await screenshot(page, 'state-site-back');

      // A page shown again keeps its offset deep down, and shows what it had: it does not load its
      // figures again (a loading state, far shorter, would lose the offset and flash).
      await page.getByRole('tab', { name: zh.routes.dashboard.analysis }).click();
      await page.waitForURL('**/dashboard/analysis');
      await visibleScroller(page).getByTestId('growth-generated').waitFor();
      await wheelAt(page, area.x + area.width / 2, area.y + area.height / 2, 900);
      const deep = await settledScrollTop(visibleScroller(page), 'the page area');
      check(deep > 600, `the overview scrolled far down (${deep} px)`);
      await page.getByRole('tab', { name: zh.routes.site.list }).click();
      await page.waitForURL('**/site');
      await table.waitFor();
      const figureLoads: string[] = [];
      const noteFigureLoad = (request: Request) => {
        if (new URL(request.url()).pathname === '/api/v1/dashboard/analysis') figureLoads.push(request.url());
      };
      page.on('request', noteFigureLoad);
      await page.getByRole('tab', { name: zh.routes.dashboard.analysis }).click();
      await page.waitForURL('**/dashboard/analysis');
      let overviewBack = -1;
      for (const started = Date.now(); Date.now() - started < 5000; await page.waitForTimeout(50)) {
        overviewBack = await visibleScroller(page).evaluate((element) => element.scrollTop);
        if (Math.abs(overviewBack - deep) <= 2) break;
      }
      check(Math.abs(overviewBack - deep) <= 2, `the overview keeps its deep offset: ${overviewBack} px, was ${deep} px`);
      page.off('request', noteFigureLoad);
      check(figureLoads.length === 0, `the overview shown again does not load its figures again: ${figureLoads}`);
      await page.getByRole('tab', { name: zh.routes.site.list }).click();
      await page.waitForURL('**/site');
      await table.waitFor();

      // Refresh from the tab's context menu: the page starts over.
      await page.getByRole('tab', { name: zh.routes.site.list }).click({ button: 'right' });
      await page.getByRole('menuitem', { name: zh.layout.tabs.refresh }).click();
      await page.waitForFunction((first) => {
        const scroller = ([...document.querySelectorAll('[data-testid="page-scroller"]')] as HTMLElement[]).find(
          (node) => node.offsetParent !== null,
        );
        const cell = scroller?.querySelector('table[aria-busy="false"] tbody tr td:first-child p');
        return cell?.textContent === first;
      }, firstPage[0]);
      check((await currentTablePage(page)) === '1', `after a refresh the table is on page 1: ${await currentTablePage(page)}`);
      const afterRefresh = await settledScrollTop(visibleScroller(page), 'the page area');
      check(afterRefresh === 0, `after a refresh the page area is at the top: ${afterRefresh}`);
      check((await search.inputValue()) === '', `after a refresh the search is empty: "${await search.inputValue()}"`);
      check(
        JSON.stringify(await tabTitles(page)) === JSON.stringify([zh.routes.dashboard.analysis, zh.routes.site.list]),
        `refresh keeps the tabs: ${await tabTitles(page)}`,
      );

      // A form filled from a load (the model page's fields, from the saved settings) keeps what was
      // typed into it across a tab switch: the page does not load them again over it.
      await openFromSidebar(page, zh.routes.article.manage, zh.routes.article.model);
      const modelAddress = visibleScroller(page).getByLabel(zhModel.fields.baseUrl);
      await modelAddress.fill('https://typed.example/v1');
      await page.getByRole('tab', { name: zh.routes.site.list }).click();
      await table.waitFor();
      await page.getByRole('tab', { name: zh.routes.article.model }).click();
      await page.waitForURL('**/model');
      await page.waitForTimeout(1000);
      check(
        (await modelAddress.inputValue()) === 'https://typed.example/v1',
        `the model page keeps the typed address: "${await modelAddress.inputValue()}"`,
      );
    },
  ),

  scenario(
    'shell state, iframe page: the docs load in a frame that fills the page area, with a loading indicator until they show',
    async ({ newPage, baseUrl, otherServerUrl, screenshot }) => {
      const page = await signedIn(newPage, baseUrl, 'frame');
      // Each frame document waits for `release` (so the loading indicator can be seen), then loads.
      let release = () => {};
      let held = new Promise<void>((resolve) => (release = resolve));
      const frameUrls: string[] = [];
      await page.context().route(
        (url) => url.pathname.startsWith('/api/docs'),
        async (route) => {
          const request = route.request();
          if (request.resourceType() === 'document' && request.frame() !== page.mainFrame()) {
            frameUrls.push(request.url());
            await held;
          }
          // The second server stands for an external site that lets others frame it: an Inkpress
          // server itself lets only its own origin frame its pages (frame-ancestors 'self').
          if (request.resourceType() === 'document' && new URL(request.url()).hostname === '127.0.0.1') {
            const response = await route.fetch();
            const headers = { ...response.headers() };
            delete headers['x-frame-options'];
            delete headers['content-security-policy'];
            return route.fulfill({ response, headers });
          }
          await route.continue();
        },
      );
      const hold = () => (held = new Promise<void>((resolve) => (release = resolve)));

      const showsDocs = async (name: string, title: string, loadingText: string) => {
        const frame = page.locator('main iframe');
        await frame.waitFor();
        check(
          (await frame.getAttribute('title')) === title,
          `${name}: the frame is titled "${title}": ${await frame.getAttribute('title')}`,
        );
        const loading = page.locator('main').getByRole('status').filter({ hasText: loadingText });
        await loading.waitFor();
        await screenshot(page, `${name}-loading`);
        release();
        await page.frameLocator('main iframe').locator('.information-container .title', { hasText: 'Inkpress API' }).waitFor();
        await loading.waitFor({ state: 'detached' });
        check((await page.locator('main').getByRole('status').count()) === 0, `${name}: no loading indicator is left once the docs show`);
        const fit = await fitsPageArea(page, frame);
        check(fit.inside && fit.belowHeader, `${name}: the frame stays inside the page area (${fit.details})`);
        check(fit.fills, `${name}: the frame fills the page area (${fit.details})`);
        check(!fit.scrolls, `${name}: the page area does not scroll around the frame (${fit.details})`);
        await screenshot(page, name);
      };

      // The development docs (/apiDoc): the server's own API reference.
      await page.goto('/apiDoc');
      await showsDocs('frame-apidoc', zh.routes.basic.apiDoc, zh.layout.frame.loading);
      // Opened by its address, the docs page is still inside the whole console: the menu is there.
      await page.getByRole('navigation', { name: zh.layout.menu.label }).getByRole('button', { name: zh.routes.site.manage }).waitFor();
      await page.waitForFunction((title) => document.title.startsWith(title), zh.routes.basic.apiDoc);
      check(
        frameUrls.some((url) => new URL(url).pathname.startsWith('/api/docs')),
        `the frame loaded /api/docs: ${frameUrls}`,
      );

      // With the tab bar shown the frame still fits below it.
      hold();
      await page.goto('/dashboard/analysis');
      await waitForOverview(page);
      await turnTabsOn(page);
      await page.goto('/apiDoc');
      await page.getByTestId('tabs-bar').waitFor();
      await showsDocs('frame-apidoc-tabs', zh.routes.basic.apiDoc, zh.layout.frame.loading);
      // The docs are a tab of their own, the current one.
      await page.getByRole('tab', { name: zh.routes.basic.apiDoc, selected: true }).waitFor();

      // An external address (another origin) in the iframe page, in English and dark.
      hold();
      await page.getByRole('button', { name: zh.layout.header.language }).click();
      await page.getByRole('menuitemradio', { name: 'English' }).click();
      await page.getByRole('button', { name: en.layout.header.language }).waitFor();
      await page.getByRole('button', { name: en.layout.header.darkMode }).click();
      await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
      // A dotted host, as an external address has (spec §5): the second server, by its IP address.
      const external = `${otherServerUrl.replace('//localhost:', '//127.0.0.1:')}/api/docs`;
      await page.goto(`/iframe?url=${encodeURIComponent(external)}`);
      await showsDocs('frame-external-en-dark', external, enLayout.frame.loading);
      check(
        frameUrls.includes(external) || frameUrls.some((url) => url.startsWith(external)),
        `the frame loaded ${external}: ${frameUrls}`,
      );
      // Its tab is named after the address's host.
      await page.getByRole('tab', { name: new URL(external).host, selected: true }).waitFor();

      // Anything but an external address is not shown in a frame.
      await page.goto(`/iframe?url=${encodeURIComponent('javascript:alert(1)')}`);
      await page.getByRole('heading', { name: enSys.exception[404].title }).waitFor();
      check((await page.locator('main iframe').count()) === 0, 'no frame for an address that is not external');

      // The docs page needs no account (spec §2: doc pages are always allowed).
      const visitor = await newPage();
      await visitor.goto('/apiDoc');
      await visitor.frameLocator('iframe').locator('.information-container .title', { hasText: 'Inkpress API' }).waitFor();
      check(
        (await visitor.getByRole('button', { name: zh.layout.header.userMenu }).count()) === 0,
        'a visitor gets the docs alone, not an empty signed-in shell',
      );
      const windowSize = visitor.viewportSize();
      const visitorFrame = await visitor.locator('iframe').boundingBox();
      check(
        windowSize && visitorFrame && visitorFrame.height >= windowSize.height - 34 && visitorFrame.width >= windowSize.width - 34,
        `the docs fill the window: ${JSON.stringify(visitorFrame)}`,
      );
      await screenshot(visitor, 'frame-apidoc-visitor');
    },
  ),

  scenario(
    'shell state, exception pages and redirect helper: texts, a way back home, never tabs; /redirect opens the named page',
    async ({ newPage, baseUrl, screenshot }) => {
      const page = await signedIn(newPage, baseUrl, 'except');
      await inSettings(page, zh.layout.settings.title, async (drawer) => {
        await drawer.getByText(zh.layout.settings.tabs, { exact: true }).click();
        await drawer.getByText(zh.layout.settings.tabsCache, { exact: true }).click();
      });
      await page.getByRole('tab', { name: zh.routes.dashboard.analysis }).waitFor();
      await openFromSidebar(page, zh.routes.site.manage, zh.routes.site.list);
      const tabs = [zh.routes.dashboard.analysis, zh.routes.site.list];

      const pages: { path: string; status: '403' | '404' | '500' | '10000' | '10100'; code: boolean; retry: boolean }[] = [
        { path: '/exception/404', status: '404', code: true, retry: false },
        { path: '/exception/403', status: '403', code: true, retry: false },
        { path: '/exception/500', status: '500', code: true, retry: true },
        { path: '/exception/10000', status: '10000', code: false, retry: true },
        { path: '/exception/10100', status: '10100', code: false, retry: false },
        { path: '/no/such/page', status: '404', code: true, retry: false },
      ];
      for (const { path, status, code, retry } of pages) {
        await page.goto(path);
        const texts = zh.sys.exception[status];
        const main = page.locator('main');
        await main.getByRole('heading', { name: texts.title }).waitFor();
        await main.getByText(texts.description).waitFor();
        if (code) await main.getByText(status, { exact: true }).waitFor();
        await page.getByRole('tab', { name: zh.routes.site.list }).waitFor();
        await tabsUnchanged(page, tabs, path);
        check(
          (await main.getByRole('button', { name: zh.sys.exception.retry }).count()) === (retry ? 1 : 0),
          `${path}: a reload button ${retry ? 'is' : 'is not'} offered`,
        );
        check(
          (await untranslatedKeys(page.locator('body'))).length === 0,
          `${path}: no untranslated keys: ${await untranslatedKeys(page.locator('body'))}`,
        );
        const name = path.startsWith('/exception/') ? `exception-${status}` : 'exception-unknown-url';
        await pageSettled(page);
        await screenshot(page, name);
        // The way back: home, the overview, in its own tab.
        await main.getByRole('button', { name: zh.sys.exception.backHome }).click();
        await page.waitForURL('**/dashboard/analysis');
        await page.getByRole('tab', { name: zh.routes.dashboard.analysis, selected: true }).waitFor();
      }

      // /redirect/{path}/{type}/{params?} replaces itself with its target (no history entry of its own).
      const redirects: { path: string; url: RegExp; tab: string }[] = [
        { path: '/redirect/prompt/path', url: /\/prompt$/, tab: zh.routes.article.prompt },
        { path: '/redirect/Article/name', url: /\/article$/, tab: zh.routes.article.list },
        {
          path: `/redirect/site/path/${encodeURIComponent(JSON.stringify({ name: 'kept' }))}`,
          url: /\/site\?name=kept$/,
          tab: zh.routes.site.list,
        },
      ];
      for (const { path, url, tab } of redirects) {
        await page.goto(path);
        await page.waitForURL(url);
        await page.getByRole('tab', { name: tab, selected: true }).waitFor();
        const titles = await tabTitles(page);
        check(!titles.includes(zh.sys.page.redirect), `the redirect helper itself never becomes a tab: ${titles}`);
        await page.goBack();
        await page.waitForURL((address) => !address.pathname.startsWith('/redirect'));
        check(!page.url().includes('/redirect/'), `going back does not land on the redirect helper again: ${page.url()}`);
      }
      await page.goto('/redirect/prompt/path');
      await page.waitForURL(/\/prompt$/);
      await page
        .getByRole('navigation', { name: zh.layout.menu.label })
        .locator('a[aria-current="page"]', { hasText: zh.routes.article.prompt })
        .waitFor();
      await page.locator('main').getByRole('heading', { name: zh.routes.article.prompt }).waitFor();
      await page.locator('#nprogress').waitFor({ state: 'detached' });
      await pageSettled(page);
      await atRest(page); // the sidebar section unfolds
      await screenshot(page, 'redirect-landed');
    },
  ),

  scenario(
    'shell state, lock screen, settings drawer and menu search in English and dark (the drawer in Chinese and light too)',
    async ({ newPage, baseUrl, screenshot }) => {
      const username = uniqueUsername('dark');
      const page = await signedInAs(newPage, baseUrl, username);
      // The drawer's navigation tiles in Chinese, light and dark.
      await inSettings(page, zh.layout.settings.title, async (drawer) => {
        await menuTypeTilesFit(page, drawer, zh.layout.settings, 'settings-drawer-zh', screenshot);
        await drawer.getByText(zh.layout.settings.darkMode, { exact: true }).click();
        await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
        await menuTypeTilesFit(page, drawer, zh.layout.settings, 'settings-drawer-zh-dark', screenshot);
        await drawer.getByText(zh.layout.settings.darkMode, { exact: true }).click();
        await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
      });
      await page.getByRole('button', { name: zh.layout.header.language }).click();
      await page.getByRole('menuitemradio', { name: 'English' }).click();
      await page.getByRole('button', { name: en.layout.header.language }).waitFor();
      await inSettings(page, enLayout.settings.title, (drawer) =>
        menuTypeTilesFit(page, drawer, enLayout.settings, 'settings-drawer-en', screenshot),
      );
      await page.getByRole('button', { name: en.layout.header.darkMode }).click();
      await page.waitForFunction(() => document.documentElement.classList.contains('dark'));

      // The settings drawer.
      await page.getByRole('button', { name: enLayout.settings.title, exact: true }).click();
      const drawer = page.getByRole('dialog', { name: enLayout.settings.title });
      await drawer.getByText(enLayout.settings.tabsCache, { exact: true }).waitFor();
      await settled(drawer);
      check((await untranslatedKeys(drawer)).length === 0, `the drawer shows no untranslated keys: ${await untranslatedKeys(drawer)}`);
      for (const label of [enLayout.settings.title, enLayout.settings.darkMode, enLayout.settings.tabs, enLayout.settings.features]) {
        const ratio = await contrastOf(drawer.getByText(label, { exact: true }).first());
        check(ratio >= 4.5, `"${label}" is readable in dark (contrast ${ratio.toFixed(2)})`);
      }
      const drawerBox = await drawer.boundingBox();
      const viewport = page.viewportSize();
      check(
        drawerBox && viewport && drawerBox.x + drawerBox.width <= viewport.width + 1 && drawerBox.y >= -1,
        `the drawer sits inside the window: ${JSON.stringify(drawerBox)}`,
      );
      await menuTypeTilesFit(page, drawer, enLayout.settings, 'settings-drawer-en-dark', screenshot);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });

      // The lock screen.
      await page.getByRole('button', { name: enLayout.lock.lockScreen }).click();
      const lockScreen = page.getByTestId('lock-screen');
      await lockScreen.waitFor();
      await lockScreen.getByText(enLayout.lock.hint).waitFor();
      await lockScreen.getByRole('heading', { name: username }).waitFor();
      check(
        (await untranslatedKeys(lockScreen)).length === 0,
        `the lock screen shows no untranslated keys: ${await untranslatedKeys(lockScreen)}`,
      );
      for (const [what, element] of [
        ['the name', lockScreen.getByRole('heading', { name: username })],
        ['the hint', lockScreen.getByText(enLayout.lock.hint)],
        ['the clock', lockScreen.getByText(/\d{1,2}:\d{2}/).first()],
      ] as const) {
        const ratio = await contrastOf(element);
        check(ratio >= 4.5, `${what} on the lock screen is readable (contrast ${ratio.toFixed(2)})`);
      }
      await screenshot(page, 'lock-screen-en-dark');
      await lockScreen.getByLabel(enLayout.lock.password, { exact: true }).fill(PASSWORD);
      await lockScreen.getByRole('button', { name: enLayout.lock.unlock }).click();
      await lockScreen.waitFor({ state: 'detached' });
      await page.getByTestId('points-balance').waitFor();

      // The menu search.
      await page.keyboard.press('Control+k');
      const input = page.getByRole('combobox', { name: enLayout.search.placeholder });
      await input.waitFor();
      await input.pressSequentially('site');
      const options = page.getByRole('listbox').getByRole('option');
      await options.filter({ hasText: en.routes.site.list }).waitFor();
      const dialog = page.getByRole('dialog', { name: enLayout.search.open });
      check((await untranslatedKeys(dialog)).length === 0, `the search shows no untranslated keys: ${await untranslatedKeys(dialog)}`);
      const ratio = await contrastOf(options.filter({ hasText: en.routes.site.list }).first());
      check(ratio >= 4.5, `a result is readable in dark (contrast ${ratio.toFixed(2)})`);
      await screenshot(page, 'menu-search-en-dark');
      await page.keyboard.press('Escape');
      await input.waitFor({ state: 'hidden' });
    },
  ),

  scenario(
    'shell state, page-loading and progress indicators: shown while the console starts a page, gone once it shows',
    async ({ newPage, baseUrl, screenshot }) => {
      const page = await signedIn(newPage, baseUrl, 'loading');
      await openFromSidebar(page, zh.routes.site.manage, zh.routes.site.list);
      // A reload waits for the menu before it shows the page: hold the menu's answer to see the indicators.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/admin/v1/admin-menu/list**', async (route) => {
        await held;
        await route.continue();
      });
      await page.reload();
      await page.locator('#nprogress .bar').waitFor();
      // In the brand colour, at the top of the window (the theme styles it: nprogress's code comes later).
      const bar = await page.locator('#nprogress .bar').evaluate((element) => {
        const style = getComputedStyle(element);
        return { background: style.backgroundColor, position: style.position, top: style.top };
      });
      check(
        bar.background === 'rgb(9, 96, 189)' && bar.position === 'fixed' && bar.top === '0px',
        `the progress bar is the brand's, at the top: ${JSON.stringify(bar)}`,
      );
      const spinner = page.getByRole('status', { name: zh.sys.loading });
      await spinner.first().waitFor();
      await screenshot(page, 'loading-indicators');
      release();
      await page.locator('main').getByRole('table', { name: zh.routes.site.list }).waitFor();
      await page.locator('#nprogress').waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.querySelectorAll('main [role="status"]').length === 0);
      check((await page.getByRole('status', { name: zh.sys.loading }).count()) === 0, 'no loading indicator is left once the page shows');
    },
  ),
];

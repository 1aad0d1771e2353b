import type { Page } from 'playwright-core';
import { scenario } from '../harness';
import { call, loginToken, PASSWORD, registerAccount, uniqueUsername } from '../api';
import { check, signIn, waitForOverview } from '../pages';
import { en, zh } from '../texts';
import article from '../../../src/i18n/locales/zh_CN/article.json';
import enArticle from '../../../src/i18n/locales/en/article.json';

/** Four hand-written articles: quicker than a generation task, and their titles are known. */
const TITLES = ['Balcony herbs that survive August', 'Choosing a rain barrel', 'Compost in a small flat', 'Pruning roses in spring'];

/** No H1 of its own: the title is the article's H1. */
function articleBody(title: string): string {
  return `${title} is easier than it looks. This short guide covers what to buy, when to start and the mistakes to avoid.\n\n## What you need\n\nA few tools, some patience and a sunny corner.\n`;
}

async function addArticles(baseUrl: string, token: string): Promise<{ id: number; title: string }[]> {
  const added = [];
  for (const title of TITLES) {
    const { id } = await call<{ id: number }>(
      baseUrl,
      'POST',
      '/api/v1/article/add',
      { title, body: articleBody(title), format: 'markdown', keyword: title.toLowerCase() },
      token,
    );
    added.push({ id, title });
  }
  return added;
}

/** The titles of the tabs of articles' pages, left to right. */
async function detailTabTitles(page: Page): Promise<string[]> {
  return (await page.locator('[data-testid="tab"][data-path^="/article/detail/"]').allInnerTexts()).map((text) => text.trim());
}

/** Waits until the tabs of articles' pages read exactly `titles` (a tab is titled once its article has loaded). */
async function waitForDetailTabs(page: Page, titles: string[]) {
  await page
    .waitForFunction(
      (wanted) =>
        [...document.querySelectorAll('[data-testid="tab"][data-path^="/article/detail/"]')]
          .map((tab) => (tab as HTMLElement).innerText.trim())
          .join('|') === wanted.join('|'),
      titles,
    )
    .catch(async () => {
      throw new Error(`the article tabs read ${JSON.stringify(await detailTabTitles(page))}, not ${JSON.stringify(titles)}`);
    });
}

export const articleTabsScenarios = [
  scenario(
    'article tabs: four articles opened from the list keep the three newest as tabs titled by the article, also after a reload',
    async ({ newPage, baseUrl, screenshot }) => {
      const username = uniqueUsername('articletabs');
      await registerAccount(baseUrl, username);
      const articles = await addArticles(baseUrl, await loginToken(baseUrl, username, PASSWORD));

      const page = await newPage();
      await page.goto('/login');
      await signIn(page, username, PASSWORD);
      await waitForOverview(page);
      // Tabs on, and kept after a reload.
      await page.getByRole('button', { name: zh.layout.settings.title, exact: true }).first().click();
      const drawer = page.getByRole('dialog', { name: zh.layout.settings.title });
      await drawer.getByText(zh.layout.settings.tabs, { exact: true }).click();
      await drawer.getByText(zh.layout.settings.tabsCache, { exact: true }).click();
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });

      await page.goto('/article');
      for (const [index, { id, title }] of articles.entries()) {
        const link = page.getByRole('link', { name: title, exact: true });
        check(
          (await link.getAttribute('href')) === `/article/detail/${id}`,
          `the title of "${title}" is a real link to its page (middle click opens a browser tab)`,
        );
        await link.click();
        await page.waitForURL(`**/article/detail/${id}`);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        await page.getByRole('tab', { name: title }).waitFor();
        await page.getByRole('region', { name: article.seo.title }).waitFor();
        if (index < articles.length - 1) {
          await page.getByRole('link', { name: article.detail.back }).click();
          await page.waitForURL('**/article');
        }
      }
      // dynamicLevel 3: opening the fourth closed the oldest article's tab; the list's tab stays.
      const newest = TITLES.slice(1);
      await waitForDetailTabs(page, newest);
      await page.getByRole('tab', { name: zh.routes.article.list }).waitFor();
      check(await page.getByRole('tab', { name: TITLES[0] }).isHidden(), 'the first article’s tab is gone');
      await page.getByRole('region', { name: article.code.title }).getByText('JSON-LD').waitFor();
      check(
        (await page.title()).startsWith(zh.routes.article.detail),
        `the window reads "${zh.routes.article.detail}": ${await page.title()}`,
      );
      // An article's page is hidden from the menu: the sidebar marks the article list, the page it is under, as current.
      const menu = page.getByRole('navigation', { name: zh.layout.menu.label });
      await menu.locator('a[aria-current="page"]', { hasText: zh.routes.article.list }).waitFor();
      const current = (await menu.locator('a[aria-current="page"]').allInnerTexts()).map((text) => text.trim());
      check(
        JSON.stringify(current) === JSON.stringify([zh.routes.article.list]),
        `on an article's page the sidebar marks "${zh.routes.article.list}" alone as current: ${current}`,
      );
      await screenshot(page, 'article-tabs-zh-light');

      await page.reload();
      await page.getByRole('heading', { level: 1, name: TITLES[3] }).waitFor();
      await waitForDetailTabs(page, newest);

      // Another article's tab shows its page, still under its title.
      await page.getByRole('tab', { name: TITLES[1] }).click();
      await page.waitForURL(`**/article/detail/${articles[1].id}`);
      await page.getByRole('heading', { level: 1, name: TITLES[1] }).waitFor();
      await waitForDetailTabs(page, newest);

      // English, dark.
      await page.getByRole('button', { name: zh.layout.header.language }).click();
      await page.getByRole('menuitemradio', { name: 'English' }).click();
      await page.getByRole('button', { name: en.layout.header.darkMode }).click();
      await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
      await page.getByRole('tab', { name: en.routes.article.list }).waitFor();
      await page.getByRole('region', { name: enArticle.seo.title }).waitFor();
      await waitForDetailTabs(page, newest);
      await screenshot(page, 'article-tabs-en-dark');
      const code = page.getByRole('region', { name: enArticle.code.title });
      await code.scrollIntoViewIfNeeded();
      await code.getByText('JSON-LD').waitFor();
      await screenshot(page, 'article-code-en-dark');

      // An article that is not there: said on the page, with the way back.
      await page.goto('/article/detail/999999');
      await page.getByRole('heading', { name: enArticle.detail.notFound }).waitFor();
      await screenshot(page, 'article-not-found-en-dark');
      await page.getByRole('link', { name: enArticle.detail.back }).click();
      await page.waitForURL('**/article');
      await page.getByRole('link', { name: TITLES[0], exact: true }).waitFor();
    },
  ),
];

import type { Page } from 'playwright-core';
import { scenario } from '../harness';
import { call, loginToken, PASSWORD, registerAccount, uniqueUsername } from '../api';
import { check, signIn, waitForOverview } from '../pages';
import { fill, zh } from '../texts';
import publishing from '../../../src/i18n/locales/zh_CN/publishing.json';
import tasks from '../../../src/i18n/locales/zh_CN/tasks.json';
import enPublishing from '../../../src/i18n/locales/en/publishing.json';
import article from '../../../src/i18n/locales/zh_CN/article.json';
import enArticle from '../../../src/i18n/locales/en/article.json';
import { startWordPressDouble, WP_PASSWORD, WP_USER } from '../../server/wordpressDouble';
import { startLlmDouble } from '../../server/llmDouble';

const TITLE = 'Balcony tomatoes in pots';
const SITE = 'Balcony blog';
/** A sentence of the hand-written text: gone after the refresh, back after the restore. */
const OLD_SENTENCE = 'Water them every morning in July, and twice on the hottest days.';
/** What the model double's refreshed text says. */
const MODEL_TEXT = 'model-written article';
const BODY =
  '<p>Balcony tomatoes in pots need sun, a big pot and steady water.</p>' +
  '<h2>Choosing pots</h2><p>Pick a pot of at least twenty litres with holes in its bottom, and fill it with fresh compost.</p>' +
  `<h2>Watering</h2><p>${OLD_SENTENCE}</p>`;

/** The words of a catalog text before its first value: what a line with a date in it starts with. */
const lead = (text: string) => text.split('{{')[0].trim();

type Catalogs = { publishing: typeof publishing; article: typeof article };

/** The task's items: the article's post read back from the site, "verified". */
async function checkItemVerified(page: Page, texts: Catalogs, shot: (name: string) => Promise<void>) {
  await page.getByRole('button', { name: texts.publishing.actions.detail }).first().click();
  const items = page.getByRole('dialog', { name: new RegExp(SITE) });
  const verified = items.locator('[data-testid$="-verified"]');
  await verified.first().waitFor();
  const text = await verified.first().textContent();
  check(text?.startsWith(lead(texts.publishing.publications.verified)), `the item says the post was verified, got "${text}"`);
  check((await items.locator('[data-testid$="-differences"]').count()) === 0, 'the item names no difference');
  await shot('items');
  await page.keyboard.press('Escape');
}

/** A kept version compared with the current text: what only the version says removed, what only the current text says added. */
async function compareVersion(page: Page, texts: Catalogs, number: number, change: { removed: string; added: string }) {
  const versions = page.getByRole('region', { name: texts.article.versions.title });
  const row = versions.getByTestId('article-version').filter({ hasText: fill(texts.article.versions.row, { number, title: TITLE }) });
  await row.getByRole('button', { name: texts.article.versions.compare }).click();
  const diff = row.getByRole('group', { name: fill(texts.article.versions.diffTitle, { number }) });
  await diff.waitFor();
  const removed = (await diff.locator('del').allTextContents()).join('');
  const added = (await diff.locator('ins').allTextContents()).join('');
  check(removed.includes(change.removed), `the diff shows "${change.removed}" removed, got "${removed.slice(0, 200)}"`);
  check(added.includes(change.added), `the diff shows "${change.added}" added, got "${added.slice(0, 200)}"`);
  return row;
}

export const publishingRefreshScenarios = [
  scenario(
    'publishing refresh in place: an article published to the site is verified, refreshed from its page, compared with its version and restored',
    async ({ newPage, screenshot, baseUrl }) => {
      // Both doubles are on loopback: the servers run with ALLOW_PRIVATE_TARGETS (run.ts).
      const [wp, model] = await Promise.all([startWordPressDouble(), startLlmDouble()]);
      try {
        const username = uniqueUsername('refresher');
        await registerAccount(baseUrl, username);
        const token = await loginToken(baseUrl, username, PASSWORD);
        // A refresh needs a model: the account's own, the model double.
        await call(
          baseUrl,
          'POST',
          '/api/v1/account/provider/set',
          { llm_base_url: model.url, llm_model: 'double-model', llm_api_key: 'sk-e2e-1234567890' },
          token,
        );
        const site = await call<{ id: number }>(
          baseUrl,
          'POST',
          '/api/v1/site/add',
          { name: SITE, url: wp.url, type: 'wordpress', username: WP_USER, app_password: WP_PASSWORD },
          token,
        );
        const added = await call<{ id: number }>(
          baseUrl,
          'POST',
          '/api/v1/article/add',
          { title: TITLE, keyword: 'balcony tomatoes', language: 'en', site_id: site.id, status: 'ready', body: BODY },
          token,
        );

        const page = await newPage({ baseUrl });
        await page.goto('/login');
        await signIn(page, username, PASSWORD);
        await waitForOverview(page);

        // Published from the article's page, live on the site.
        await page.goto(`/article/detail/${added.id}`);
        await page.getByRole('heading', { name: TITLE }).first().waitFor();
        await page.getByRole('button', { name: publishing.actions.publish }).click();
        const form = page.getByRole('form', { name: publishing.form.title });
        await form.getByLabel(tasks.fields.site, { exact: true }).selectOption({ label: SITE });
        await form.getByLabel(publishing.fields.postStatus, { exact: true }).selectOption({ label: publishing.postStatus.publish });
        await form.getByText(fill(publishing.form.chosen, { count: 1 })).waitFor();
        await screenshot(page, 'refresh-publish');
        await form.getByRole('button', { name: publishing.form.start }).click();
        await form.waitFor({ state: 'detached' });

        // The task's item: the post read back from the site, verified.
        await page.goto('/task');
        await page.locator('[data-status="completed"]').first().waitFor();
        check(
          wp.posts.length === 1 && wp.posts[0].status === 'publish',
          `one live post, got ${JSON.stringify(wp.posts.map((p) => p.status))}`,
        );
        await checkItemVerified(page, { publishing, article }, (name) => screenshot(page, `refresh-publish-${name}`));

        // Refreshed from the article's page: the same post updated in place, the old text kept as version 1.
        await page.goto(`/article/detail/${added.id}`);
        await page.getByRole('region', { name: publishing.publications.title }).getByTestId('publication-verified').waitFor();
        const versions = page.getByRole('region', { name: article.versions.title });
        await versions.getByText(article.versions.none).waitFor();
        await page.getByRole('button', { name: article.refresh.action }).click();
        const confirm = page.getByRole('dialog', { name: article.refresh.title });
        await confirm.getByText(fill(article.refresh.text, { title: TITLE })).waitFor();
        await screenshot(page, 'refresh-confirm');
        await confirm.getByRole('button', { name: article.refresh.action }).click();
        await page
          .getByText(fill(article.refresh.done, { title: TITLE }))
          .first()
          .waitFor();
        const kept = versions.getByTestId('article-version');
        await kept.first().getByText(article.versions.source.refresh).waitFor();
        const postId = wp.posts[0].id;
        await waitUntil(() => wp.posts[0].content.raw.includes(MODEL_TEXT), 'the post updated with the refreshed text');
        check(wp.posts.length === 1 && wp.posts[0].id === postId, 'the same post is updated: no new post');
        const row = await compareVersion(page, { publishing, article }, 1, { removed: OLD_SENTENCE, added: MODEL_TEXT });
        await screenshot(page, 'refresh-diff');

        // Version 1 restored: the hand-written text is back, on the site too; the refreshed text is kept as version 2.
        await row.getByRole('button', { name: article.versions.restore }).click();
        const restoring = page.getByRole('dialog', { name: fill(article.versions.restoreTitle, { number: 1 }) });
        await restoring.getByRole('button', { name: article.versions.restore }).click();
        await page
          .getByText(fill(article.versions.restored, { number: 1 }))
          .first()
          .waitFor();
        await kept.nth(1).waitFor();
        await page.getByText(OLD_SENTENCE).first().waitFor();
        await waitUntil(() => wp.posts[0].content.raw.includes(OLD_SENTENCE), 'the post restored');
        check(wp.posts.length === 1, 'the restore updates the same post');
        await screenshot(page, 'refresh-restored');

        // English: the same page and the task's items in the other catalog.
        await page.getByRole('button', { name: zh.layout.header.language }).click();
        await page.getByRole('menuitemradio', { name: 'English' }).click();
        await page.getByRole('region', { name: enArticle.versions.title }).getByText(enArticle.versions.source.restore).waitFor();
        // Version 2, the refreshed text the restore replaced.
        await compareVersion(page, { publishing: enPublishing, article: enArticle }, 2, { removed: MODEL_TEXT, added: OLD_SENTENCE });
        await screenshot(page, 'refresh-diff-en');
        await page.goto('/task');
        await page.getByText(enPublishing.description).waitFor();
        await checkItemVerified(page, { publishing: enPublishing, article: enArticle }, (name) =>
          screenshot(page, `refresh-publish-${name}-en`),
        );
      } finally {
        await Promise.all([wp.close(), model.close()]);
      }
    },
  ),
];

/** Waits for what the site holds (the double in this process) to meet `condition`. */
async function waitUntil(condition: () => boolean, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

import { scenario } from '../harness';
import { addSite, call, loginToken, PASSWORD, registerAccount, uniqueUsername } from '../api';
import { check, settled, signIn, toEnglishDark, waitForOverview } from '../pages';
import { fill } from '../texts';
import site from '../../../src/i18n/locales/zh_CN/site.json';
import enSite from '../../../src/i18n/locales/en/site.json';
import { startWordPressDouble, WP_PASSWORD, WP_USER, type WordPressDouble } from '../../server/wordpressDouble';
import { waitFor } from '../../server/waitFor';

const SITE = 'Compost corner';
/** Four articles on one topic: each new one links to the older ones, and they get a link back. */
const COMPOST = ['Compost bins for small gardens', 'Compost tea for tomatoes', 'Compost heaps in winter', 'Worm compost at home'];
/**
 * An article on another topic, published last: it links to the most recent pages (a site with few
 * related ones still links), but no page is related to it, so none links back: the report's orphan.
 */
const LONELY = 'Sourdough bread from scratch';

const body = (title: string) =>
  title === LONELY
    ? `<p>${title}: flour, water, salt and patience.</p>` +
      `<h2>Feeding the sourdough</h2><p>Feed it flour and water every day for a week.</p>` +
      `<h2>Baking the first loaf</h2><p>Bake it hot, with steam, until the crust sings.</p>`
    : `<p>${title}: what it takes and how to begin with compost at home.</p>` +
      `<h2>Choosing a compost bin</h2><p>Every compost needs greens, browns, air and water in the right balance.</p>` +
      `<h2>Common compost mistakes</h2><p>A compost that smells has too much water or too many greens; add browns.</p>`;

/** How long the set-up waits for the server and the site, as the harness waits for a page. */
const WAIT_MS = 30_000;

type TaskDetail = { task: { total: number; done: number; failed: number; cancelled: number }; queued: number; running: number };

/** Publishes one article live and waits, as the task list does, until its task has finished. */
async function publishLive(baseUrl: string, token: string, siteId: number, articleId: number) {
  const task = await call<{ id: number }>(
    baseUrl,
    'POST',
    '/api/v1/task/add',
    { site_id: siteId, article_ids: [articleId], post_status: 'publish' },
    token,
  );
  const d = await waitFor(
    `publishing task ${task.id} finished`,
    async () => {
      const detail = await call<TaskDetail>(baseUrl, 'GET', `/api/v1/task/detail?id=${task.id}`, undefined, token);
      const { task: t, queued, running } = detail;
      return queued === 0 && running === 0 && t.done + t.failed + t.cancelled === t.total ? detail : undefined;
    },
    WAIT_MS,
  );
  check(d.task.done === 1, `article ${articleId} was published, got ${JSON.stringify(d.task)}`);
}

/** How a row of added links begins: the post that carries the link and the page it points at, both by title (the anchor is the server's choice). */
const rowStart = (row: string, source: string, target: string) => fill(row, { source, target, anchor: '' }).split('“')[0];

const postOf = (wp: WordPressDouble, title: string) => wp.posts.find((p) => p.title.raw === title);
const linksTo = (wp: WordPressDouble, from: string, to: string) => postOf(wp, from)!.content.raw.includes(`href="${postOf(wp, to)!.link}"`);

export const internalLinkScenarios = [
  scenario(
    "internal links: the site's links dialog lists the orphan page and the links added to older posts, and undoes one on the site",
    async ({ newPage, screenshot, baseUrl }) => {
      // The WordPress double is on loopback: the servers run with ALLOW_PRIVATE_TARGETS (run.ts).
      const wp = await startWordPressDouble();
      try {
        const username = uniqueUsername('linker');
        await registerAccount(baseUrl, username);
        const token = await loginToken(baseUrl, username, PASSWORD);
        const { id: siteId } = await addSite(baseUrl, token, {
          name: SITE,
          url: wp.url,
          type: 'wordpress',
          username: WP_USER,
          app_password: WP_PASSWORD,
        });
        const ids = new Map<string, number>();
        for (const title of [LONELY, ...COMPOST]) {
          const keyword = title === LONELY ? 'sourdough bread' : 'compost';
          const added = await call<{ id: number }>(
            baseUrl,
            'POST',
            '/api/v1/article/add',
            { title, keyword, language: 'en', site_id: siteId, status: 'ready', body: body(title) },
            token,
          );
          ids.set(title, added.id);
        }
        // One after another, as a site grows: the newest compost article links to the three before it.
        for (const title of [...COMPOST, LONELY]) await publishLive(baseUrl, token, siteId, ids.get(title)!);
        const newest = COMPOST[3];
        const linked = COMPOST.slice(0, 3).filter((older) => linksTo(wp, newest, older));
        check(linked.length === 3, `the newest article links to the three older ones, got ${JSON.stringify(linked)}`);
        // Older related posts get their link to it after it went live, in place.
        const linkingBack = await waitFor(
          'an older compost article links to the newest one',
          async () => {
            const found = COMPOST.slice(0, 3).filter((older) => linksTo(wp, older, newest));
            return found.length > 0 ? found : undefined;
          },
          WAIT_MS,
        );
        const posts = wp.posts.length;

        const page = await newPage({ baseUrl });
        await page.goto('/login');
        await signIn(page, username, PASSWORD);
        await waitForOverview(page);
        await page.goto('/site');
        await page.getByRole('button', { name: fill(site.actions.more, { name: SITE }) }).click();
        await page.getByRole('menuitem', { name: site.actions.links }).click();
        const dialog = page.getByRole('dialog', { name: fill(site.links.title, { name: SITE }) });
        await settled(dialog);

        // The report: the sourdough page is the one no other page links to; no link is broken.
        const orphans = dialog.getByRole('region', { name: site.links.orphans });
        await orphans.getByRole('link', { name: LONELY }).waitFor();
        check((await orphans.getByRole('link').count()) === 1, 'the sourdough page is the only orphan');
        await dialog.getByRole('region', { name: site.links.broken }).getByText(site.links.brokenNone).waitFor();

        // The links added to older posts, each with the post that carries it.
        const added = dialog.getByRole('region', { name: site.links.added });
        const source = linkingBack[0];
        // Named by the titles of both pages: the link is in the first, to the second.
        const row = added.getByTestId('site-link-change').filter({ hasText: rowStart(site.links.addedRow, source, newest) });
        await row.waitFor();
        await screenshot(page, 'links-dialog');

        // Undone after a confirmation: the older post is updated on the site without the link, in place.
        await row.getByRole('button', { name: site.links.undo }).click();
        const confirm = page.getByRole('dialog', { name: site.links.undoTitle });
        await settled(confirm);
        await screenshot(page, 'links-undo-confirm');
        await confirm.getByRole('button', { name: site.links.undo }).click();
        await confirm.waitFor({ state: 'detached' });
        await row.getByText(site.links.undone).waitFor();
        check(!linksTo(wp, source, newest), `${source} no longer links to ${newest}`);
        check(wp.posts.length === posts, `the post was updated in place, no new post (${wp.posts.length} against ${posts})`);
        await screenshot(page, 'links-undone');
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });

        // The same dialog in English and dark.
        await toEnglishDark(page);
        await page.getByRole('button', { name: fill(enSite.actions.more, { name: SITE }) }).click();
        await page.getByRole('menuitem', { name: enSite.actions.links }).click();
        const enDialog = page.getByRole('dialog', { name: fill(enSite.links.title, { name: SITE }) });
        await settled(enDialog);
        await enDialog.getByRole('region', { name: enSite.links.orphans }).getByRole('link', { name: LONELY }).waitFor();
        await enDialog
          .getByTestId('site-link-change')
          .filter({ hasText: rowStart(enSite.links.addedRow, source, newest) })
          .getByText(enSite.links.undone)
          .waitFor();
        await screenshot(page, 'links-dialog-en-dark');

        // At a phone's width the rows wrap inside the dialog.
        await page.setViewportSize({ width: 390, height: 844 });
        await settled(enDialog);
        const sideways = await enDialog.evaluate((element) => element.scrollWidth - element.clientWidth);
        check(sideways <= 0, `nothing in the dialog sticks out sideways at a phone's width (${sideways} px)`);
        await screenshot(page, 'links-dialog-phone');
      } finally {
        await wp.close();
      }
    },
  ),
];

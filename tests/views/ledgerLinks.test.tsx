import { consoleOnFakeServices } from './support/consoleOnFakeServices'; // first: it points the console's http client at its page server
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiPath } from '../../contract/paths';
import type { GenerationTaskDetail } from '../../contract/schemas/generationTask';
import type { LedgerEntry, PointsList } from '../../contract/schemas/points';
import enAccount from '../../src/i18n/locales/en/account.json';
import enLedger from '../../contract/locales/en/ledger.json';
import { changeLocale } from '../../src/i18n';
import { LOGIN_ADA, USER_ADA } from '../machines/fixtures/accounts';
import { menuItem } from '../machines/fixtures/menus';
import { generationTask } from './support/generationTaskDetail';
import { fill, zh } from './support/texts';
import generation from '../../src/i18n/locales/zh_CN/generation.json';

/**
 * The ledger's references are links to what they name (an order, an article, a generation or
 * publishing task), in the reader's language; one to something deleted since, or to a page the
 * reader may not open, stays words.
 */

const entry = (id: number, reference: string, target: LedgerEntry['target']): LedgerEntry => ({
  id,
  delta: -10,
  balance_after: 100 - id,
  reason: 'article_generation',
  reference,
  target,
  created_at: '2026-11-28 10:00:00',
});
const LEDGER: PointsList = {
  list: [
    entry(1, 'order:12', { page: 'order', id: 12 }),
    entry(2, 'refresh:5', { page: 'article', id: 5 }),
    entry(3, 'article_task_item:40', { page: 'generation', id: 3 }),
    entry(4, 'publish_item:9', { page: 'publishing', id: 2 }),
    entry(5, 'refresh:6', null),
  ],
  total: 5,
  balance: 95,
  prices: { article: 10, image: 2, images_per_article: 1 },
};
const TASK = generationTask({ id: 3, total: 1, done: 1 });
const DETAIL: GenerationTaskDetail = { task: TASK, queued: 0, waiting: 0, running: 0, items: { list: [], total: 0 }, economy: null };

// The reader's menus: the account, generation tasks and an article's details; not the publishing tasks.
const services = consoleOnFakeServices(
  {
    permCode: () => Promise.resolve(['account:ledger']),
    menuList: () =>
      Promise.resolve([
        menuItem({ id: 1, name: 'account', url: '/account', order: 10, component: 'account/index' }),
        menuItem({ id: 2, name: 'generation', url: '/article_task', order: 20, component: 'article_task/index' }),
        menuItem({ id: 3, name: 'articleDetail', url: '/article/detail/:id', order: 30, component: 'article/detail', is_show: 0 }),
      ]),
  },
  (request) => (request.path === ApiPath.pointsList ? LEDGER : request.path === ApiPath.articleTaskDetail ? DETAIL : undefined),
);
afterEach(() => changeLocale('zh_CN'));

async function openLedger() {
  const opened = await services.open('/account', { token: LOGIN_ADA.token, user: USER_ADA });
  await opened.fake.answer('userDetails', USER_ADA);
  return opened;
}

/** The ledger's links by their words, and the words that are not links. */
async function referencesIn(title: string, words: typeof zh.ledger.references) {
  const table = await screen.findByRole('table', { name: title });
  await within(table).findByText(fill(words.order, { id: 12 }));
  const href = (text: string) => within(table).queryByRole('link', { name: text })?.getAttribute('href') ?? null;
  return {
    table,
    order: href(fill(words.order, { id: 12 })),
    article: href(fill(words.refresh, { id: 5 })),
    generation: href(fill(words.article_task_item, { id: 40 })),
    publishing: href(fill(words.publish_item, { id: 9 })),
    deleted: href(fill(words.refresh, { id: 6 })),
  };
}

/** Where each reference leads: nowhere for a page the reader may not open, or for what is gone. */
const TARGETS = {
  order: '/account?order=12',
  article: '/article/detail/5',
  generation: '/article_task?task=3',
  publishing: null,
  deleted: null,
};

describe("the ledger's references", () => {
  it('lead to the order, the article and the generation task; not to a page the reader may not open, nor to what is gone', async () => {
    await openLedger();
    const links = await referencesIn(zh.account.ledger.title, zh.ledger.references);
    expect(links).toMatchObject(TARGETS);
    // Still said, as words.
    expect(within(links.table).getByText(fill(zh.ledger.references.publish_item, { id: 9 }))).toBeTruthy();
    expect(within(links.table).getByText(fill(zh.ledger.references.refresh, { id: 6 }))).toBeTruthy();

    // The generation task's detail opens, though the task list's page does not hold it.
    await userEvent
      .setup()
      .click(within(links.table).getByRole('link', { name: fill(zh.ledger.references.article_task_item, { id: 40 }) }));
    expect(await screen.findByRole('dialog', { name: fill(generation.detail.title, { name: 'Green tea' }) })).toBeTruthy();
  });

  it('read in English for an English reader', async () => {
    await openLedger();
    await act(() => changeLocale('en'));
    const links = await referencesIn(enAccount.ledger.title, enLedger.references);
    expect(links).toMatchObject(TARGETS);
    expect(within(links.table).getByText(fill(enLedger.references.publish_item, { id: 9 }))).toBeTruthy();
  });
});

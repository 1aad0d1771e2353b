import './support/realServer';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import article from '../../src/i18n/locales/zh_CN/article.json';
import common from '../../src/i18n/locales/zh_CN/common.json';
import type { WordPressDouble } from '../server/wordpressDouble';
import { callServer, registerAccount } from './support/accounts';
import { consoleWithModelAndWordPress } from './support/consoleWithModelAndWordPress';
import { findDialog } from './support/dialogs';
import { fill } from './support/texts';

/** The article list refreshes published articles picked in a dialog, saying first what the selection costs, and follows them to the end. */

let wp: WordPressDouble;
const { server, wordpressSite } = consoleWithModelAndWordPress('10.9.48', (doubles) => (wp = doubles.wp));

describe('refreshing articles from the article list', () => {
  it('picks by hand, shows the quote of the selection, queues after the confirmation and shows them finished', async () => {
    const owner = await registerAccount(server.url);
    const call = <T,>(method: string, path: string, body?: unknown) => callServer<T>(server.url, method, path, body, owner.token);
    const siteId = await wordpressSite(owner.token);
    const ids: number[] = [];
    for (const title of ['Rose care', 'Tulip care']) {
      const body = `<p>${title} starts with sun and water.</p><h2>Pruning</h2><p>Prune in early spring, just above an outward bud.</p>`;
      ids.push(
        (await call<{ id: number }>('POST', '/api/v1/article/add', { title, keyword: title.toLowerCase(), body, site_id: siteId })).id,
      );
    }
    await call('POST', '/api/v1/task/add', { site_id: siteId, article_ids: ids, post_status: 'publish' });
    for (const id of ids)
      await waitFor(
        async () => expect((await call<{ status: string }>('GET', `/api/v1/article/detail?id=${id}`)).status).toBe('published'),
        {
          timeout: 60_000,
        },
      );
    expect(wp.posts).toHaveLength(2);

    await server.open('/article', { token: owner.token });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: article.bulkRefresh.button }, { timeout: 60_000 }));
    const dialog = await findDialog('dialog', article.bulkRefresh.title);
    // Just published: none is old enough to be picked by age.
    await within(dialog).findByText(article.bulkRefresh.empty);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: article.bulkRefresh.pickBy }), 'hand');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Tulip care' }));
    await within(dialog).findByText(fill(common.quote.total.refresh, { points: 10, count: 1 }));
    await user.click(within(dialog).getByRole('button', { name: fill(article.bulkRefresh.action, { count: 1 }) }));

    await within(dialog).findByText(fill(article.bulkRefresh.queued, { count: 1 }));
    await within(dialog).findByText(fill(article.bulkRefresh.allEnded, { count: 1 }), {}, { timeout: 60_000 });
    await waitFor(() => expect(wp.posts.find((p) => p.title.raw === 'Tulip care')?.content.raw).toContain('model-written article'));
    expect(wp.posts).toHaveLength(2);
    expect(wp.posts.find((p) => p.title.raw === 'Rose care')?.content.raw).not.toContain('model-written article');
  }, 300_000);
});

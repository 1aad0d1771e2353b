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

/** A published article's page refreshes it through the model, saying first what it costs; the same post is updated. */

let wp: WordPressDouble;
const { server, wordpressSite } = consoleWithModelAndWordPress('10.9.47', (doubles) => (wp = doubles.wp));

describe('refreshing from the article page', () => {
  it('shows the quote, refreshes after the confirmation, lists the replaced text and updates the same post', async () => {
    const owner = await registerAccount(server.url);
    const call = <T,>(method: string, path: string, body?: unknown) => callServer<T>(server.url, method, path, body, owner.token);
    const siteId = await wordpressSite(owner.token);
    const body =
      `<p>Roses like sun. Read <a href="${wp.url}/feeding-roses/">feeding roses</a> too.</p>` +
      '<h2>Pruning</h2><p>Prune roses in early spring, just above an outward bud.</p>';
    const { id } = await call<{ id: number }>('POST', '/api/v1/article/add', {
      title: 'Rose care',
      keyword: 'rose care',
      body,
      site_id: siteId,
    });
    await call('POST', '/api/v1/task/add', { site_id: siteId, article_ids: [id], post_status: 'publish' });
    await waitFor(async () => expect((await call<{ status: string }>('GET', `/api/v1/article/detail?id=${id}`)).status).toBe('published'), {
      timeout: 60_000,
    });
    expect(wp.posts).toHaveLength(1);

    await server.open(`/article/detail/${id}`, { token: owner.token });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: article.refresh.action }, { timeout: 60_000 }));
    const dialog = await findDialog('dialog', article.refresh.title);
    await within(dialog).findByText(fill(common.quote.total.refresh, { points: 10, count: 1 }));
    await user.click(within(dialog).getByRole('button', { name: article.refresh.action }));

    const section = await screen.findByRole('region', { name: article.versions.title });
    const row = await within(section).findByText(fill(article.versions.row, { number: 1, title: 'Rose care' }));
    within(row.closest('[data-testid="article-version"]') as HTMLElement).getByText(article.versions.source.refresh);
    await waitFor(() => expect(wp.posts[0].content.raw).toContain('model-written article'));
    expect(wp.posts).toHaveLength(1);
    expect(wp.posts[0].content.raw).toContain(`${wp.url}/feeding-roses/`);
  }, 300_000);
});

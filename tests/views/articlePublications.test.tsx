import { useServerUrl } from './support/realServer'; // first: the console's http client then calls the page server below
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { ApiPath } from '../../contract/paths';
import type { Publication } from '../../contract/schemas/publishingTask';
import { system } from '../../src/components/theme/system';
import { loadConsoleTheme } from '../../src/components/theme/consoleTheme';
import { changeLocale, loadPacks, setupI18n } from '../../src/i18n';
import { ArticlePublications } from '../../src/components/publishing/ArticlePublications';
import { ok, sendJson, startTestServer } from '../services/testServer';
import { findDialog } from './support/dialogs';

/** Where an article is published: what the site holds, read back, and taking a post off the site. */

const row = (siteId: number, siteName: string, extra: Partial<Publication>): Publication => ({
  site_id: siteId,
  site_name: siteName,
  site_type: 'wordpress',
  remote_id: String(100 + siteId),
  remote_url: `https://${siteName}/?p=${100 + siteId}`,
  status: 'publish',
  error: '',
  last_sync_at: '2026-11-28 10:00:00',
  verification: { checked_at: '2026-11-28 10:00:00', differences: [], unsupported: [] },
  ...extra,
});
const ROWS = [
  row(1, 'herbs.example', {}),
  row(2, 'tea.example', {
    status: 'draft',
    verification: {
      checked_at: '2026-11-28 11:00:00',
      differences: [{ field: 'slug', expected: 'green-tea', actual: 'green-tea-2' }],
      unsupported: ['canonical_url'],
    },
  }),
];

/** What the server answers for the publications: the rows, or (the site having answered a take-off) the next ones after one more read. */
let answers: { now: Publication[]; after: Publication[] | null; readsBeforeAfter: number } = {
  now: ROWS,
  after: null,
  readsBeforeAfter: 0,
};

let pages: Awaited<ReturnType<typeof startTestServer>> | undefined;
beforeAll(async () => {
  pages = await startTestServer((request, response) => {
    if (request.path === ApiPath.taskPublications) {
      const list = answers.readsBeforeAfter-- <= 0 && answers.after ? answers.after : answers.now;
      return sendJson(response, ok({ list, total: list.length }));
    }
    if (request.path === ApiPath.taskAdd) {
      // The task is added; the worker takes the post off the site a moment later.
      answers.readsBeforeAfter = 1;
      return sendJson(response, ok({ id: 5 }));
    }
    return sendJson(response, ok({ list: [], total: 0 }));
  });
  useServerUrl(pages.url);
  await setupI18n('en');
  await changeLocale('en');
  await loadPacks(['publishing', 'tasks']);
  await loadConsoleTheme();
});
afterAll(async () => {
  await changeLocale('zh_CN');
  await pages?.close();
});

describe("an article's publications", () => {
  it('say which posts were verified on the site and exactly what differs; unpublish and delete add a task', async () => {
    render(
      <ChakraProvider value={system}>
        <ArticlePublications articleId={9} />
      </ChakraProvider>,
    );
    const region = await screen.findByRole('region', { name: 'Published on' });
    expect(within(region).getByText('Verified on the site 2026-11-28 10:00:00')).toBeDefined();
    expect(within(region).getByText('The site holds something else (read back 2026-11-28 11:00:00):')).toBeDefined();
    expect(within(region).getByText('Slug: sent “green-tea”, the site holds “green-tea-2”')).toBeDefined();
    // A field the site has no place for is said, not counted as verified.
    expect(within(region).getByText('Not supported by the site: Canonical URL')).toBeDefined();
    // A published post can be unpublished; a draft only deleted.
    expect(within(region).getAllByRole('button', { name: 'Unpublish' })).toHaveLength(1);
    expect(within(region).getAllByRole('button', { name: 'Delete on the site' })).toHaveLength(2);

    await userEvent.click(within(region).getByRole('button', { name: 'Unpublish' }));
    expect(await within(region).findByText('Added to the publishing tasks: the site is updated in a moment')).toBeDefined();
    const sent = pages?.received.filter((r) => r.path === ApiPath.taskAdd).map((r) => JSON.parse(r.body) as unknown);
    expect(sent).toEqual([{ site_id: 1, article_ids: [9], action: 'unpublish' }]);

    // Deleting a post on the site is asked first, naming the site; nothing is sent until confirmed.
    await userEvent.click(within(region).getAllByRole('button', { name: 'Delete on the site' })[0]);
    const dialog = await findDialog('dialog', 'Delete this post on the site?');
    expect(within(dialog).getByText(/herbs\.example/)).toBeDefined();
    expect(pages?.received.filter((r) => r.path === ApiPath.taskAdd)).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete on the site' }));
    await waitFor(() =>
      expect(pages?.received.filter((r) => r.path === ApiPath.taskAdd).map((r) => JSON.parse(r.body) as unknown)).toEqual([
        { site_id: 1, article_ids: [9], action: 'unpublish' },
        { site_id: 1, article_ids: [9], action: 'delete' },
      ]),
    );
  });

  it('show the post taken off once the site has answered, without leaving the page', async () => {
    answers = {
      now: ROWS,
      after: [row(1, 'herbs.example', { status: 'draft', last_sync_at: '2026-11-28 12:00:00' }), ROWS[1]],
      readsBeforeAfter: Infinity,
    };
    pages?.received.splice(0);
    render(
      <ChakraProvider value={system}>
        <ArticlePublications articleId={9} />
      </ChakraProvider>,
    );
    const region = await screen.findByRole('region', { name: 'Published on' });
    const herbs = () => within(region).getByText('herbs.example').closest('div')?.parentElement as HTMLElement;
    expect(within(herbs()).getByText('Published')).toBeDefined();
    await userEvent.click(within(region).getByRole('button', { name: 'Unpublish' }));
    // Read again right after the task is added (the post is still live), then until the site has answered.
    await waitFor(() => expect(within(herbs()).getByText('Draft')).toBeDefined());
    expect(within(region).queryByRole('button', { name: 'Unpublish' })).toBeNull();
    expect(within(herbs()).getByText('Last sync 2026-11-28 12:00:00')).toBeDefined();
  });
});

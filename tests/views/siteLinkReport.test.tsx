import { useServerUrl } from './support/realServer'; // first: the console's http client then calls the page server below
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { ApiPath } from '../../contract/paths';
import type { InternalLink, LinkReport } from '../../contract/schemas/internalLink';
import type { Site } from '../../contract/schemas/site';
import { system } from '../../src/components/theme/system';
import { loadConsoleTheme } from '../../src/components/theme/consoleTheme';
import { changeLocale, loadPacks, setupI18n } from '../../src/i18n';
import { SiteLinksDialog } from '../../src/views/site/SiteLinksDialog';
import { ok, sendJson, startTestServer } from '../services/testServer';
import { findDialog } from './support/dialogs';

/** A site's internal links report: the pages nothing links to, and the links to pages gone. */

const REPORT: LinkReport = {
  orphans: [{ article_id: 3, title: 'Compost bins', url: 'https://herbs.example/compost-bins/' }],
  broken: [
    {
      link_id: 7,
      source_article_id: 4,
      source_title: 'Compost tea',
      source_url: 'https://herbs.example/compost-tea/',
      // Taken off the site, still an article: named by its title.
      target_article_id: 5,
      target_title: 'Worm compost',
      target_url: 'https://herbs.example/worm-compost/',
      anchor: 'worm compost',
    },
    {
      // Deleted, named by its address. A Chinese slug travels percent-encoded, as WordPress writes it.
      link_id: 8,
      source_article_id: 4,
      source_title: 'Compost tea',
      source_url: 'https://herbs.example/compost-tea/',
      target_article_id: null,
      target_title: null,
      target_url: 'https://herbs.example/%e5%a0%86%e8%82%a5/',
      anchor: '堆肥',
    },
  ],
};

const added = (id: number, source: string, target: string, undone = false): InternalLink => ({
  id,
  site_id: 2,
  source_article_id: id + 100,
  source_title: source,
  target_article_id: 9,
  target_title: 'Compost worms',
  target_url: target,
  anchor: 'compost',
  kind: 'backlink',
  created_at: '2026-11-28 10:00:00',
  undone_at: undone ? '2026-11-28 11:00:00' : null,
  on_site: true,
});
const CHANGES: InternalLink[] = [
  added(11, 'Compost heap', 'https://herbs.example/compost-worms/'),
  added(12, 'Leaf mould', 'https://herbs.example/compost-worms/', true),
  { ...added(13, 'Compost worms', 'https://herbs.example/compost-heap/'), kind: 'related' },
  // Read back, the site's post no longer holds it (removed on the site).
  { ...added(14, 'Worm towers', 'https://herbs.example/compost-worms/'), on_site: false },
];
const REFUSAL = 'The post could not be updated: the site answered 502.';
let undoAnswers = 0;

let pages: Awaited<ReturnType<typeof startTestServer>> | undefined;
beforeAll(async () => {
  pages = await startTestServer((request, response) => {
    if (request.path === ApiPath.siteLinkReport) return sendJson(response, ok(REPORT));
    if (request.path === ApiPath.siteLinkList) return sendJson(response, ok({ list: CHANGES, total: CHANGES.length }));
    if (request.path === ApiPath.siteLinkUndo) {
      // The site fails the first time, then takes the post without the link.
      undoAnswers += 1;
      if (undoAnswers === 1) return sendJson(response, { code: -1, msg: REFUSAL, data: null });
      return sendJson(response, ok({ ...CHANGES[0], undone_at: '2026-11-28 12:00:00' }));
    }
    return sendJson(response, ok({ list: [], total: 0 }));
  });
  useServerUrl(pages.url);
  await setupI18n('en');
  await changeLocale('en');
  await loadPacks(['common', 'site']);
  await loadConsoleTheme();
});
afterAll(async () => {
  await changeLocale('zh_CN');
  await pages?.close();
});

describe("a site's internal links", () => {
  it('lists the orphan pages and the broken links of the site asked for', async () => {
    render(
      <ChakraProvider value={system}>
        <SiteLinksDialog open site={{ id: 2, name: 'Herbs' } as Site} canUndo onClose={() => {}} />
      </ChakraProvider>,
    );
    const dialog = await findDialog('dialog', 'Internal links of Herbs');
    const orphans = await within(dialog).findByRole('region', { name: 'Pages no other page links to' });
    expect(within(orphans).getByRole('link', { name: 'Compost bins' }).getAttribute('href')).toBe('https://herbs.example/compost-bins/');
    const broken = within(dialog).getByRole('region', { name: 'Links to pages no longer live' });
    expect(within(broken).getByText('Compost tea links to Worm compost (“worm compost”)')).toBeDefined();
    // A deleted page's address, with a slug in another script, reads with its letters.
    expect(within(broken).getByText('Compost tea links to https://herbs.example/堆肥/ (“堆肥”)')).toBeDefined();
    expect(pages?.received.filter((r) => r.path === ApiPath.siteLinkReport).map((r) => r.query.get('site_id'))).toEqual(['2']);
  });

  it('lists the links added to older posts and undoes one after a confirmation, saying why when the site refuses', async () => {
    const user = userEvent.setup();
    render(
      <ChakraProvider value={system}>
        <SiteLinksDialog open site={{ id: 2, name: 'Herbs' } as Site} canUndo onClose={() => {}} />
      </ChakraProvider>,
    );
    const dialog = await findDialog('dialog', 'Internal links of Herbs');
    const changes = await within(dialog).findByRole('region', { name: 'Links added to older posts' });
    const row = (text: string) => within(changes).getByText(text).closest('[data-testid="site-link-change"]') as HTMLElement;
    const heap = await within(changes).findByText('Compost heap links to Compost worms (“compost”)');
    // The link of a new post of its own is not a change made to an older post.
    expect(within(changes).queryByText(/^Compost worms links to/)).toBeNull();
    const mould = row('Leaf mould links to Compost worms (“compost”)');
    within(mould).getByText('undone');
    expect(within(mould).queryByRole('button', { name: 'Undo' })).toBeNull();
    // What the site really holds: a link its post lost there says so, and can still be undone.
    const towers = row('Worm towers links to Compost worms (“compost”)');
    within(towers).getByText('not on the site');
    within(towers).getByRole('button', { name: 'Undo' });
    expect(within(mould).queryByText('not on the site')).toBeNull();

    const heapRow = heap.closest('[data-testid="site-link-change"]') as HTMLElement;
    await user.click(within(heapRow).getByRole('button', { name: 'Undo' }));
    let confirm = await findDialog('dialog', 'Undo this link?');
    within(confirm).getByText('Compost heap is updated on the site without its link to Compost worms.');
    await user.click(within(confirm).getByRole('button', { name: 'Undo' }));
    await within(confirm).findByText(REFUSAL);
    expect(within(heapRow).queryByText('undone')).toBeNull();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));

    await user.click(within(heapRow).getByRole('button', { name: 'Undo' }));
    confirm = await findDialog('dialog', 'Undo this link?');
    expect(within(confirm).queryByText(REFUSAL)).toBeNull();
    await user.click(within(confirm).getByRole('button', { name: 'Undo' }));
    await within(heapRow).findByText('undone');
    expect(within(heapRow).queryByRole('button', { name: 'Undo' })).toBeNull();
    // The confirmation closes (after its closing animation).
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Undo this link?' })).toBeNull());
    expect(pages?.received.filter((r) => r.path === ApiPath.siteLinkUndo).map((r) => JSON.parse(r.body))).toEqual([{ id: 11 }, { id: 11 }]);
  });
});

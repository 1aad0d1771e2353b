import { useServerUrl } from './support/realServer'; // first: the console's http client then calls the page server below
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { ApiPath } from '../../contract/paths';
import type { ArticleDetail } from '../../contract/schemas/article';
import type { Site } from '../../contract/schemas/site';
import { system } from '../../src/components/theme/system';
import { loadConsoleTheme } from '../../src/components/theme/consoleTheme';
import { changeLocale, loadPacks, setupI18n } from '../../src/i18n';
import { ArticleFormDialog } from '../../src/views/article/ArticleFormDialog';
import { ok, sendJson, startTestServer } from '../services/testServer';
import { findDialog } from './support/dialogs';

/** The article's WordPress fields on its edit form: shown as kept, checked, and sent with the edit. */

const ARTICLE: ArticleDetail = {
  id: 9,
  task_id: null,
  title: 'Herb spirals',
  slug: 'herb-spirals',
  site_id: null,
  category_id: null,
  keyword: 'herb spiral',
  status: 'draft',
  source: 'manual',
  writer: '',
  kind: 'article',
  seo_score: 60,
  word_count: 30,
  cover_url: '',
  created_at: '2026-11-28 10:00:00',
  updated_at: '2026-11-28 10:00:00',
  language: 'en',
  meta_title: 'Herb spirals',
  meta_description: 'How to build a herb spiral.',
  body: '<p>How to build a herb spiral on a balcony.</p>',
  outline: [],
  faq: [],
  images: [],
  seo_checks: [],
  wordpress: { categories: ['Garden', 'Herbs'], tags: ['spirals'], author: '', excerpt: '', canonical_url: '' },
  refreshing: false,
};

/** The article the server answers with. */
let detail = ARTICLE;

let pages: Awaited<ReturnType<typeof startTestServer>> | undefined;
beforeAll(async () => {
  pages = await startTestServer((request, response) => {
    if (request.path === ApiPath.articleDetail) return sendJson(response, ok(detail));
    if (request.path === ApiPath.articleEdit) return sendJson(response, ok(detail));
    if (request.path === ApiPath.siteUsers) {
      const list = [
        { id: 1, login: 'admin', name: 'Site admin' },
        { id: 7, login: 'anna.w', name: 'Anna Writer' },
      ];
      return sendJson(response, ok({ list, total: list.length }));
    }
    return sendJson(response, ok({ list: [], total: 0 }));
  });
  useServerUrl(pages.url);
  await setupI18n('en');
  await changeLocale('en');
  await loadPacks(['common', 'article']);
  await loadConsoleTheme();
});
afterAll(async () => {
  await changeLocale('zh_CN');
  await pages?.close();
});

describe("an article's WordPress fields on its form", () => {
  it('show what the article keeps, refuse a canonical URL that is no web address, and send the choices with the edit', async () => {
    render(
      <ChakraProvider value={system}>
        <ArticleFormDialog open articleId={9} sites={[]} onClose={() => {}} onSaved={() => {}} />
      </ChakraProvider>,
    );
    const dialog = await findDialog('dialog', 'Edit article');
    const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
    await waitFor(() => expect(field('Categories').value).toBe('Garden, Herbs'));
    expect(field('Tags').value).toBe('spirals');

    await userEvent.type(field('Tags'), ', pots，Spirals');
    await userEvent.type(field('Author'), 'anna.w');
    await userEvent.type(field('Excerpt'), 'Three herbs, one spiral.');
    await userEvent.type(field('Canonical URL'), 'ftp://example.org/x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('An address starting with http:// or https://')).toBeDefined();
    expect(pages?.received.filter((r) => r.path === ApiPath.articleEdit)).toHaveLength(0);

    await userEvent.clear(field('Canonical URL'));
    await userEvent.type(field('Canonical URL'), 'https://example.org/herb-spirals');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(pages?.received.filter((r) => r.path === ApiPath.articleEdit)).toHaveLength(1));
    const sent = JSON.parse(pages?.received.find((r) => r.path === ApiPath.articleEdit)?.body ?? '{}') as { wordpress: unknown };
    // Names each once, whichever comma separates them.
    expect(sent.wordpress).toEqual({
      categories: ['Garden', 'Herbs'],
      tags: ['spirals', 'pots'],
      author: 'anna.w',
      excerpt: 'Three herbs, one spiral.',
      canonical_url: 'https://example.org/herb-spirals',
    });
    expect(screen.queryByText('Too many')).toBeNull();
  });

  it("offer the WordPress site's users as the author", async () => {
    detail = { ...ARTICLE, site_id: 3, wordpress: { ...ARTICLE.wordpress, author: '' } };
    pages?.received.splice(0);
    const sites = [{ id: 3, name: 'Herbs', type: 'wordpress' } as Site];
    render(
      <ChakraProvider value={system}>
        <ArticleFormDialog open articleId={9} sites={sites} onClose={() => {}} onSaved={() => {}} />
      </ChakraProvider>,
    );
    const dialog = await findDialog('dialog', 'Edit article');
    const author = await waitFor(() => within(dialog).getByRole('combobox', { name: 'Author' }));
    expect(
      within(author)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['The user of the site’s application password', 'Site admin (admin)', 'Anna Writer (anna.w)']);
    await userEvent.selectOptions(author, 'anna.w');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(pages?.received.filter((r) => r.path === ApiPath.articleEdit)).toHaveLength(1));
    const sent = JSON.parse(pages?.received.find((r) => r.path === ApiPath.articleEdit)?.body ?? '{}') as { wordpress: { author: string } };
    expect(sent.wordpress.author).toBe('anna.w');
  });
});

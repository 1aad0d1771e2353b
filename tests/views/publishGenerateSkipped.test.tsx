import './support/realServer'; // first: the console's http client then calls the page server below
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { ApiPath } from '../../contract/paths';
import type { Quote, TaskQuoteBody } from '../../contract/schemas/quote';
import { system } from '../../src/components/theme/system';
import { loadConsoleTheme } from '../../src/components/theme/consoleTheme';
import { changeLocale, loadPacks, setupI18n } from '../../src/i18n';
import common from '../../src/i18n/locales/zh_CN/common.json';
import task from '../../src/i18n/locales/zh_CN/task.json';
import { FormDialog } from '../../src/components/feedback/FormDialog';
import { PublishGenerateForm } from '../../src/views/task/PublishGenerateForm';
import { ok, sendJson, startTestServer } from '../services/testServer';
import { useServerUrl } from './support/realServer';
import { findDialog } from './support/dialogs';
import { fill } from './support/texts';
import { SITE } from './support/siteGenerateDialog';

/* The generate-and-publish dialog says, before anything is spent, which chosen keywords its task will skip. */

/** The site's keywords: "tulip" already has an article on the site, so the server's task would skip it. */
const KEYWORDS = [
  { id: 11, keyword: 'tulip' },
  { id: 12, keyword: 'daffodil' },
];
const WRITTEN = 11;

const quoteOf = (body: TaskQuoteBody): Quote => {
  const skipped = KEYWORDS.filter((k) => k.id === WRITTEN && body.keyword_ids?.includes(k.id)).map((k) => k.keyword);
  const count = body.count - skipped.length;
  return { count, lines: [{ what: 'article', price: 10, quantity: 1 }], per_item: 10, total: 10 * count, skipped };
};

let server: Awaited<ReturnType<typeof startTestServer>> | undefined;
beforeAll(async () => {
  server = await startTestServer((request, response) => {
    if (request.path === ApiPath.taskQuote) return sendJson(response, ok(quoteOf(JSON.parse(request.body) as TaskQuoteBody)));
    if (request.path === ApiPath.siteKeywordList)
      return sendJson(
        response,
        ok({
          list: KEYWORDS.map((k) => ({ ...k, site_id: SITE.id, used: false, used_at: null, created_at: '2026-11-28 10:00:00' })),
          total: KEYWORDS.length,
          unused: KEYWORDS.length,
        }),
      );
    if (request.path === ApiPath.providerGet)
      return sendJson(response, ok({ effective: { writer: 'gpt-test', images: 'cover-renderer' } }));
    return sendJson(response, ok({ list: [], total: 0 }));
  });
  useServerUrl(server.url);
  await setupI18n('zh_CN');
  await changeLocale('zh_CN');
  await loadPacks(['task', 'site', 'model']);
  await loadConsoleTheme();
});
afterAll(() => server?.close());

describe('the generate-and-publish dialog', () => {
  it('names the keywords its task will skip, and counts only the others', async () => {
    render(
      <ChakraProvider value={system}>
        <FormDialog open onClose={() => {}} title={task.generate.title} size="lg">
          <PublishGenerateForm sites={[{ ...SITE, type: 'wordpress' }]} onCancel={() => {}} onStarted={() => {}} />
        </FormDialog>
      </ChakraProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: task.generate.chooseKeywords }, { timeout: 10_000 }));
    const picker = await findDialog('dialog', task.keywordPicker.title);
    for (const { keyword } of KEYWORDS)
      await user.click(
        await within(picker).findByRole('checkbox', { name: fill(task.keywordPicker.select, { keyword }) }, { timeout: 10_000 }),
      );
    await user.click(within(picker).getByRole('button', { name: task.keywordPicker.done }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: task.keywordPicker.title })).toBeNull());

    const quote = screen.getByTestId('quote');
    await waitFor(() => expect(quote.textContent).toContain(fill(common.quote.skipped, { count: 1, keywords: 'tulip' })), {
      timeout: 10_000,
    });
    expect(quote.textContent).not.toContain('daffodil');
    expect(quote.textContent).toContain(fill(common.quote.total.article, { points: 10, count: 1 }));
  }, 60_000);
});

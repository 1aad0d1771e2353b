import './support/realServer'; // first: the console's http client then calls the page server below
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiPath } from '../../contract/paths';
import type { Quote, TaskQuoteBody } from '../../contract/schemas/quote';
import common from '../../src/i18n/locales/zh_CN/common.json';
import { ok, sendJson, startTestServer } from '../services/testServer';
import {
  answerDialogReads,
  chooseKeywords,
  preparePublishGenerateDialog,
  renderPublishGenerateDialog,
} from './support/publishGenerateDialog';
import { fill } from './support/texts';

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
    if (answerDialogReads(request.path, response, KEYWORDS)) return;
    return sendJson(response, ok({ list: [], total: 0 }));
  });
  await preparePublishGenerateDialog(server.url);
});
afterAll(() => server?.close());

describe('the generate-and-publish dialog', () => {
  it('names the keywords its task will skip, and counts only the others', async () => {
    renderPublishGenerateDialog();
    await chooseKeywords(
      userEvent.setup(),
      KEYWORDS.map((k) => k.keyword),
    );

    const quote = screen.getByTestId('quote');
    await waitFor(() => expect(quote.textContent).toContain(fill(common.quote.skipped, { count: 1, keywords: 'tulip' })));
    expect(quote.textContent).not.toContain('daffodil');
    expect(quote.textContent).toContain(fill(common.quote.total.article, { points: 10, count: 1 }));
  });
});

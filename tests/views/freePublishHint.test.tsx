import './support/realServer'; // first: the console's http client then calls the page server below
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { ApiPath } from '../../contract/paths';
import type { Site } from '../../contract/schemas/site';
import { FormDialog } from '../../src/components/feedback/FormDialog';
import { PublishingTaskForm } from '../../src/components/publishing/PublishingTaskForm';
import { loadConsoleTheme } from '../../src/components/theme/consoleTheme';
import { system } from '../../src/components/theme/system';
import { changeLocale, loadPacks, setupI18n } from '../../src/i18n';
import { ok, sendJson, startTestServer } from '../services/testServer';
import { useServerUrl } from './support/realServer';
import { zh } from './support/texts';
import publishing from '../../src/i18n/locales/zh_CN/publishing.json';

/* The publish dialog's hint about deducting points shows only when publishing costs points. */

const SITE: Site = {
  id: 5,
  name: 'Tea shop',
  url: 'https://shop.example',
  language: 'en',
  type: 'wordpress',
  status: 'enabled',
  default_category_id: null,
  has_credentials: true,
  credentials_hint: '',
  keyword_count: 0,
  unused_keyword_count: 0,
  last_check_ok: null,
  last_check_message: '',
  last_check_at: null,
  created_at: '2026-11-28 10:00:00',
  updated_at: '2026-11-28 10:00:00',
};

/** What the operator charges per publication in the test at hand. */
let price = 0;
let server: Awaited<ReturnType<typeof startTestServer>> | undefined;
beforeAll(async () => {
  server = await startTestServer((request, response) => {
    if (request.path === ApiPath.taskQuote) {
      const lines = price ? [{ what: 'publish' as const, price, quantity: 1 }] : [];
      return sendJson(response, ok({ count: 2, lines, per_item: price, total: price * 2 }));
    }
    return sendJson(response, ok({ list: [], total: 0 }));
  });
  useServerUrl(server.url);
  await setupI18n('zh_CN');
  await changeLocale('zh_CN');
  await loadPacks(['publishing', 'tasks']);
  await loadConsoleTheme();
});
afterAll(() => server?.close());

const openPublishDialog = () =>
  render(
    <ChakraProvider value={system}>
      <FormDialog open onClose={() => {}} title="publish" size="lg">
        <PublishingTaskForm
          sites={[SITE]}
          articles={
            new Map([
              [1, 'Sencha'],
              [2, 'Matcha'],
            ])
          }
          onCancel={() => {}}
          onStarted={() => {}}
        />
      </FormDialog>
    </ChakraProvider>,
  );

const quoteText = () => screen.getByTestId('quote').textContent ?? '';

describe("the publish dialog's points hint", () => {
  it('is not shown when publishing is free, which the quote says', async () => {
    price = 0;
    const { unmount } = openPublishDialog();
    await waitFor(() => expect(quoteText()).toContain(zh.common.quote.free));
    expect(screen.queryByText(publishing.form.pointsHint)).toBeNull();
    unmount();
  });

  it('is shown when publishing costs points', async () => {
    price = 3;
    openPublishDialog();
    await waitFor(() => expect(quoteText()).toContain('合计 6 积分'));
    expect(screen.getByText(publishing.form.pointsHint)).toBeTruthy();
  });
});

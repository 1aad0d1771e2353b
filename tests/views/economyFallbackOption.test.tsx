import { useServerUrl } from './support/realServer'; // first: the console's http client then calls the page server below
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { ApiPath } from '../../contract/paths';
import type { ArticleTaskAddBody } from '../../contract/schemas/articleTask';
import type { Site } from '../../contract/schemas/site';
import { system } from '../../src/components/theme/system';
import { loadConsoleTheme } from '../../src/components/theme/consoleTheme';
import { changeLocale, loadPacks, setupI18n } from '../../src/i18n';
import { SiteGenerateDialog } from '../../src/views/site/SiteGenerateDialog';
import { ok, sendJson, startTestServer } from '../services/testServer';

/* An economy task may have the calls its batches leave unanswered made through the interactive API: the generate dialog offers it. */

const SITE: Site = {
  id: 3,
  name: 'Tea blog',
  url: 'https://tea.example',
  language: 'en',
  type: 'export',
  status: 'enabled',
  default_category_id: null,
  has_credentials: false,
  credentials_hint: '',
  keyword_count: 8,
  unused_keyword_count: 4,
  last_check_ok: null,
  last_check_message: '',
  last_check_at: null,
  created_at: '2026-11-28 10:00:00',
  updated_at: '2026-11-28 10:00:00',
};

let server: Awaited<ReturnType<typeof startTestServer>> | undefined;
const added: ArticleTaskAddBody[] = [];
beforeAll(async () => {
  server = await startTestServer((request, response) => {
    if (request.path === ApiPath.articleTaskAdd) {
      added.push(JSON.parse(request.body) as ArticleTaskAddBody);
      return sendJson(response, ok({ id: 41, skipped: [] }));
    }
    if (request.path === ApiPath.articleTaskQuote)
      return sendJson(response, ok({ count: 4, lines: [{ what: 'article', price: 5, quantity: 1 }], per_item: 5, total: 20 }));
    if (request.path === ApiPath.providerGet)
      return sendJson(response, ok({ effective: { writer: 'gpt-test', images: 'cover-renderer' } }));
    return sendJson(response, ok({ list: [], total: 0 }));
  });
  useServerUrl(server.url);
  await setupI18n('zh_CN');
  await changeLocale('zh_CN');
  await loadPacks(['articleTask', 'site', 'model']);
  await loadConsoleTheme();
});
afterAll(() => server?.close());

const FALLBACK = '批量未完成的调用立即改用实时接口重试';

describe('the generate dialog in economy mode', () => {
  it('offers the interactive fallback once economy mode is on, and sends it with the task', async () => {
    let started = 0;
    render(
      <ChakraProvider value={system}>
        <SiteGenerateDialog open site={SITE} onClose={() => {}} onStarted={() => started++} />
      </ChakraProvider>,
    );
    const user = userEvent.setup();
    const economy = await screen.findByRole('checkbox', { name: '经济模式（批量接口，较慢、更便宜）' }, { timeout: 10_000 });
    expect(screen.queryByRole('checkbox', { name: FALLBACK })).toBeNull();
    await user.click(economy);
    await user.click(await screen.findByRole('checkbox', { name: FALLBACK }));
    await user.click(screen.getByRole('button', { name: '开始' }));
    await waitFor(() => expect(started).toBe(1), { timeout: 10_000 });
    expect(added.at(-1)).toMatchObject({ site_id: 3, economy: true, interactive_fallback: true });
  }, 60_000);
});

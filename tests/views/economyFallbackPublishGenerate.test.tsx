import './support/realServer'; // first: the console's http client then calls the page server below
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { ApiPath } from '../../contract/paths';
import type { PublishGenerateBody } from '../../contract/schemas/publishTask';
import { system } from '../../src/components/theme/system';
import { loadConsoleTheme } from '../../src/components/theme/consoleTheme';
import { changeLocale, loadPacks, setupI18n } from '../../src/i18n';
import task from '../../src/i18n/locales/zh_CN/task.json';
import { FormDialog } from '../../src/components/feedback/FormDialog';
import { PublishGenerateForm } from '../../src/views/task/PublishGenerateForm';
import { ok, sendJson, startTestServer } from '../services/testServer';
import { useServerUrl } from './support/realServer';
import { findDialog } from './support/dialogs';
import { fill } from './support/texts';
import { SITE } from './support/siteGenerateDialog';

/* The generate-and-publish dialog in economy mode offers the interactive fallback, as the generate dialog does. */

let server: Awaited<ReturnType<typeof startTestServer>> | undefined;
const sent: PublishGenerateBody[] = [];
beforeAll(async () => {
  server = await startTestServer((request, response) => {
    if (request.path === ApiPath.taskGenerate) {
      sent.push(JSON.parse(request.body) as PublishGenerateBody);
      return sendJson(response, ok({ task: { id: 7 }, article_task_id: 41, skipped: [] }));
    }
    if (request.path === ApiPath.siteKeywordList)
      return sendJson(
        response,
        ok({
          list: [{ id: 11, site_id: 3, keyword: 'tulip', used: false, used_at: null, created_at: '2026-11-28 10:00:00' }],
          total: 1,
          unused: 1,
        }),
      );
    if (request.path === ApiPath.taskQuote)
      return sendJson(response, ok({ count: 1, lines: [{ what: 'article', price: 5, quantity: 1 }], per_item: 5, total: 5 }));
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

describe('the generate-and-publish dialog in economy mode', () => {
  it('offers the interactive fallback once economy mode is on, and sends it with the tasks', async () => {
    let started = 0;
    render(
      <ChakraProvider value={system}>
        <FormDialog open onClose={() => {}} title={task.generate.title} size="lg">
          <PublishGenerateForm sites={[{ ...SITE, type: 'wordpress' }]} onCancel={() => {}} onStarted={() => started++} />
        </FormDialog>
      </ChakraProvider>,
    );
    const user = userEvent.setup();
    const economy = await screen.findByRole('checkbox', { name: task.generate.economy }, { timeout: 10_000 });
    expect(screen.queryByRole('checkbox', { name: task.generate.interactiveFallback })).toBeNull();
    await user.click(economy);
    await user.click(await screen.findByRole('checkbox', { name: task.generate.interactiveFallback }));

    await user.click(screen.getByRole('button', { name: task.generate.chooseKeywords }));
    const picker = await findDialog('dialog', task.keywordPicker.title);
    await user.click(
      await within(picker).findByRole('checkbox', { name: fill(task.keywordPicker.select, { keyword: 'tulip' }) }, { timeout: 10_000 }),
    );
    await user.click(within(picker).getByRole('button', { name: task.keywordPicker.done }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: task.keywordPicker.title })).toBeNull());

    await user.click(screen.getByRole('button', { name: task.generate.start }));
    await waitFor(() => expect(started).toBe(1), { timeout: 10_000 });
    expect(sent.at(-1)).toMatchObject({ site_id: 3, keyword_ids: [11], economy: true, interactive_fallback: true });
  }, 60_000);
});

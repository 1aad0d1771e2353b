import './support/realServer'; // first: the console's http client then calls the page server below
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiPath } from '../../contract/paths';
import type { PublishGenerateBody } from '../../contract/schemas/publishingTask';
import publishing from '../../src/i18n/locales/zh_CN/publishing.json';
import { ok, sendJson, startTestServer } from '../services/testServer';
import {
  answerDialogReads,
  chooseKeywords,
  preparePublishGenerateDialog,
  renderPublishGenerateDialog,
} from './support/publishGenerateDialog';

/* The generate-and-publish dialog in economy mode offers the interactive fallback, as the generate dialog does. */

let server: Awaited<ReturnType<typeof startTestServer>> | undefined;
const sent: PublishGenerateBody[] = [];
beforeAll(async () => {
  server = await startTestServer((request, response) => {
    if (request.path === ApiPath.taskGenerate) {
      sent.push(JSON.parse(request.body) as PublishGenerateBody);
      return sendJson(response, ok({ task: { id: 7 }, article_task_id: 41, skipped: [] }));
    }
    if (answerDialogReads(request.path, response, [{ id: 11, keyword: 'tulip' }])) return;
    if (request.path === ApiPath.taskQuote)
      return sendJson(response, ok({ count: 1, lines: [{ what: 'article', price: 5, quantity: 1 }], per_item: 5, total: 5 }));
    return sendJson(response, ok({ list: [], total: 0 }));
  });
  await preparePublishGenerateDialog(server.url);
});
afterAll(() => server?.close());

describe('the generate-and-publish dialog in economy mode', () => {
  it('offers the interactive fallback once economy mode is on, and sends it with the tasks', async () => {
    let started = 0;
    renderPublishGenerateDialog(() => started++);
    const user = userEvent.setup();
    const economy = await screen.findByRole('checkbox', { name: publishing.generate.economy });
    expect(screen.queryByRole('checkbox', { name: publishing.generate.interactiveFallback })).toBeNull();
    await user.click(economy);
    await user.click(await screen.findByRole('checkbox', { name: publishing.generate.interactiveFallback }));

    await chooseKeywords(user, ['tulip']);

    await user.click(screen.getByRole('button', { name: publishing.generate.start }));
    await waitFor(() => expect(started).toBe(1));
    expect(sent.at(-1)).toMatchObject({ site_id: 3, keyword_ids: [11], economy: true, interactive_fallback: true });
  });
});

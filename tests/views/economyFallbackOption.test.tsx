import './support/realServer'; // first: the console's http client then calls the page server below
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiPath } from '../../contract/paths';
import type { GenerationTaskAddBody } from '../../contract/schemas/generationTask';
import { ok, sendJson, startTestServer } from '../services/testServer';
import { prepareGenerateDialog, renderGenerateDialog } from './support/siteGenerateDialog';

/* An economy task may have the calls its batches leave unanswered made through the interactive API: the generate dialog offers it. */

let server: Awaited<ReturnType<typeof startTestServer>> | undefined;
const added: GenerationTaskAddBody[] = [];
beforeAll(async () => {
  server = await startTestServer((request, response) => {
    if (request.path === ApiPath.articleTaskAdd) {
      added.push(JSON.parse(request.body) as GenerationTaskAddBody);
      return sendJson(response, ok({ id: 41, skipped: [] }));
    }
    if (request.path === ApiPath.articleTaskQuote)
      return sendJson(response, ok({ count: 4, lines: [{ what: 'article', price: 5, quantity: 1 }], per_item: 5, total: 20 }));
    if (request.path === ApiPath.providerGet)
      return sendJson(response, ok({ effective: { writer: 'gpt-test', images: 'cover-renderer' } }));
    return sendJson(response, ok({ list: [], total: 0 }));
  });
  await prepareGenerateDialog(server.url);
});
afterAll(() => server?.close());

const FALLBACK = '批量未完成的调用立即改用实时接口重试';

describe('the generate dialog in economy mode', () => {
  it('offers the interactive fallback once economy mode is on, and sends it with the task', async () => {
    let started = 0;
    renderGenerateDialog(() => started++);
    const user = userEvent.setup();
    const economy = await screen.findByRole('checkbox', { name: '经济模式（批量接口，较慢、更便宜）' });
    expect(screen.queryByRole('checkbox', { name: FALLBACK })).toBeNull();
    await user.click(economy);
    await user.click(await screen.findByRole('checkbox', { name: FALLBACK }));
    await user.click(screen.getByRole('button', { name: '开始' }));
    await waitFor(() => expect(started).toBe(1));
    expect(added.at(-1)).toMatchObject({ site_id: 3, economy: true, interactive_fallback: true });
  });
});

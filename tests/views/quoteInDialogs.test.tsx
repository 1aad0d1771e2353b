import './support/realServer'; // first: the console's http client then calls the page server below
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiPath } from '../../contract/paths';
import type { GenerationTaskQuoteBody, Quote } from '../../contract/schemas/quote';
import { ok, sendJson, startTestServer } from '../services/testServer';
import { prepareGenerateDialog, renderGenerateDialog, SITE } from './support/siteGenerateDialog';

/* The generate dialog shows, before anything is spent, the price and total the server quotes for the form as it is. */

/** The site's keyword that already has an article: the server's task would skip it. */
const WRITTEN = 'green tea';

/** The server's prices in this test: an article 10, its one image (the embedded cover) 2. */
const quoteOf = (body: GenerationTaskQuoteBody): Quote => {
  const lines = [
    { what: 'article' as const, price: body.economy ? 5 : 10, quantity: 1 },
    ...(body.images === false ? [] : [{ what: 'image' as const, price: 2, quantity: 1, ...(body.economy ? { interactive: true } : {}) }]),
  ];
  const perItem = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const pasted = body.keywords?.split('\n').filter((line) => line.trim()) ?? [];
  const skipped = body.include_written ? [] : pasted.filter((keyword) => keyword === WRITTEN);
  const count = pasted.length ? Math.min(pasted.length - skipped.length, body.count) : body.count;
  return { count, lines, per_item: perItem, total: perItem * count, skipped };
};

let server: Awaited<ReturnType<typeof startTestServer>> | undefined;
const asked: GenerationTaskQuoteBody[] = [];
beforeAll(async () => {
  server = await startTestServer((request, response) => {
    if (request.path === ApiPath.articleTaskQuote) {
      const body = JSON.parse(request.body) as GenerationTaskQuoteBody;
      asked.push(body);
      return sendJson(response, ok(quoteOf(body)));
    }
    // A model is connected: the dialog has no notice to show.
    if (request.path === ApiPath.providerGet)
      return sendJson(response, ok({ effective: { writer: 'gpt-test', images: 'cover-renderer' } }));
    return sendJson(response, ok({ list: [], total: 0 }));
  });
  await prepareGenerateDialog(server.url);
});
afterAll(() => server?.close());

const quoteText = () => screen.getByTestId('quote').textContent ?? '';

describe('the generate dialog', () => {
  it('shows the quoted price and total, and follows the count and the images', async () => {
    renderGenerateDialog();
    // The count starts at the site's unused keywords (4), with images.
    await waitFor(() => expect(quoteText()).toContain('每篇 12 积分（文章 10 + 图片 2 × 1）'));
    expect(quoteText()).toContain('合计 48 积分（4 篇文章）');

    const user = userEvent.setup();
    const count = screen.getByRole('textbox', { name: '文章数' });
    await user.clear(count);
    await user.type(count, '25');
    await waitFor(() => expect(quoteText()).toContain('合计 300 积分（25 篇文章）'));

    await user.click(screen.getByRole('checkbox', { name: '生成配图' }));
    await waitFor(() => expect(quoteText()).toContain('合计 250 积分（25 篇文章）'));
    expect(quoteText()).toContain('每篇 10 积分（文章 10）');
    expect(asked.at(-1)).toEqual({ count: 25, site_id: SITE.id, include_written: false, images: false, economy: false });

    // Economy mode: the server's economy price (half, here) is what the dialog shows.
    await user.click(screen.getByRole('checkbox', { name: '经济模式（批量接口，较慢、更便宜）' }));
    await waitFor(() => expect(quoteText()).toContain('合计 125 积分（25 篇文章）'));
    expect(asked.at(-1)).toEqual({ count: 25, site_id: SITE.id, include_written: false, images: false, economy: true });
    // With images, the quote says they are drawn interactively at their full price; not without economy mode.
    const interactive = '经济模式只批量生成文字：配图仍通过实时接口生成，按原价计费';
    expect(quoteText()).not.toContain(interactive);
    await user.click(screen.getByRole('checkbox', { name: '生成配图' }));
    await waitFor(() => expect(quoteText()).toContain('每篇 7 积分（文章 5 + 图片 2 × 1）'));
    expect(quoteText()).toContain(interactive);
    await user.click(screen.getByRole('checkbox', { name: '经济模式（批量接口，较慢、更便宜）' }));
    await waitFor(() => expect(quoteText()).toContain('每篇 12 积分（文章 10 + 图片 2 × 1）'));
    expect(quoteText()).not.toContain(interactive);

    // Not a count the task takes: no price, and nothing asked.
    const before = asked.length;
    await user.clear(count);
    await waitFor(() => expect(quoteText()).toContain('选好要做的工作后，这里显示价格和合计'));
    expect(asked.length).toBe(before);
  });

  it('counts only the keywords the task will write, and says which it skips and why', async () => {
    renderGenerateDialog();
    const user = userEvent.setup();
    const keywords = await screen.findByRole('textbox', { name: '关键词' });
    await user.type(keywords, `oolong{Enter}${WRITTEN}{Enter}sencha`);
    await waitFor(() => expect(quoteText()).toContain('合计 24 积分（2 篇文章）'));
    expect(quoteText()).toContain(`1 个关键词不计入：本站已有其文章或正在生成，任务会跳过它们以免重复页面：${WRITTEN}`);

    await user.click(screen.getByRole('checkbox', { name: '已写过的关键词也重新写' }));
    await waitFor(() => expect(quoteText()).toContain('合计 36 积分（3 篇文章）'));
    expect(quoteText()).not.toContain('不计入');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addPoints } from '../../server/db/accounts';
import { claimItem } from '../../server/domain/generation/taskItems';
import type { TestServer } from './harness';
import { newClient, siteWithKeywords, startServer } from './pipelineHelpers';

// No workers here: the test claims items itself, all at once.
let t: TestServer;
beforeAll(async () => {
  t = await startServer({ WORKERS: '0', PRICE_ARTICLE: '10', PRICE_IMAGE: '2', IMAGES_PER_ARTICLE: '3' });
});
afterAll(async () => t?.close());

interface Ledger {
  balance: number;
  total: number;
  list: { delta: number; balance_after: number; reason: string; reference: string | null; target: { page: string; id: number } | null }[];
  prices: { article: number; image: number; images_per_article: number };
}

describe('points', () => {
  it('never lets concurrent claims take a balance below zero', async () => {
    const client = await newClient(t, 1000);
    const keywords = Array.from({ length: 12 }, (_, i) => `concurrent ${i}`);
    const siteId = await siteWithKeywords(client, keywords);
    const task = await client.call<{ id: number; item_cost: number }>('POST', '/api/v1/article_task/add', {
      body: { site_id: siteId, count: 12, images: true },
    });
    // The embedded cover renderer draws (and charges) the cover only: 10 + 1 × 2.
    expect(task.data.item_cost).toBe(12);
    // The balance drops after the task was accepted: only 3 of its 12 items can still be paid.
    const ctx = t.server.app.ctx;
    await ctx.db.transaction((tx) => addPoints(tx, client.accountId, -(1000 - 38), 'test'));
    const items = (await ctx.db.execute(sql`select id from article_task_items where task_id = ${task.data.id}`)) as unknown as {
      rows: { id: number }[];
    };
    const claims = await Promise.all(items.rows.map((r) => claimItem(ctx, Number(r.id))));
    expect(claims.filter(Boolean)).toHaveLength(3);

    const ledger = (await client.get<Ledger>('/api/v1/account/points/list', { page_size: 100 })).data;
    expect(ledger.balance).toBe(2);
    expect(ledger.list.every((e) => e.balance_after >= 0)).toBe(true);
    expect(ledger.list.reduce((sum, e) => sum + e.delta, 0)).toBe(2);
    expect(ledger.list.filter((e) => e.reason === 'article_generation')).toHaveLength(3);
    expect(ledger.list.filter((e) => e.reason === 'image_generation').map((e) => e.delta)).toEqual([-2, -2, -2]);
    // The task ran dry: it pauses with the other 9 items waiting (case 11), none failed.
    const detail = await client.get<{ task: { status: string; failed: number }; queued: number }>('/api/v1/article_task/detail', {
      id: task.data.id,
    });
    expect(detail.data).toMatchObject({ task: { status: 'paused', failed: 0 }, queued: 9 });
  });

  it('shows the owner their ledger, newest first, with the prices', async () => {
    const client = await newClient(t, 300);
    const other = await newClient(t, 700);
    const ledger = await client.get<Ledger>('/api/v1/account/points/list');
    expect(ledger.data.balance).toBe(300);
    expect(ledger.data.prices).toEqual({ article: 10, image: 2, images_per_article: 1 }); // no image model: the embedded renderer's cover only, as charged
    expect(ledger.data.list[0].balance_after).toBe(300);
    expect((await other.get<Ledger>('/api/v1/account/points/list')).data.balance).toBe(700);
    const bad = await client.get('/api/v1/account/points/list', { page_size: 1000 });
    expect(bad.status).toBe(400);
    const anonymous = await t.call('GET', '/api/v1/account/points/list');
    expect(anonymous.status).toBe(401);
  });
  it("leads each entry's reference to what it names while it is still the account's", async () => {
    const client = await newClient(t, 100);
    const other = await newClient(t, 100);
    const siteId = await siteWithKeywords(client, ['linked ledger']);
    const task = await client.call<{ id: number }>('POST', '/api/v1/article_task/add', {
      body: { site_id: siteId, count: 1, images: false },
    });
    const ctx = t.server.app.ctx;
    const items = (await ctx.db.execute(sql`select id from article_task_items where task_id = ${task.data.id}`)) as unknown as {
      rows: { id: number }[];
    };
    expect(await claimItem(ctx, Number(items.rows[0].id))).toBeTruthy();
    const mine = await client.call<{ id: number }>('POST', '/api/v1/article/add', { body: { title: 'Linked', body: '<p>Linked.</p>' } });
    const gone = await client.call<{ id: number }>('POST', '/api/v1/article/add', { body: { title: 'Gone', body: '<p>Gone.</p>' } });
    const theirs = await other.call<{ id: number }>('POST', '/api/v1/article/add', { body: { title: 'Theirs', body: '<p>Theirs.</p>' } });
    await ctx.db.transaction(async (tx) => {
      await addPoints(tx, client.accountId, 1, 'refund', `refresh:${mine.data.id}`);
      await addPoints(tx, client.accountId, 1, 'refund', `refresh:${gone.data.id}:bulk-key`);
      await addPoints(tx, client.accountId, 1, 'refund', `refresh:${theirs.data.id}`);
      await addPoints(tx, client.accountId, 1, 'grant', 'order:1 as a note');
    });
    expect((await client.call('DELETE', '/api/v1/article/del', { body: { id: gone.data.id } })).code).toBe(200);

    const ledger = (await client.get<Ledger>('/api/v1/account/points/list', { page_size: 100 })).data;
    const targetOf = (reference: string) => ledger.list.find((entry) => entry.reference === reference)?.target;
    expect(targetOf(`article_task_item:${items.rows[0].id}`)).toEqual({ page: 'generation', id: task.data.id });
    expect(targetOf(`refresh:${mine.data.id}`)).toEqual({ page: 'article', id: mine.data.id });
    // Deleted since, another account's, or an operator's note: words only.
    expect(targetOf(`refresh:${gone.data.id}:bulk-key`)).toBeNull();
    expect(targetOf(`refresh:${theirs.data.id}`)).toBeNull();
    expect(targetOf('order:1 as a note')).toBeNull();
  });
});

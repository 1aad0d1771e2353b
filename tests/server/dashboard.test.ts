import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../contract/schemas/dashboard';
import { sql } from 'drizzle-orm';
import { rechargeCodes } from '../../server/db/schema';
import { loginAdmin, type TestServer } from './harness';
import { newClient, siteWithKeywords, startServer, waitForTask } from './pipelineHelpers';

let t: TestServer;
let admin: string;
beforeAll(async () => {
  t = await startServer({ PRICE_ARTICLE: '10', PRICE_IMAGE: '2', IMAGES_PER_ARTICLE: '3' });
  admin = await loginAdmin(t);
});
afterAll(async () => t?.close());

describe('the dashboard', () => {
  it('shows an account its own figures: generation, spending, top-ups, sign-ins, SEO and sites', async () => {
    const client = await newClient(t); // the welcome grant: 1000 points
    const empty = await newClient(t, 0);
    const siteId = await siteWithKeywords(client, ['alpha keyword', 'beta keyword']);
    const task = await client.call<{ id: number }>('POST', '/api/v1/article_task/add', {
      body: { site_id: siteId, count: 2, images: false },
    });
    expect(task.code).toBe(200);
    await waitForTask(client, task.data.id, 60_000);
    const batch = await t.call<{ id: number }>('POST', '/api/v1/topup/code/generate', {
      token: admin,
      body: { points: 300, count: 1, expires_on: `${new Date().getFullYear() + 1}-01-01` },
    });
    const [code] = await t.server.app.ctx.db.select().from(rechargeCodes);
    expect(batch.code).toBe(200);
    expect((await client.call('POST', '/api/v1/topup/code/redeem', { body: { code: code.code } })).code).toBe(200);

    // Two calls with an access key: the visits chart's other source.
    const key = await client.call<{ secret: string }>('POST', '/api/v1/accesskey/add', {
      body: { name: 'dashboard script', scopes: ['read'] },
    });
    for (let i = 0; i < 2; i++) {
      const viaKey = await fetch(`${t.url}/api/v1/user/get_user_details`, { headers: { authorization: `Bearer ${key.data.secret}` } });
      expect(viaKey.status).toBe(200);
    }

    const d = (await client.get<Dashboard>('/api/v1/dashboard/analysis')).data;
    expect(d.scope).toBe('account');
    expect(d.balance).toBe(1000 - 20 + 300);
    expect(d.days).toHaveLength(30);
    expect(d.growth.articles_generated).toEqual({ today: 2, last7: 2, prev7: 0, last30: 2, prev30: 0 });
    expect(d.growth.points_spent).toMatchObject({ today: 20, last30: 20 });
    expect(d.growth.topups).toMatchObject({ today: 300, last7: 300 });
    expect(d.series.generated.at(-1)).toBe(2);
    expect(d.series.points_out.at(-1)).toBe(20);
    expect(d.series.points_in.at(-1)).toBe(1000 + 300);
    expect(d.series.sign_ins.at(-1)).toBe(1);
    expect(d.series.api_calls.at(-1)).toBe(2);
    expect(d.spend_by_reason).toEqual([{ name: 'article_generation', points: 20, count: 0 }]);
    expect(d.topups_by_channel).toEqual([{ name: 'code', points: 300, count: 1 }]);
    expect(d.seo_bands.reduce((a, b) => a + b, 0)).toBe(2);
    expect(d.top_sites).toEqual([{ site_id: siteId, name: 'Test site', url: 'https://example.com', articles: 2 }]);

    // Another account sees nothing of it, even when it names the account.
    const other = (await empty.get<Dashboard>('/api/v1/dashboard/analysis', { account_id: client.accountId })).data;
    expect(other.account_id).toBe(empty.accountId);
    expect(other.growth.articles_generated.last30).toBe(0);
    expect(other.top_sites).toEqual([]);
    expect(other.seo_bands).toEqual([0, 0, 0, 0, 0]);
  });

  it('shows the operator the whole installation, or one account', async () => {
    const client = await newClient(t, 50);
    const all = await t.call<Dashboard>('GET', '/api/v1/dashboard/analysis', { token: admin });
    expect(all.data.scope).toBe('all');
    expect(all.data.growth.articles_generated.today).toBeGreaterThanOrEqual(2);
    const one = await t.call<Dashboard>('GET', `/api/v1/dashboard/analysis?account_id=${client.accountId}`, { token: admin });
    expect(one.data).toMatchObject({ scope: 'account', account_id: client.accountId, balance: 50 });
    expect((await t.call('GET', '/api/v1/dashboard/analysis?account_id=0', { token: admin })).status).toBe(400);
    expect((await t.call('GET', '/api/v1/dashboard/analysis')).status).toBe(401);
  });
});

describe('the daily roll-ups the dashboard reads', () => {
  it('follow the articles and generation items as they are added, changed and deleted', async () => {
    const client = await newClient(t);
    const siteId = await siteWithKeywords(client, []);
    const db = t.server.app.ctx.db;
    const q = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
    const id = client.accountId;
    await db.execute(sql`insert into articles (account_id, site_id, title, body, status, seo_score)
      select ${id}, ${siteId}, 'A ' || n, '<p>b</p>', 'draft', n * 10 from generate_series(1, 10) as n`);
    await db.execute(sql`update articles set status = 'published', seo_score = 95 where account_id = ${id} and seo_score <= 30`);
    await db.execute(sql`update articles set site_id = null where account_id = ${id} and seo_score = 40`);
    await db.execute(sql`update articles set body = '<p>edited</p>' where account_id = ${id}`);
    await db.execute(sql`delete from articles where account_id = ${id} and seo_score = 100`);
    const raw = await q<{
      k: string;
    }>(sql`select account_id || ' ' || created_at::date || ' ' || coalesce(site_id, 0) || ' ' || status || ' ' || least(seo_score / 20, 4) || ' ' || count(*) as k
      from articles where account_id = ${id} group by account_id, created_at::date, coalesce(site_id, 0), status, least(seo_score / 20, 4) order by 1`);
    const rolled = await q<{
      k: string;
    }>(sql`select account_id || ' ' || day || ' ' || site_id || ' ' || status || ' ' || band || ' ' || n as k
      from article_days where account_id = ${id} and n <> 0 order by 1`);
    expect(rolled.map((r) => r.k)).toEqual(raw.map((r) => r.k));
    expect(raw).toHaveLength(5);

    const d = (await client.get<Dashboard>('/api/v1/dashboard/analysis')).data;
    expect(d.growth.articles_published.today).toBe(3);
    expect(d.seo_bands).toEqual([0, 0, 2, 2, 5]);
    expect(d.top_sites).toEqual([{ site_id: siteId, name: 'Test site', url: 'https://example.com', articles: 8 }]);

    // Generation items: a lease renewal moves nothing; a retried item counts where it ended.
    const task = (
      await q<{ id: number }>(sql`insert into article_tasks (account_id, name, language, word_count, images, prompts, item_cost, total)
      values (${id}, 'T', 'en', 800, false, '{}'::jsonb, 10, 3) returning id`)
    )[0].id;
    await db.execute(
      sql`insert into article_task_items (task_id, account_id, keyword, status) select ${task}, ${id}, 'k' || n, 'queued' from generate_series(1, 3) as n`,
    );
    await db.execute(sql`update article_task_items set status = 'done', finished_at = now() where task_id = ${task}`);
    await db.execute(sql`update article_task_items set lease_until = now() where task_id = ${task}`);
    await db.execute(sql`update article_task_items set status = 'failed' where task_id = ${task} and keyword = 'k1'`);
    const generated = (await client.get<Dashboard>('/api/v1/dashboard/analysis')).data;
    expect(generated.series.generated.at(-1)).toBe(2);
    expect(generated.series.failed.at(-1)).toBe(1);
  });
});

describe('the account page', () => {
  it("lists the account's domains with their articles", async () => {
    const client = await newClient(t);
    const siteId = await siteWithKeywords(client, []);
    const res = await client.get<{
      list: { id: number; host: string; connected: boolean | null; articles: number; published: number; last_publish: string | null }[];
    }>('/api/v1/account/domains');
    expect(res.data.list).toEqual([
      expect.objectContaining({ id: siteId, host: 'example.com', connected: null, articles: 0, published: 0, last_publish: null }),
    ]);
    expect((await (await newClient(t)).get<{ list: unknown[] }>('/api/v1/account/domains')).data.list).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { eq } from 'drizzle-orm';
import { articles } from '../../server/db/schema';
import { newClient, startServer, type Client } from './pipelineHelpers';

let t: TestServer;
beforeAll(async () => {
  t = await startServer({ WORKERS: '0' });
});
afterAll(async () => t?.close());

interface Detail {
  id: number;
  title: string;
  slug: string;
  status: string;
  source: string;
  body: string;
  meta_description: string;
  seo_score: number;
  seo_checks: { id: string; passed: boolean; detail: string; outcome: string; values: Record<string, string | number> }[];
  word_count: number;
  site_id: number | null;
  category_id: number | null;
}
interface List {
  list: { id: number; title: string; status: string }[];
  total: number;
  next_cursor: string | null;
}

const add = (client: Client, body: Record<string, unknown>) => client.call<Detail>('POST', '/api/v1/article/add', { body });

describe('articles', () => {
  it("words each SEO check's detail in the caller's language; the console gets its outcome and numbers", async () => {
    const client = await newClient(t);
    const res = await add(client, { title: 'Rye bread', keyword: 'rye bread', body: '<p>Short.</p>' });
    const words = (checks: Detail['seo_checks']) => checks.find((c) => c.id === 'word_count');
    expect(words(res.data.seo_checks)).toMatchObject({ passed: false, outcome: 'words', values: { count: 1, min: 300 } });
    const read = (language: string) =>
      client.call<Detail>('GET', `/api/v1/article/detail?id=${res.data.id}`, { headers: { 'accept-language': language } });
    expect(words((await read('en')).data.seo_checks)?.detail).toBe('1 word (at least 300)');
    expect(words((await read('zh-CN')).data.seo_checks)?.detail).toBe('1 个词（至少 300 个）');
    const zh = (await read('zh-CN')).data.seo_checks;
    expect(zh.find((c) => c.id === 'keyword_in_slug')?.detail).toBe('别名包含关键词');
  });

  it('adds, sanitises, scores, edits and deletes', async () => {
    const client = await newClient(t);
    const res = await add(client, {
      title: 'Sourdough starter basics',
      keyword: 'sourdough starter',
      body: '<p onclick="steal()">A sourdough starter needs flour and water.<script>alert(1)</script></p><h2>Feeding</h2><p><a href="javascript:alert(1)">x</a> <img src="https://cdn.example/a.png" onerror="x()"></p>',
    });
    expect(res.code).toBe(200);
    expect(res.data.body).toBe(
      '<p>A sourdough starter needs flour and water.</p><h2>Feeding</h2><p><a rel="noopener">x</a> <img src="https://cdn.example/a.png" /></p>',
    );
    expect(res.data).toMatchObject({ status: 'draft', source: 'manual', slug: 'sourdough-starter-basics' });
    expect(res.data.seo_checks.find((c) => c.id === 'word_count')?.passed).toBe(false);

    const edited = await client.call<Detail>('PUT', '/api/v1/article/edit', {
      body: {
        id: res.data.id,
        body: '# ignored\n\nA **sourdough starter** is easy.',
        format: 'markdown',
        status: 'ready',
        slug: 'sourdough-starter',
      },
    });
    expect(edited.data).toMatchObject({ status: 'ready', slug: 'sourdough-starter' });
    expect(edited.data.body).toContain('<strong>sourdough starter</strong>');
    expect(edited.data.seo_checks.find((c) => c.id === 'keyword_in_slug')?.passed).toBe(true);
    const published = await client.call('PUT', '/api/v1/article/edit', { body: { id: res.data.id, status: 'published' } });
    expect(published.status).toBe(400);
    const badSlug = await client.call('PUT', '/api/v1/article/edit', { body: { id: res.data.id, slug: 'Not A Slug' } });
    expect([badSlug.status, badSlug.msg.startsWith('Slug')]).toEqual([400, true]);
    const empty = await add(client, { title: 'x', body: '<script>only()</script>' });
    expect([empty.status, empty.msg]).toEqual([400, 'Body: nothing is left after removing unsafe markup']);

    const stranger = await newClient(t);
    expect((await stranger.get('/api/v1/article/detail', { id: res.data.id })).status).toBe(404);
    expect((await stranger.call('DELETE', '/api/v1/article/del', { body: { id: res.data.id } })).status).toBe(404);
    expect((await client.call('DELETE', '/api/v1/article/del', { body: { id: res.data.id } })).code).toBe(200);
    expect((await client.get('/api/v1/article/detail', { id: res.data.id })).status).toBe(404);
  });

  it('imports Markdown and HTML, taking the title from the first heading', async () => {
    const client = await newClient(t);
    const md = await client.call<Detail>('POST', '/api/v1/article/import', {
      body: { content: '# Compost at home\n\nComposting turns waste into soil.\n\n## Start\n\nUse a bin.', keyword: 'compost' },
    });
    expect(md.data).toMatchObject({ title: 'Compost at home', source: 'imported', status: 'draft' });
    expect(md.data.body).toBe('<p>Composting turns waste into soil.</p>\n<h2>Start</h2>\n<p>Use a bin.</p>');
    const html = await client.call<Detail>('POST', '/api/v1/article/import', {
      body: { content: '<html><body><h1>Tea &amp; you</h1><p>Tea is good.</p><style>p{}</style></body></html>' },
    });
    expect(html.data.title).toBe('Tea & you');
    expect(html.data.body).toBe('<p>Tea is good.</p>');
    const nothing = await client.call('POST', '/api/v1/article/import', { body: { content: '# Only a title' } });
    expect([nothing.status, nothing.msg]).toEqual([400, 'The document has no text after its title']);
  });

  it("puts this server's images at absolute addresses in the HTML and JSON-LD to copy, not on the site's domain", async () => {
    const client = await newClient(t);
    const site = await client.call<{ id: number }>('POST', '/api/v1/site/add', {
      body: { name: 'Tea shop', url: 'https://tea.example', type: 'export' },
    });
    const a = await add(client, {
      title: 'Green tea',
      body: '<p>Steep it briefly.</p><p><img src="/uploads/leaves.png" alt="Leaves"></p>',
      site_id: site.data.id,
    });
    await t.server.app.ctx.db.update(articles).set({ coverUrl: '/uploads/cover.png' }).where(eq(articles.id, a.data.id));
    const code = await client.get<{ html: string; json_ld_objects: { image?: string[] }[] }>('/api/v1/article/code', { id: a.data.id });
    const here = t.server.app.ctx.config.publicUrl;
    expect(code.data.html).toContain(`<img src="${here}/uploads/leaves.png" alt="Leaves"`);
    expect(code.data.html).toContain(`<img src="${here}/uploads/cover.png"`);
    expect(code.data.html).not.toContain('src="/uploads/');
    expect(code.data.json_ld_objects[0].image).toEqual([`${here}/uploads/cover.png`]);
  });

  it('gives the HTML and JSON-LD to copy', async () => {
    const client = await newClient(t);
    const a = await add(client, { title: 'Tea </script><script>x', body: '<p>Tea.</p>', meta_description: 'About tea.' });
    const code = await client.get<{ html: string; json_ld: string; json_ld_objects: { '@type': string; headline: string }[] }>(
      '/api/v1/article/code',
      { id: a.data.id },
    );
    expect(code.data.html).toContain('<h1>Tea &lt;/script&gt;&lt;script&gt;x</h1>');
    expect(code.data.json_ld_objects[0]).toMatchObject({ '@type': 'Article', headline: 'Tea </script><script>x' });
    expect(code.data.json_ld).not.toContain('</script><script>');
    expect(code.data.json_ld.startsWith('<script type="application/ld+json">')).toBe(true);
  });

  it('lists with filters, search, page numbers and a keyset cursor', async () => {
    const client = await newClient(t);
    const site = await client.call<{ id: number }>('POST', '/api/v1/site/add', {
      body: { name: 'S', url: 'https://s.example', type: 'export' },
    });
    for (let i = 1; i <= 7; i++) {
      await add(client, {
        title: `Post ${i} ${i % 2 ? 'odd' : 'even'}`,
        body: `<p>Text ${i}</p>`,
        site_id: i <= 4 ? site.data.id : undefined,
        status: i === 1 ? 'ready' : 'draft',
      });
    }
    const first = await client.get<List>('/api/v1/article/list', { page_size: 3 });
    expect(first.data.total).toBe(7);
    expect(first.data.list.map((a) => a.title)).toEqual(['Post 7 odd', 'Post 6 even', 'Post 5 odd']);
    const byPage = await client.get<List>('/api/v1/article/list', { page_size: 3, page: 2 });
    const byCursor = await client.get<List>('/api/v1/article/list', { page_size: 3, cursor: first.data.next_cursor ?? '' });
    expect(byCursor.data.list).toEqual(byPage.data.list);
    const last = await client.get<List>('/api/v1/article/list', { page_size: 3, cursor: byCursor.data.next_cursor ?? '' });
    expect(last.data.list.map((a) => a.title)).toEqual(['Post 1 odd']);
    expect(last.data.next_cursor).toBeNull();

    expect((await client.get<List>('/api/v1/article/list', { site_id: site.data.id })).data.total).toBe(4);
    expect((await client.get<List>('/api/v1/article/list', { status: 'ready' })).data.list.map((a) => a.title)).toEqual(['Post 1 odd']);
    // Totals by site and status come from counters: they follow edits and deletes.
    const seventh = first.data.list[0].id;
    await client.call('PUT', '/api/v1/article/edit', { body: { id: seventh, status: 'ready', site_id: site.data.id } });
    expect((await client.get<List>('/api/v1/article/list', { status: 'ready' })).data.total).toBe(2);
    expect((await client.get<List>('/api/v1/article/list', { site_id: site.data.id, status: 'ready' })).data.total).toBe(2);
    await client.call('DELETE', '/api/v1/article/del', { body: { id: seventh } });
    expect((await client.get<List>('/api/v1/article/list', { site_id: site.data.id })).data.total).toBe(4);
    expect((await client.get<List>('/api/v1/article/list')).data.total).toBe(6);
    await add(client, { title: 'Post 7 again', body: '<p>Text</p>' });
    expect((await client.get<List>('/api/v1/article/list', { title: 'EVEN' })).data.total).toBe(3);
    expect((await client.get<List>('/api/v1/article/list', { title: '100%_' })).data.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await client.get<List>('/api/v1/article/list', { date_from: today, date_to: today })).data.total).toBe(7);
    expect((await client.get<List>('/api/v1/article/list', { date_to: '2000-01-01' })).data.total).toBe(0);
    expect((await client.get('/api/v1/article/list', { date_from: 'yesterday' })).status).toBe(400);
    expect((await client.get('/api/v1/article/list', { status: 'lost' })).status).toBe(400);
    const stranger = await newClient(t);
    expect((await stranger.get<List>('/api/v1/article/list')).data.total).toBe(0);
    expect((await stranger.get<List>('/api/v1/article/list', { cursor: first.data.next_cursor ?? '' })).data.list).toEqual([]);
  });
});

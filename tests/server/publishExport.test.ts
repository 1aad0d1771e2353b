import { unzipSync, strFromU8 } from 'fflate';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { newClient, startServer, waitForTask, type Client } from './pipelineHelpers';

/** jsdom (no type declarations installed) parses the WXR file as XML, namespaces and all. */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (text: string, options: { contentType: string }) => { window: { document: Document } };
};

/* Export: a ZIP of HTML and Markdown with the images, and a WordPress WXR file. */

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => {
  await t?.close();
});

interface Article {
  id: number;
  title: string;
  slug: string;
  cover_url: string;
  meta_description: string;
  images: { url: string; alt: string }[];
  body: string;
}

const WP = 'http://wordpress.org/export/1.2/';
const CONTENT = 'http://purl.org/rss/1.0/modules/content/';
const EXCERPT = 'http://wordpress.org/export/1.2/excerpt/';

async function download(client: Client, query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await fetch(`${t.url}/api/v1/task/export?${qs}`, { headers: { authorization: `Bearer ${client.token}` } });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const envelope = (bytes: Uint8Array) => JSON.parse(strFromU8(bytes)) as { code: number; msg: string };

/** A webhook site (so a publishing task can name it), a category, three generated articles with covers, and one written by hand with an uploaded picture in its text. */
async function fixture() {
  const client = await newClient(t, 500);
  const site = await client.call<{ id: number }>('POST', '/api/v1/site/add', {
    body: {
      name: 'Garden blog',
      url: 'https://garden.example',
      type: 'webhook',
      webhook_url: 'https://hooks.garden.example/in',
      secret: 'a-secret-of-sixteen-chars',
    },
  });
  expect(site.code).toBe(200);
  const siteId = site.data.id;
  const category = await client.call<{ id: number }>('POST', '/api/v1/site/category/add', {
    body: { site_id: siteId, name: 'Garden Guides' },
  });
  expect(category.code).toBe(200);
  await client.call('POST', '/api/v1/site/keyword/add', {
    body: { site_id: siteId, keywords: 'balcony tomatoes\ncompost bins\nrain barrels' },
  });
  const task = await client.call<{ id: number }>('POST', '/api/v1/article_task/add', {
    body: { site_id: siteId, count: 3, word_count: 500, images: true },
  });
  expect(task.code).toBe(200);
  await waitForTask(client, task.data.id, 60_000);
  const list = await client.get<{ list: { id: number }[] }>('/api/v1/article/list', { task_id: task.data.id, page_size: 100 });
  const generated = await Promise.all(
    list.data.list.map(async (a) => (await client.get<Article>('/api/v1/article/detail', { id: a.id })).data),
  );
  expect(generated).toHaveLength(3);
  expect(generated.every((a) => a.cover_url.startsWith('/uploads/'))).toBe(true);

  // A picture uploaded by hand and placed in an article's text.
  const png = new Uint8Array(await (await fetch(`${t.url}${generated[0].cover_url}`)).arrayBuffer());
  const form = new FormData();
  form.append('type', 'image');
  form.append('file', new Blob([png], { type: 'image/png' }), 'shed.png');
  const upload = await client.call<{ url: string }>('POST', '/api/v1/common/upload', { raw: form });
  expect(upload.code).toBe(200);
  const manual = await client.call<{ id: number }>('POST', '/api/v1/article/add', {
    body: {
      title: 'Building a garden shed',
      slug: 'garden-shed',
      meta_description: 'How to build a small shed & keep it dry.',
      site_id: siteId,
      body: `<h2>Plan</h2><p>Measure twice, cut once: a <strong>shed</strong> needs a level base.</p><p><img src="${upload.data.url}" alt="A finished shed" /></p><ul><li>Wood</li><li>Screws</li></ul>`,
    },
  });
  expect(manual.code).toBe(200);
  const handmade = (await client.get<Article>('/api/v1/article/detail', { id: manual.data.id })).data;
  return { client, siteId, categoryId: category.data.id, generated, handmade, png, uploadUrl: upload.data.url };
}

describe('export', () => {
  let f: Awaited<ReturnType<typeof fixture>>;
  beforeAll(async () => {
    f = await fixture();
  }, 120_000);

  it('downloads the chosen articles as a ZIP: a folder each with HTML, Markdown and the images they point at', async () => {
    const chosen = [...f.generated, f.handmade];
    const res = await download(f.client, { format: 'zip', article_ids: chosen.map((a) => a.id).join(',') });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="inkpress-articles-\d{8}-\d{6}\.zip"$/);
    const files = unzipSync(res.bytes);
    const manifest = JSON.parse(strFromU8(files['articles.json'])) as {
      articles: {
        id: number;
        folder: string;
        html: string;
        markdown: string;
        images: { file: string; source: string; alt: string; cover: boolean }[];
        missing_images: string[];
      }[];
    };
    expect(manifest.articles.map((a) => a.id)).toEqual(chosen.map((a) => a.id));
    for (const a of f.generated) {
      const entry = manifest.articles.find((m) => m.id === a.id);
      expect(entry?.folder).toBe(`${a.id}-${a.slug}`);
      const html = strFromU8(files[`${a.id}-${a.slug}/index.html`]);
      const md = strFromU8(files[`${a.id}-${a.slug}/index.md`]);
      const cover = entry?.images.find((i) => i.cover);
      expect(cover).toMatchObject({ source: a.cover_url, alt: a.images.find((i) => i.url === a.cover_url)?.alt });
      // The cover is in the archive, byte for byte the server's file, and both pages point at that copy.
      const served = new Uint8Array(await (await fetch(`${t.url}${a.cover_url}`)).arrayBuffer());
      expect(files[`${a.id}-${a.slug}/${cover?.file}`]).toEqual(served);
      expect(html).toContain(`<title>`);
      expect(html).toContain(`<h1>${a.title}</h1>`);
      expect(html).toContain(`<img src="${cover?.file}"`);
      expect(html).toContain('application/ld+json');
      expect(html).not.toContain('/uploads/');
      expect(md.startsWith(`---\ntitle: ${JSON.stringify(a.title)}\nslug: ${JSON.stringify(a.slug)}\n`)).toBe(true);
      expect(md).toContain(`cover: ${JSON.stringify(cover?.file)}`);
    }
    const shed = `${f.handmade.id}-garden-shed`;
    const shedHtml = strFromU8(files[`${shed}/index.html`]);
    const shedMd = strFromU8(files[`${shed}/index.md`]);
    const image = manifest.articles.find((m) => m.id === f.handmade.id)?.images[0];
    expect(image).toMatchObject({ source: f.uploadUrl, cover: false });
    expect(files[`${shed}/${image?.file}`]).toEqual(f.png);
    expect(shedHtml).toContain(`<img src="${image?.file}" alt="A finished shed"`);
    expect(shedHtml).toContain('<meta name="description" content="How to build a small shed &amp; keep it dry.">');
    expect(shedMd).toContain('description: "How to build a small shed & keep it dry."');
    expect(shedMd).toContain('## Plan');
    expect(shedMd).toContain('**shed**');
    expect(shedMd).toContain(`![A finished shed](${image?.file})`);
    expect(shedMd).toContain('- Wood\n- Screws');
    const index = strFromU8(files['index.html']);
    for (const m of manifest.articles) expect(index).toContain(`href="${m.html.split('/').map(encodeURIComponent).join('/')}"`);
    // Nothing else in the archive: the pages, the images, the manifest and the index.
    const expected = new Set([
      'articles.json',
      'index.html',
      ...manifest.articles.flatMap((m) => [m.html, m.markdown, ...m.images.filter((i) => i.file).map((i) => `${m.folder}/${i.file}`)]),
    ]);
    expect(new Set(Object.keys(files))).toEqual(expected);
  });

  it('names a Chinese article’s folder in its own letters (UTF-8 names) and links the index to it', async () => {
    // An account of its own, so the other exports' counts stay theirs.
    const client = await newClient(t);
    const zh = await client.call<{ id: number }>('POST', '/api/v1/article/add', {
      body: { title: '家庭菜园入门', slug: '%e5%ae%b6%e5%ba%ad%e8%8f%9c%e5%9b%ad', body: '<p>从阳台开始。</p>' },
    });
    expect(zh.code).toBe(200);
    const res = await download(client, { format: 'zip', article_ids: String(zh.data.id) });
    const files = unzipSync(res.bytes);
    const folder = `${zh.data.id}-家庭菜园`;
    expect(Object.keys(files)).toContain(`${folder}/index.html`);
    // The index links the folder as a browser resolves it: the encoded name opens the folder of that name.
    const href = /<a href="([^"]+)">家庭菜园入门<\/a>/.exec(strFromU8(files['index.html']))?.[1];
    expect(href && decodeURIComponent(href)).toBe(`${folder}/index.html`);
    // The UTF-8 flag (bit 11) is set on the entry, so unzip tools read the name as written.
    const name = new TextEncoder().encode(`${folder}/index.html`);
    const at = indexOfBytes(res.bytes, name);
    expect(at).toBeGreaterThanOrEqual(30);
    const flags = res.bytes[at - 30 + 6] | (res.bytes[at - 30 + 7] << 8);
    expect(flags & 0x800).toBe(0x800);
  });

  it("exports the filtered articles, or a publishing task's, as a WordPress WXR file with categories, tags, content and image attachments", async () => {
    const runAt = new Date(Date.now() + 86_400_000).toISOString();
    const ids = [f.generated[0].id, f.handmade.id];
    const task = await f.client.call<{ id: number }>('POST', '/api/v1/task/add', {
      body: { site_id: f.siteId, article_ids: ids, category_id: f.categoryId, tags: ['garden', 'how-to'], schedule: 'at', run_at: runAt },
    });
    expect(task.code).toBe(200);
    const res = await download(f.client, { format: 'wxr', task_id: task.data.id });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/xml; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="inkpress-wordpress-\d{8}-\d{6}\.xml"$/);
    const xml = strFromU8(res.bytes);
    const doc = new JSDOM(xml, { contentType: 'text/xml' }).window.document;
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const one = (el: Element | Document, ns: string, name: string) => el.getElementsByTagNameNS(ns, name)[0]?.textContent ?? null;
    expect(one(doc, WP, 'wxr_version')).toBe('1.2');
    expect(one(doc, WP, 'base_site_url')).toBe(t.config.publicUrl);
    const channelCategory = doc.getElementsByTagNameNS(WP, 'category')[0];
    expect([one(channelCategory, WP, 'cat_name'), one(channelCategory, WP, 'category_nicename')]).toEqual([
      'Garden Guides',
      'garden-guides',
    ]);
    expect([...doc.getElementsByTagNameNS(WP, 'tag')].map((tag) => one(tag, WP, 'tag_name'))).toEqual(['garden', 'how-to']);

    const items = [...doc.getElementsByTagName('item')];
    const posts = items.filter((i) => one(i, WP, 'post_type') === 'post');
    const attachments = items.filter((i) => one(i, WP, 'post_type') === 'attachment');
    expect(posts.map((p) => Number(one(p, WP, 'post_id')))).toEqual(ids);
    // The generated article's cover, the hand-made one's picture in the text.
    expect(attachments).toHaveLength(2);
    for (const post of posts) {
      const id = Number(one(post, WP, 'post_id'));
      const article = id === f.handmade.id ? f.handmade : f.generated[0];
      expect(post.getElementsByTagName('title')[0].textContent).toBe(article.title);
      expect(one(post, WP, 'post_name')).toBe(article.slug);
      expect(one(post, WP, 'status')).toBe('draft');
      expect(one(post, EXCERPT, 'encoded')).toBe(article.meta_description);
      const terms = [...post.getElementsByTagName('category')].map((c) => [
        c.getAttribute('domain'),
        c.getAttribute('nicename'),
        c.textContent,
      ]);
      expect(terms).toEqual([
        ['category', 'garden-guides', 'Garden Guides'],
        ['post_tag', 'garden', 'garden'],
        ['post_tag', 'how-to', 'how-to'],
      ]);
      const content = one(post, CONTENT, 'encoded') ?? '';
      const own = attachments.filter((a) => Number(one(a, WP, 'post_parent')) === id);
      expect(own).toHaveLength(1);
      const url = one(own[0], WP, 'attachment_url') ?? '';
      // Absolute, on this server, and what it serves is the article's image.
      const local = id === f.handmade.id ? f.uploadUrl : article.cover_url;
      expect(url).toBe(`${t.config.publicUrl}${local}`);
      expect((await fetch(`${t.url}${local}`)).status).toBe(200);
      const meta = Object.fromEntries(
        [...post.getElementsByTagNameNS(WP, 'postmeta')].map((m) => [one(m, WP, 'meta_key'), one(m, WP, 'meta_value')]),
      );
      if (id === f.handmade.id) {
        expect(content).toContain(`<img src="${url}" alt="A finished shed"`);
        expect(content).toContain('<strong>shed</strong>');
        expect(meta._thumbnail_id).toBeUndefined();
      } else {
        expect(meta._thumbnail_id).toBe(one(own[0], WP, 'post_id'));
        const alt = article.images.find((i) => i.url === article.cover_url)?.alt;
        const attachmentMeta = Object.fromEntries(
          [...own[0].getElementsByTagNameNS(WP, 'postmeta')].map((m) => [one(m, WP, 'meta_key'), one(m, WP, 'meta_value')]),
        );
        expect(attachmentMeta._wp_attachment_image_alt).toBe(alt);
      }
      expect(meta._yoast_wpseo_metadesc).toBe(article.meta_description);
    }

    // By filter: the site's articles, published when asked; without a category or tags.
    const all = await download(f.client, { format: 'wxr', site_id: f.siteId, post_status: 'publish' });
    const allDoc = new JSDOM(strFromU8(all.bytes), { contentType: 'text/xml' }).window.document;
    const allPosts = [...allDoc.getElementsByTagName('item')].filter((i) => one(i, WP, 'post_type') === 'post');
    expect(allPosts.map((p) => Number(one(p, WP, 'post_id'))).sort()).toEqual([...f.generated, f.handmade].map((a) => a.id).sort());
    expect(allPosts.every((p) => one(p, WP, 'status') === 'publish')).toBe(true);
  });

  it("refuses another account's article, an unknown task, an empty selection and a bad format, with the envelope", async () => {
    const stranger = await newClient(t);
    const theirs = await download(stranger, { format: 'zip', article_ids: String(f.handmade.id) });
    expect([theirs.status, envelope(theirs.bytes).msg]).toEqual([400, `Articles: no article ${f.handmade.id}`]);
    const task = await download(stranger, { format: 'wxr', task_id: 999_999 });
    expect([task.status, envelope(task.bytes).msg]).toEqual([404, 'No publishing task with id 999999']);
    const empty = await download(stranger, { format: 'zip' });
    expect([empty.status, envelope(empty.bytes).msg]).toEqual([400, 'No article matches: nothing to export']);
    const format = await download(f.client, { format: 'pdf', article_ids: String(f.handmade.id) });
    expect(format.status).toBe(400);
    const ids = await download(f.client, { format: 'zip', article_ids: '1,,2' });
    expect(ids.status).toBe(400);
    const anonymous = await fetch(`${t.url}/api/v1/task/export?format=zip`);
    expect(anonymous.status).toBe(401);
  });
});

/** Where `needle` first occurs in `bytes` (-1: nowhere). */
function indexOfBytes(bytes: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/**
 * `npm run test:wordpress`: Inkpress publishing against a real WordPress (Debian's packages, see
 * stack.ts). An article with images is published → the post exists with its title, slug, category,
 * tags and featured image, its images are in the media library and resolve; a retry after a
 * failure (PHP down: 502) does not duplicate, nor does one after a crash that lost the post's id;
 * an edit updates the same post; the WXR export is read by PHP the way WordPress's importer reads
 * it (the importer plugin itself is not packaged in Debian, nor is wp-cli); every publish is read
 * back and verified; three tasks of one article at once make one post; a featured image deleted on
 * the site is put back, and an upload whose answer was lost is found again; a live post is
 * unpublished, then deleted to the trash; an article's own categories, tags, author, excerpt, focus
 * keyword and canonical URL reach the site (its SEO fields registered by the tests' must-use plugin,
 * as Yoast SEO and Rank Math register them) and are read back. Prints "N passed,
 * N failed" and exits non-zero on any failure.
 */
import { eq } from 'drizzle-orm';
import type { Publication } from '../../contract/schemas/publishingTask';
import { ensurePublication } from '../../server/db/publishingTasks';
import { articles as articlesTable, publications, publishItems } from '../../server/db/schema';
import { mediaMarker } from '../../server/providers/publish/wordpressPost';
import { startLlmDouble } from '../server/llmDouble';
import { newClient, publishingFinished, startServer, waitFor, waitForTask, type Client } from '../server/pipelineHelpers';
import type { TestServer } from '../server/harness';
import { DEBIAN_PACKAGES, missingBinaries, startWordPress, type WordPressStack } from './stack';

let passed = 0;
let failed = 0;
async function step(name: string, run: () => Promise<void>) {
  const started = Date.now();
  try {
    await run();
    passed++;
    console.log(`  ✓ ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    failed++;
    console.log(`  ✗ ${name}\n    ${(error as Error).stack ?? error}`);
  }
}
function check(ok: unknown, what: string): asserts ok {
  if (!ok) throw new Error(what);
}
const equal = (actual: unknown, expected: unknown, what: string) =>
  check(
    JSON.stringify(actual) === JSON.stringify(expected),
    `${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`,
  );

interface Post {
  id: number;
  slug: string;
  status: string;
  link: string;
  modified_gmt: string;
  title: { raw: string };
  content: { raw: string };
  categories: number[];
  tags: number[];
  featured_media: number;
}
interface Media {
  id: number;
  source_url: string;
  alt_text: string;
  media_type: string;
}
interface Detail {
  task: { done: number; failed: number; cancelled: number; total: number; status: string };
  queued: number;
  running: number;
  items: {
    list: {
      article_id: number;
      status: string;
      error: string;
      note: string;
      attempt: number;
      remote_id: string | null;
      remote_url: string;
    }[];
  };
}
interface LinkReport {
  orphans: { article_id: number; title: string }[];
  broken: unknown[];
}
interface Article {
  id: number;
  title: string;
  slug: string;
  cover_url: string;
  images: { url: string; alt: string }[];
}

async function main() {
  const missing = missingBinaries();
  if (missing.length) {
    console.error(`test:wordpress cannot run: missing ${missing.join(', ')} (install Debian's ${DEBIAN_PACKAGES})`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  const started = Date.now();
  let wp: WordPressStack | null = null;
  let t: TestServer | null = null;
  try {
    wp = await startWordPress();
    console.log(`WordPress at ${wp.url} (${Date.now() - started} ms)`);
    // The site is on loopback: a private network this server is allowed to call.
    t = await startServer({
      ALLOW_PRIVATE_TARGETS: '1',
      PUBLISH_RETRY_SECONDS: '1',
      PUBLISH_MAX_ATTEMPTS: '6',
      PUBLISH_TIMEOUT_MS: '20000',
      JOB_LEASE_SECONDS: '30',
    });
    await run(wp, t);
  } catch (error) {
    failed++;
    console.log(`  ✗ setup\n    ${(error as Error).stack ?? error}`);
  } finally {
    await t?.close().catch(() => {});
    await wp?.close().catch(() => {});
  }
  console.log(`\ntest:wordpress took ${Math.round((Date.now() - started) / 1000)} s`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

async function run(wp: WordPressStack, t: TestServer) {
  const auth = `Basic ${Buffer.from(`${wp.username}:${wp.appPassword}`).toString('base64')}`;
  const rest = async <T>(route: string): Promise<T> => {
    const res = await fetch(`${wp.url}/wp-json/wp/v2${route}`, { headers: { authorization: auth } });
    const text = await res.text();
    check(res.status === 200, `GET ${route} answered ${res.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  };
  const postsTitled = async (title: string) =>
    (
      await rest<Post[]>(`/posts?context=edit&status=draft,publish,future,pending,private&per_page=100&search=${encodeURIComponent(title)}`)
    ).filter((p) => p.title.raw === title);

  const client: Client = await newClient(t, 1000);
  let siteId = 0;
  let categoryId = 0;
  let articles: Article[] = [];
  let publishingTaskId = 0;
  const finished = (id: number) => publishingFinished(client, id, 90_000);

  await step('connects with the application password and creates a category', async () => {
    const site = await client.call<{ id: number }>('POST', '/api/v1/site/add', {
      body: { name: 'Real WordPress', url: wp.url, type: 'wordpress', username: wp.username, app_password: wp.appPassword },
    });
    equal(site.code, 200, 'site/add');
    siteId = site.data.id;
    const test = await client.call<{ ok: boolean; message: string }>('POST', '/api/v1/site/test', { body: { id: siteId } });
    equal([test.data.ok, test.data.message], [true, `Connected to WordPress as ${wp.username}`], 'site/test');
    const fetched = await client.call<{ list: { name: string }[] }>('POST', '/api/v1/site/category/fetch', { body: { site_id: siteId } });
    check(
      fetched.data.list.some((c) => c.name === 'Uncategorized'),
      `the site's categories are read, got ${JSON.stringify(fetched.data)}`,
    );
    const category = await client.call<{ id: number }>('POST', '/api/v1/site/category/add', {
      body: { site_id: siteId, name: 'Garden Guides' },
    });
    equal(category.code, 200, 'category/add');
    categoryId = category.data.id;
  });

  await step('generates two articles with covers, and writes one with an uploaded picture in its text', async () => {
    await client.call('POST', '/api/v1/site/keyword/add', { body: { site_id: siteId, keywords: 'balcony tomatoes\nrain barrels' } });
    const task = await client.call<{ id: number }>('POST', '/api/v1/article_task/add', {
      body: { site_id: siteId, count: 2, word_count: 500, images: true },
    });
    equal(task.code, 200, 'article_task/add');
    await waitForTask(client, task.data.id, 90_000);
    const list = await client.get<{ list: { id: number }[] }>('/api/v1/article/list', { task_id: task.data.id, page_size: 100 });
    articles = await Promise.all(list.data.list.map(async (a) => (await client.get<Article>('/api/v1/article/detail', { id: a.id })).data));
    equal(articles.length, 2, 'generated articles');
    check(
      articles.every((a) => a.cover_url.startsWith('/uploads/')),
      'each has a cover',
    );
    const png = await (await fetch(`${t.url}${articles[0].cover_url}`)).arrayBuffer();
    const form = new FormData();
    form.append('type', 'image');
    form.append('file', new Blob([png], { type: 'image/png' }), 'shed.png');
    const upload = await client.call<{ url: string }>('POST', '/api/v1/common/upload', { raw: form });
    equal(upload.code, 200, 'upload');
    const manual = await client.call<{ id: number }>('POST', '/api/v1/article/add', {
      body: {
        title: 'Building a garden shed',
        slug: 'garden-shed',
        site_id: siteId,
        body: `<h2>Plan</h2><p>A shed needs a level base.</p><p><img src="${upload.data.url}" alt="A finished shed" /></p><p>Then the walls.</p>`,
      },
    });
    equal(manual.code, 200, 'article/add');
    articles.push((await client.get<Article>('/api/v1/article/detail', { id: manual.data.id })).data);
  });

  await step(
    'publishes them as drafts: title, slug, category, tags, featured image with alt, images in the media library that resolve',
    async () => {
      const add = await client.call<{ id: number }>('POST', '/api/v1/task/add', {
        body: { site_id: siteId, article_ids: articles.map((a) => a.id), category_id: categoryId, tags: ['garden', 'how-to'] },
      });
      equal(add.code, 200, 'task/add');
      publishingTaskId = add.data.id;
      const detail = await finished(add.data.id);
      equal(
        [detail.task.status, detail.task.done, detail.task.failed],
        ['completed', 3, 0],
        `the task (${JSON.stringify(detail.items.list.map((i) => i.error))})`,
      );
      const [category] = await rest<{ id: number; name: string }[]>(`/categories?search=${encodeURIComponent('Garden Guides')}`);
      equal(category?.name, 'Garden Guides', 'the category was created on the site');
      const tags = await rest<{ id: number; name: string }[]>('/tags?per_page=100');
      for (const a of articles) {
        const item = detail.items.list.find((i) => i.article_id === a.id);
        const posts = await postsTitled(a.title);
        equal(posts.length, 1, `posts titled "${a.title}"`);
        const post = posts[0];
        equal([item?.status, item?.remote_id, item?.remote_url], ['done', String(post.id), post.link], 'the item names the post');
        equal([post.status, post.slug], ['draft', a.slug], 'status and slug');
        equal(post.categories, [category.id], 'categories');
        equal(post.tags.map((id) => tags.find((x) => x.id === id)?.name).sort(), ['garden', 'how-to'], 'tags');
        check(post.content.raw.includes('<!-- inkpress:'), 'the post carries its key');
        const srcs = [...post.content.raw.matchAll(/<img\b[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
        if (a.cover_url) {
          check(post.featured_media > 0, 'a featured image is set');
          const cover = await rest<Media>(`/media/${post.featured_media}`);
          equal(cover.alt_text, a.images.find((i) => i.url === a.cover_url)?.alt, "the featured image's alt text");
          const got = await fetch(cover.source_url);
          equal([got.status, got.headers.get('content-type')], [200, 'image/png'], `the featured image ${cover.source_url}`);
        }
        for (const src of srcs) {
          check(src.startsWith(`${wp.url}/wp-content/uploads/`), `the content points at the site's copy, got ${src}`);
          equal((await fetch(src)).status, 200, `the image ${src} resolves`);
          const media = await rest<Media[]>(
            `/media?per_page=100&search=${encodeURIComponent(
              src
                .split('/')
                .pop()
                ?.replace(/\.\w+$/, '') ?? '',
            )}`,
          );
          check(
            media.some((m) => m.source_url === src && m.media_type === 'image'),
            `the image ${src} is in the media library`,
          );
        }
        if (a.slug === 'garden-shed') equal(srcs.length, 1, "the hand-written article's picture");
      }
    },
  );

  await step('a retry after a failure (PHP down: 502, then back) makes one post, not two', async () => {
    const title = 'Rain chains instead of downpipes';
    const made = await client.call<{ id: number }>('POST', '/api/v1/article/add', {
      body: { title, site_id: siteId, body: `<h2>${title}</h2><p>They look good and guide the water.</p>` },
    });
    await wp.stopPhp();
    let restarted = false;
    try {
      const add = await client.call<{ id: number }>('POST', '/api/v1/task/add', { body: { site_id: siteId, article_ids: [made.data.id] } });
      // The first try meets the 502 and waits for its retry.
      const waiting = await waitFor(
        'a transient failure',
        async () => {
          const d = await client.get<Detail>('/api/v1/task/detail', { id: add.data.id });
          const item = d.data.items.list[0];
          return item.status === 'queued' && item.attempt >= 1 ? item : undefined;
        },
        30_000,
      );
      check(/502/.test(waiting.error), `the item waits out the 502, got "${waiting.error}"`);
      await wp.startPhp();
      restarted = true;
      const detail = await finished(add.data.id);
      equal(detail.items.list[0].status, 'done', `the item (${detail.items.list[0].error})`);
      check(detail.items.list[0].attempt >= 2, 'it took more than one attempt');
      equal((await postsTitled(title)).length, 1, 'posts with that title');
    } finally {
      if (!restarted) await wp.startPhp();
    }
  });

  await step("a crash that lost the post's id: publishing again finds the post by its key and updates it, no duplicate", async () => {
    const a = articles[0];
    const [before] = await postsTitled(a.title);
    // As if the worker died between "post created" and "id stored": Inkpress forgets the post's id.
    const db = t.server.app.ctx.db;
    await db.update(publications).set({ remoteId: null, remoteUrl: '', status: 'pending' }).where(eq(publications.articleId, a.id));
    await db.update(publishItems).set({ remoteId: null, remoteUrl: '' }).where(eq(publishItems.articleId, a.id));
    const edited = await client.call('PUT', '/api/v1/article/edit', { body: { id: a.id, title: `${a.title} (updated)` } });
    equal(edited.code, 200, 'article/edit');
    const add = await client.call<{ id: number }>('POST', '/api/v1/task/add', {
      body: { site_id: siteId, article_ids: [a.id], post_status: 'publish' },
    });
    const detail = await finished(add.data.id);
    equal(
      [detail.items.list[0].status, detail.items.list[0].remote_id],
      ['done', String(before.id)],
      `the item names the same post (${detail.items.list[0].error})`,
    );
    equal((await postsTitled(a.title)).length, 0, 'posts with the old title');
    const after = await postsTitled(`${a.title} (updated)`);
    equal(
      after.map((p) => [p.id, p.status]),
      [[before.id, 'publish']],
      'the same post, updated and published',
    );
    check(after[0].link.startsWith(wp.url), `the post's link is on the site, got ${after[0].link}`);
  });

  await step(
    "the WXR export of the task reads the way WordPress's importer reads it (PHP SimpleXML with the WXR namespaces) and has every element of WordPress's own export",
    async () => {
      const res = await fetch(`${t.url}/api/v1/task/export?format=wxr&task_id=${publishingTaskId}`, {
        headers: { authorization: `Bearer ${client.token}` },
      });
      equal(res.status, 200, 'export');
      const file = `${wp.dir}/export.xml`;
      const { writeFileSync } = await import('node:fs');
      writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      // What WXR_Parser_SimpleXML (wordpress-importer) checks and reads; the plugin is not in Debian.
      const out = wp.php(`
$xml = simplexml_load_file(${JSON.stringify(file)});
if (!$xml) { echo 'not XML'; exit; }
$version = $xml->xpath('/rss/channel/wp:wxr_version');
if (!$version || !preg_match('/^\\d+\\.\\d+$/', (string) $version[0])) { echo 'no wxr_version'; exit; }
$ns = $xml->getNamespaces(true);
$items = [];
foreach ($xml->channel->item as $item) {
  $wp = $item->children($ns['wp']);
  $content = $item->children('http://purl.org/rss/1.0/modules/content/');
  $terms = [];
  foreach ($item->category as $c) { $a = $c->attributes(); $terms[] = [(string) $a->domain, (string) $a->nicename, (string) $c]; }
  $meta = [];
  foreach ($wp->postmeta as $m) $meta[(string) $m->meta_key] = (string) $m->meta_value;
  $items[] = ['id' => (int) $wp->post_id, 'type' => (string) $wp->post_type, 'status' => (string) $wp->status, 'parent' => (int) $wp->post_parent, 'title' => (string) $item->title, 'url' => (string) $wp->attachment_url, 'content' => (string) $content->encoded, 'terms' => $terms, 'meta' => $meta];
}
$cats = [];
foreach ($xml->xpath('/rss/channel/wp:category') as $c) { $t = $c->children($ns['wp']); $cats[] = (string) $t->cat_name; }
echo json_encode(['version' => (string) $version[0], 'categories' => $cats, 'items' => $items]);
`);
      const parsed = JSON.parse(out) as {
        version: string;
        categories: string[];
        items: {
          id: number;
          type: string;
          status: string;
          parent: number;
          title: string;
          url: string;
          content: string;
          terms: string[][];
          meta: Record<string, string>;
        }[];
      };
      equal(parsed.version, '1.2', 'wxr_version');
      check(parsed.categories.includes('Garden Guides'), `channel categories ${JSON.stringify(parsed.categories)}`);
      const posts = parsed.items.filter((i) => i.type === 'post');
      equal(posts.map((p) => p.id).sort(), articles.map((a) => a.id).sort(), "post items: the task's articles");
      check(
        posts.every(
          (p) =>
            JSON.stringify(p.terms) ===
            JSON.stringify([
              ['category', 'garden-guides', 'Garden Guides'],
              ['post_tag', 'garden', 'garden'],
              ['post_tag', 'how-to', 'how-to'],
            ]),
        ),
        `each post's category and tags, got ${JSON.stringify(posts.map((p) => p.terms))}`,
      );
      for (const post of posts.filter((p) => articles.some((a) => a.id === p.id && a.cover_url))) {
        const thumb = parsed.items.find((i) => i.type === 'attachment' && String(i.id) === post.meta._thumbnail_id);
        check(
          thumb && thumb.parent === post.id && thumb.url.startsWith(`${t.config.publicUrl}/uploads/`),
          `post ${post.id}'s featured image is an attachment of it, got ${JSON.stringify(thumb)}`,
        );
      }
      const shed = posts.find((p) => p.title === 'Building a garden shed');
      const picture = parsed.items.find((i) => i.type === 'attachment' && i.parent === shed?.id);
      check(
        picture && shed?.content.includes(`src="${picture.url}"`),
        "the content names its picture by the attachment's URL (the importer rewrites it)",
      );
      // WordPress's own export (export_wp(), Tools → Export) of the posts just published: every element
      // it writes in its channel and in a post, ours writes too, in the same namespaces.
      const shape = (xmlFile: string) =>
        JSON.parse(
          wp.php(`
$xml = simplexml_load_file(${JSON.stringify(xmlFile)});
$names = function ($node) use ($xml) {
  $out = [];
  foreach ($xml->getDocNamespaces(true) + ['' => ''] as $prefix => $uri) foreach ($node->children($uri) as $child) $out[] = '{' . $uri . '}' . $child->getName();
  return array_values(array_unique($out));
};
$posts = [];
foreach ($xml->channel->item as $item) if ((string) $item->children($xml->getDocNamespaces(true)['wp'])->post_type === 'post') $posts[] = $names($item);
echo json_encode(['channel' => $names($xml->channel), 'post' => array_values(array_unique(array_merge([], ...$posts)))]);
`),
        ) as { channel: string[]; post: string[] };
      const theirsFile = `${wp.dir}/wordpress-export.xml`;
      wp.php(`
require 'wp-load.php';
require_once ABSPATH . 'wp-admin/includes/export.php';
ob_start();
export_wp(['content' => 'post', 'status' => 'publish']);
file_put_contents(${JSON.stringify(theirsFile)}, ob_get_clean());
`);
      const ours = shape(file);
      const theirs = shape(theirsFile);
      check(theirs.post.length > 10, `WordPress's own export has posts: ${JSON.stringify(theirs.post)}`);
      // Comments are WordPress's (its sample post has one); an article has none to export.
      const missing = (kind: 'channel' | 'post') => theirs[kind].filter((name) => !ours[kind].includes(name) && !name.endsWith('}comment'));
      equal(missing('channel'), [], "channel elements of WordPress's own export missing from ours");
      equal(missing('post'), [], "post elements of WordPress's own export missing from ours");
      console.log(
        "    (WordPress's importer plugin is not packaged in Debian and wp-cli neither: the file is compared with WordPress's own export, not imported)",
      );
    },
  );

  const send = async (articleId: number, extra: Record<string, unknown> = {}) => {
    const add = await client.call<{ id: number }>('POST', '/api/v1/task/add', {
      body: { site_id: siteId, article_ids: [articleId], ...extra },
    });
    equal(add.code, 200, 'task/add');
    return add.data.id;
  };
  const publicationOf = async (articleId: number) =>
    (await client.get<{ list: Publication[] }>('/api/v1/task/publications', { article_id: articleId })).data.list[0];

  await step('every publish is read back: the drafts are verified as drafts', async () => {
    for (const a of articles.slice(1)) {
      const p = await publicationOf(a.id);
      equal([p.status, p.verification?.differences], ['draft', []], `what the site holds of "${a.title}"`);
      const article = (await client.get<{ status: string }>('/api/v1/article/detail', { id: a.id })).data;
      equal(article.status, 'draft', `the article "${a.title}", sent as a draft`);
    }
  });

  await step(
    "an article's own categories, tags, author, excerpt, focus keyword and canonical reach the site and are read back",
    async () => {
      const annaId = Number(
        wp.php(
          `require 'wp-load.php'; echo wp_insert_user(['user_login' => 'anna.w', 'user_pass' => 'anna-password-1', 'role' => 'author']);`,
        ),
      );
      check(annaId > 0, `a second user of the site, got ${annaId}`);
      const title = 'Herb spirals on a balcony';
      const made = await client.call<{ id: number }>('POST', '/api/v1/article/add', {
        body: { title, site_id: siteId, keyword: 'herb spiral', body: `<h2>${title}</h2><p>Three herbs, one spiral, a sunny balcony.</p>` },
      });
      equal(made.code, 200, 'article/add');
      const canonical = 'https://example.org/herb-spirals';
      const chosen = await client.call('PUT', '/api/v1/article/edit', {
        body: {
          id: made.data.id,
          wordpress: {
            categories: ['Balcony Gardens'],
            tags: ['herbs', 'spirals'],
            author: 'anna.w',
            excerpt: 'Three herbs, one spiral.',
            canonical_url: canonical,
          },
        },
      });
      equal(chosen.code, 200, 'article/edit');
      const item = (await finished(await send(made.data.id, { post_status: 'publish' }))).items.list[0];
      equal([item.status, item.note], ['done', ''], `the item (${item.error})`);
      const [post] = await postsTitled(title);
      const held = await rest<Post & { author: number; excerpt: { raw: string }; meta: Record<string, unknown> }>(
        `/posts/${post.id}?context=edit`,
      );
      const names = async (taxonomy: string, ids: number[]) =>
        (await rest<{ name: string }[]>(`/${taxonomy}?include=${ids.join(',')}`)).map((x) => x.name).sort();
      equal(await names('categories', held.categories), ['Balcony Gardens'], 'the categories');
      equal(await names('tags', held.tags), ['herbs', 'spirals'], 'the tags');
      equal([held.status, held.author, held.excerpt.raw], ['publish', annaId, 'Three herbs, one spiral.'], 'status, author and excerpt');
      equal(
        [
          held.meta._yoast_wpseo_focuskw,
          held.meta.rank_math_focus_keyword,
          held.meta._yoast_wpseo_canonical,
          held.meta.rank_math_canonical_url,
        ],
        ['herb spiral', 'herb spiral', canonical, canonical],
        "the focus keyword and canonical URL in both SEO plugins' fields",
      );
      const p = await publicationOf(made.data.id);
      equal([p.status, p.verification?.differences, p.verification?.unsupported], ['publish', [], []], 'read back and verified');
      equal(item.verification?.differences, [], "the task's item says the post was verified");
      equal((await client.get<{ status: string }>('/api/v1/article/detail', { id: made.data.id })).data.status, 'published', 'the article');

      // Cleared in Inkpress: the next send clears both SEO plugins' canonical fields on the site.
      const cleared = await client.call('PUT', '/api/v1/article/edit', { body: { id: made.data.id, wordpress: { canonical_url: '' } } });
      equal(cleared.code, 200, 'article/edit clearing the canonical');
      const again = (await finished(await send(made.data.id, { post_status: 'publish' }))).items.list[0];
      equal([again.status, again.note], ['done', ''], `the item sending it again (${again.error})`);
      const after = await rest<{ id: number; meta: Record<string, unknown> }>(`/posts/${post.id}?context=edit`);
      equal([after.meta._yoast_wpseo_canonical, after.meta.rank_math_canonical_url], ['', ''], 'the canonical cleared on the site');
      equal((await publicationOf(made.data.id)).verification?.differences, [], 'read back after clearing');
    },
  );

  await step('the same article in three tasks added at the same moment makes one post', async () => {
    const title = 'Three clicks on publish';
    const made = await client.call<{ id: number }>('POST', '/api/v1/article/add', {
      body: { title, site_id: siteId, body: `<h2>${title}</h2><p>Clicked three times, published once.</p>` },
    });
    const tasks = await Promise.all([1, 2, 3].map(() => send(made.data.id)));
    const items = await Promise.all(tasks.map(async (id) => (await finished(id)).items.list[0]));
    const posts = await postsTitled(title);
    equal(posts.length, 1, 'posts with that title');
    equal(
      items.map((i) => [i.status, i.remote_id]),
      tasks.map(() => ['done', String(posts[0].id)]),
      'each task names the one post',
    );
  });

  await step('a featured image deleted in WordPress is uploaded again when the article is sent again', async () => {
    const a = articles[1];
    const [post] = await postsTitled(a.title);
    const gone = await fetch(`${wp.url}/wp-json/wp/v2/media/${post.featured_media}?force=true`, {
      method: 'DELETE',
      headers: { authorization: auth },
    });
    equal(gone.status, 200, 'deleting the featured image');
    const item = (await finished(await send(a.id))).items.list[0];
    equal(item.status, 'done', `the item (${item.error})`);
    check(item.note.includes('uploaded again: 1 image(s)'), `the item says so, got "${item.note}"`);
    const [after] = await postsTitled(a.title);
    check(after.id === post.id && after.featured_media > 0 && after.featured_media !== post.featured_media, 'a new featured image');
    const cover = await rest<Media>(`/media/${after.featured_media}`);
    equal(cover.alt_text, a.images.find((i) => i.url === a.cover_url)?.alt, "the new featured image's alt text");
    equal((await publicationOf(a.id)).verification?.differences, [], 'read back and verified');
  });

  await step('a live post is unpublished (back to draft), then deleted to the trash, each once', async () => {
    const a = articles[0];
    const [live] = await postsTitled(`${a.title} (updated)`);
    equal(live?.status, 'publish', 'the post is live');
    const off = (await finished(await send(a.id, { action: 'unpublish' }))).items.list[0];
    equal([off.status, off.remote_id], ['done', String(live.id)], `unpublishing (${off.error})`);
    equal((await rest<Post>(`/posts/${live.id}?context=edit`)).status, 'draft', 'the post after unpublishing');
    equal((await publicationOf(a.id)).status, 'draft', 'the publication after unpublishing');
    const dels = await Promise.all([1, 2].map(() => send(a.id, { action: 'delete' })));
    const items = await Promise.all(dels.map(async (id) => (await finished(id)).items.list[0]));
    equal(
      items.map((i) => i.status),
      ['done', 'done'],
      `deleting twice (${items.map((i) => i.error).join(' | ')})`,
    );
    equal((await rest<Post>(`/posts/${live.id}?context=edit`)).status, 'trash', 'the post after deleting');
    equal((await publicationOf(a.id)).status, 'trash', 'the publication after deleting');
  });

  await step('an upload whose answer was lost is found in the media library by its title, not uploaded again', async () => {
    const png = await (await fetch(`${t.url}${articles[1].cover_url}`)).arrayBuffer();
    const form = new FormData();
    form.append('type', 'image');
    form.append('file', new Blob([png], { type: 'image/png' }), 'porch.png');
    const upload = await client.call<{ url: string }>('POST', '/api/v1/common/upload', { raw: form });
    const title = 'A porch for the cat';
    const made = await client.call<{ id: number }>('POST', '/api/v1/article/add', {
      body: { title, site_id: siteId, body: `<p>Start small.</p><p><img src="${upload.data.url}" alt="A porch" /></p>` },
    });
    // As if an earlier attempt uploaded the picture and its answer was lost: the library has it, Inkpress does not know.
    const db = t.server.app.ctx.db;
    const [row] = await db.select({ accountId: articlesTable.accountId }).from(articlesTable).where(eq(articlesTable.id, made.data.id));
    const key = `ikp-lost-${made.data.id}`;
    await ensurePublication(db, { accountId: row.accountId, articleId: made.data.id, siteId, idempotencyKey: key });
    const stored = await fetch(`${wp.url}/wp-json/wp/v2/media?title=${encodeURIComponent(mediaMarker(key, upload.data.url))}`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'image/png', 'content-disposition': 'attachment; filename="porch.png"' },
      body: new Uint8Array(png),
    });
    equal(stored.status, 201, 'the earlier upload');
    const earlier = (await stored.json()) as Media;
    const item = (await finished(await send(made.data.id))).items.list[0];
    equal(item.status, 'done', `the item (${item.error})`);
    const [post] = await postsTitled(title);
    check(post.content.raw.includes(`src="${earlier.source_url}"`), `the post shows the earlier upload, got ${post.content.raw}`);
    const copies = await rest<Media[]>(`/media?per_page=100&context=edit&search=${encodeURIComponent(mediaMarker(key, upload.data.url))}`);
    equal(copies.length, 1, 'copies of the picture in the media library');
  });
  await step('a new post links to 3 related live pages by their live URLs, and an older one links back, updated in place', async () => {
    const ids: number[] = [];
    for (const title of ['Compost bins for small gardens', 'Compost tea for tomatoes', 'Compost heap in winter', 'Compost for beginners']) {
      const made = await client.call<{ id: number }>('POST', '/api/v1/article/add', {
        body: { title, site_id: siteId, body: `<h2>${title}</h2><p>Notes on ${title.toLowerCase()}, tried in a real garden.</p>` },
      });
      equal(made.code, 200, 'article/add');
      ids.push(made.data.id);
      const item = (await finished(await send(made.data.id, { post_status: 'publish' }))).items.list[0];
      equal(item.status, 'done', `publishing ${title} (${item.error})`);
    }
    const live = new Set((await rest<Post[]>('/posts?status=publish&per_page=100&context=edit')).map((p) => p.link));
    const [post] = await postsTitled('Compost for beginners');
    const links = [...post.content.raw.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]).filter((u) => u.startsWith(wp.url));
    check(links.length >= 3, `the new post links to 3 pages of the site, got ${JSON.stringify(links)}`);
    equal(new Set(links).size, links.length, 'distinct targets');
    check(!links.includes(post.link), 'no link to itself');
    for (const url of links) check(live.has(url), `${url} is a live post of the site`);
    // Read back: the links recorded for it are the ones its live post holds.
    const recorded = await client.get<{ list: { target_url: string; on_site: boolean | null }[] }>('/api/v1/site/internal_link/list', {
      site_id: siteId,
      article_id: ids[3],
    });
    equal(
      recorded.data.list.map((l) => [l.target_url, l.on_site]).sort(),
      links.map((url) => [url, true]).sort(),
      'the links read back from the live post',
    );
    const count = live.size;
    await waitFor(
      'an older post linking to the new one',
      async () => {
        for (const title of ['Compost bins for small gardens', 'Compost tea for tomatoes', 'Compost heap in winter']) {
          const [older] = await postsTitled(title);
          if (older.content.raw.includes(`href="${post.link}"`)) return true;
        }
        return undefined;
      },
      60_000,
    );
    equal((await rest<Post[]>('/posts?status=publish&per_page=100&context=edit')).length, count, 'live posts after linking back');
  });

  const compost = [
    'Compost for clay soil',
    'Compost on a balcony',
    'Compost with coffee grounds',
    'Compost and worms',
    'Compost in raised beds',
    'Compost smells and fixes',
    'Compost bins from pallets',
    'Compost for roses',
    'Compost in autumn',
    'Compost with leaves',
    'Compost for lawns',
    'Compost thermometers',
    'Compost turning tools',
    'Compost and eggshells',
    'Compost for seedlings',
    'Compost in small yards',
    'Compost for potatoes',
    'Compost in shade',
    'Compost from kitchen scraps',
    'Compost for herbs',
  ];
  const grown: number[] = [];
  await step('20 new articles on a growing site: each links to 3 live pages, none is an orphan, no link is broken', async () => {
    const before = (await rest<Post[]>('/posts?status=publish&per_page=100&context=edit')).length;
    check(before >= 4, `the site has live pages to link to, got ${before}`);
    // Published one task at a time, as a site grows: each new page finds the ones before it live.
    for (const title of compost) {
      const made = await client.call<{ id: number }>('POST', '/api/v1/article/add', {
        body: { title, site_id: siteId, body: `<h2>${title}</h2><p>What works for ${title.toLowerCase()}, from a season of trials.</p>` },
      });
      equal(made.code, 200, 'article/add');
      grown.push(made.data.id);
      const item = (await finished(await send(made.data.id, { post_status: 'publish' }))).items.list[0];
      equal(item.status, 'done', `publishing ${title} (${item.error})`);
    }
    const posts = await rest<Post[]>('/posts?status=publish&per_page=100&context=edit');
    equal(posts.length, before + compost.length, 'live posts');
    const live = new Set(posts.map((p) => p.link));
    for (const title of compost) {
      const [post] = await postsTitled(title);
      const links = [...post.content.raw.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]).filter((u) => u.startsWith(wp.url));
      check(links.length >= 3, `"${title}" links to 3 pages of the site, got ${JSON.stringify(links)}`);
      for (const url of links) check(live.has(url), `"${title}" links to ${url}, a live post of the site`);
    }
    const report = await waitFor(
      'the link report to settle (older posts linking back)',
      async () => {
        const r = await client.get<LinkReport>('/api/v1/site/link_report', { site_id: siteId });
        return r.data.orphans.some((o) => grown.includes(o.article_id)) ? undefined : r.data;
      },
      60_000,
    ).catch(async () => (await client.get<LinkReport>('/api/v1/site/link_report', { site_id: siteId })).data);
    equal(
      report.orphans.filter((o) => grown.includes(o.article_id)).map((o) => o.title),
      [],
      'new articles no page links to',
    );
    equal(report.broken, [], 'broken internal links');
  });

  await step('refreshing 20 live posts updates each in place: 20 updates, 0 new posts, a version kept for each', async () => {
    const double = await startLlmDouble();
    try {
      const model = await client.call('POST', '/api/v1/account/provider/set', {
        body: { llm_base_url: double.url, llm_model: 'double-model' },
      });
      equal(model.code, 200, 'provider/set');
      const [chosen, titles] = [grown, compost];
      const before = new Map((await rest<Post[]>('/posts?status=publish&per_page=100&context=edit')).map((p) => [p.title.raw, p]));
      const refresh = await client.call<{ queued: number[]; skipped: number[] }>('POST', '/api/v1/article/refresh/bulk', {
        body: { ids: chosen },
      });
      equal([refresh.code, refresh.data.queued.length, refresh.data.skipped], [200, chosen.length, []], 'refresh/bulk');
      await waitFor(
        'the refreshes to finish',
        async () => {
          const waiting = await client.get<{ total: number }>('/api/v1/article/refresh/list', { site_id: siteId, refreshing: 'true' });
          return waiting.data.total === 0 ? true : undefined;
        },
        240_000,
      );
      await waitFor(
        'every refreshed post updated on the site',
        async () => {
          const now = new Map((await rest<Post[]>('/posts?status=publish&per_page=100&context=edit')).map((p) => [p.title.raw, p]));
          return titles.every((t) => now.get(t) && now.get(t)!.content.raw !== before.get(t)!.content.raw) ? now : undefined;
        },
        120_000,
      ).then((now) => {
        equal(now.size, before.size, 'live posts after the refreshes (0 new)');
        for (const title of titles) {
          const [was, is] = [before.get(title)!, now.get(title)!];
          equal([is.id, is.slug, is.link], [was.id, was.slug, was.link], `"${title}" keeps its post and address`);
          check(is.modified_gmt > was.modified_gmt, `"${title}" was modified (${was.modified_gmt} → ${is.modified_gmt})`);
          // Its internal links stay through the refresh.
          const links = (html: string) => [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]).filter((u) => u.startsWith(wp.url));
          for (const url of links(was.content.raw)) check(links(is.content.raw).includes(url), `"${title}" keeps its link to ${url}`);
        }
      });
      for (const id of chosen) {
        const versions = await client.get<{ list: { source: string }[] }>('/api/v1/article/version/list', { article_id: id });
        check(
          versions.data.list.some((v) => v.source === 'refresh'),
          `article ${id} keeps the text the refresh replaced, got ${JSON.stringify(versions.data.list)}`,
        );
      }
    } finally {
      await double.close();
    }
  });
}

void main();

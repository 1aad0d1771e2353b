import fs from 'node:fs';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { RunningServer } from '../server/server';
import { articles, publishItems, publishTasks } from '../server/db/schema';
import * as q from '../server/db/publishingTasks';
import { claimPublishItem, completePublishItem, noteRemotePost } from '../server/domain/publishing/publishItems';
import { startWordPressDouble, WP_PASSWORD, WP_USER, type WordPressDouble } from '../tests/server/wordpressDouble';
import { ms, onEachDatabase, post, signedInMaster, withInProcessServer, WORKING_ENV, type BenchRow, type BenchSection } from './lib';

/*
 * Publishing: articles published per second to the loopback WordPress double, without
 * images and with 3 (a cover and two in the text, each uploaded to the media library), and the
 * queue's own cost per item (claim with its debit, the publication row, the remote id stored,
 * completion with the task's counters), on the embedded database and on PostgreSQL (DATABASE_URL).
 */

const rate = (n: number, millis: number) => `${(n / (millis / 1000)).toFixed(1)} /s`;
/** A 30 KB image file: the double stores the bytes it is sent, as WordPress's media library would. */
const IMAGE = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(30 * 1024)]);

interface Bench {
  server: RunningServer;
  token: string;
  accountId: number;
  siteId: number;
}

const withServer = <T>(env: Record<string, string>, databaseUrl: string | null, wp: WordPressDouble, run: (bench: Bench) => Promise<T>) =>
  withInProcessServer({ ...WORKING_ENV, ALLOW_PRIVATE_TARGETS: '1', ...env }, databaseUrl, async (server) => {
    const { id: accountId, token } = await signedInMaster(server, 'bench');
    const site = await post<{ id: number }>(server, token, '/api/v1/site/add', {
      name: 'Bench blog',
      url: wp.url,
      type: 'wordpress',
      username: WP_USER,
      app_password: WP_PASSWORD,
    });
    const uploads = path.join(server.app.ctx.config.dataDir, 'uploads', 'bench');
    fs.mkdirSync(uploads, { recursive: true });
    for (const name of ['cover.png', 'one.png', 'two.png']) fs.writeFileSync(path.join(uploads, name), IMAGE);
    return run({ server, token, accountId, siteId: site.id });
  });

/** `n` ready articles of the site (about 1,000 words), with a cover and two images in the text when `images`. */
async function makeArticles(b: Bench, n: number, images: boolean): Promise<number[]> {
  const paragraph =
    '<p>' + 'Plant the seedlings in a sunny spot and water them every morning until the roots take hold. '.repeat(12) + '</p>';
  const figure = (name: string) => `<figure><img src="/uploads/bench/${name}" alt="${name}"></figure>`;
  const rows = Array.from({ length: n }, (_, i) => {
    const tag = randomUUID().slice(0, 8);
    const body = [
      `<h2>Part one</h2>`,
      paragraph,
      images ? figure('one.png') : '',
      `<h2>Part two</h2>`,
      paragraph,
      images ? figure('two.png') : '',
      paragraph.repeat(6),
    ].join('');
    return {
      accountId: b.accountId,
      siteId: b.siteId,
      title: `Bench article ${i} ${tag}`,
      slug: `bench-article-${i}-${tag}`,
      metaDescription: 'A bench article.',
      body,
      status: 'ready' as const,
      coverUrl: images ? '/uploads/bench/cover.png' : '',
      images: images ? ['cover.png', 'one.png', 'two.png'].map((name) => ({ url: `/uploads/bench/${name}`, alt: name })) : [],
    };
  });
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500)
    ids.push(
      ...(
        await b.server.app.ctx.db
          .insert(articles)
          .values(rows.slice(i, i + 500))
          .returning({ id: articles.id })
      ).map((r) => r.id),
    );
  return ids;
}

/** Adds a task publishing `n` articles and waits until every item is done; milliseconds from add to done. */
async function publishRun(b: Bench, n: number, images: boolean): Promise<number> {
  const ids = await makeArticles(b, n, images);
  const started = performance.now();
  const task = await post<{ id: number }>(b.server, b.token, '/api/v1/task/add', {
    site_id: b.siteId,
    article_ids: ids,
    post_status: 'publish',
  });
  for (;;) {
    const [row] = await b.server.app.ctx.db.select().from(publishTasks).where(eq(publishTasks.id, task.id));
    if (row.failed) throw new Error(`${row.failed} item(s) failed`);
    if (row.done === n) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * The queue's own cost per item, no network: adding the task (items and their pg-boss jobs, per
 * item), then claim (and debit), the publication row, the remote id stored and completion (item,
 * publication, article, task counters), one item at a time.
 */
async function overhead(b: Bench, n: number): Promise<{ add: number; run: number }> {
  const ctx = b.server.app.ctx;
  const ids = await makeArticles(b, n, false);
  const added = performance.now();
  const task = await post<{ id: number }>(b.server, b.token, '/api/v1/task/add', { site_id: b.siteId, article_ids: ids });
  const add = (performance.now() - added) / n;
  const items = await ctx.db
    .select({ id: publishItems.id, articleId: publishItems.articleId })
    .from(publishItems)
    .where(eq(publishItems.taskId, task.id));
  const started = performance.now();
  for (const { id, articleId } of items) {
    const claim = await claimPublishItem(ctx, id);
    if (!claim) throw new Error(`item ${id} could not be claimed`);
    const publication = await q.ensurePublication(ctx.db, {
      accountId: b.accountId,
      articleId: articleId as number,
      siteId: b.siteId,
      idempotencyKey: `ikp-${randomUUID()}`,
    });
    await q.updatePublication(ctx.db, publication.id, { remoteId: String(id), remoteUrl: `https://bench.example/?p=${id}` });
    await noteRemotePost(ctx, claim, String(id), `https://bench.example/?p=${id}`);
    await completePublishItem(ctx, claim, {
      publicationId: publication.id,
      remoteId: String(id),
      remoteUrl: `https://bench.example/?p=${id}`,
      status: 'publish',
      notes: [],
      differences: [],
    });
  }
  return { add, run: (performance.now() - started) / n };
}

async function measure(label: string, databaseUrl: string | null, wp: WordPressDouble, log: (line: string) => void): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  // BENCH_PUBLISH_WORKERS: publishing workers in the process (WORKER_CONCURRENCY), 8 by default.
  const workers = process.env.BENCH_PUBLISH_WORKERS ?? '8';
  await withServer({ WORKER_CONCURRENCY: workers }, databaseUrl, wp, async (b) => {
    await publishRun(b, 20, false); // warm-up
    const n = 200;
    let calls = wp.requests.length;
    const text = await publishRun(b, n, false);
    const perText = (wp.requests.length - calls) / n;
    log(`${label}: ${n} articles published in ${ms(text)}`);
    rows.push({
      what: `${label}: articles/s to the WordPress double, no images`,
      value: rate(n, text),
      note: `${n} articles of ~1,000 words, ${workers} workers, ${perText.toFixed(1)} REST calls each`,
    });
    const m = 60;
    calls = wp.requests.length;
    const withImages = await publishRun(b, m, true);
    const perImages = (wp.requests.length - calls) / m;
    log(`${label}: ${m} articles with 3 images published in ${ms(withImages)}`);
    rows.push({
      what: `${label}: articles/s to the WordPress double, 3 images each`,
      value: rate(m, withImages),
      note: `${m} articles, ${perImages.toFixed(1)} REST calls each: cover (featured, alt) + 2 in the text, 30 KB uploads, URLs rewritten`,
    });
  });
  await withServer({ WORKERS: '0' }, databaseUrl, wp, async (b) => {
    await overhead(b, 10);
    const n = 100;
    const cost = await overhead(b, n);
    log(`${label}: queue overhead ${cost.run.toFixed(1)} ms per item`);
    rows.push({
      what: `${label}: queue overhead per item`,
      value: `${cost.run.toFixed(1)} ms`,
      note: `claim+debit, publication row, remote id stored, completion+counters; mean of ${n}, one at a time, no network`,
    });
    rows.push({
      what: `${label}: adding a task, per item`,
      value: `${cost.add.toFixed(2)} ms`,
      note: `one call: ${n} items and their pg-boss jobs in one transaction`,
    });
  });
  return rows;
}

export const publish: BenchSection = {
  name: 'publish',
  title: 'Publishing (loopback WordPress double answering at once)',
  async run(log) {
    const wp = await startWordPressDouble();
    try {
      // Awaited: the double must stay up until every run has ended (finally closes it).
      return await onEachDatabase((label, databaseUrl) => measure(label, databaseUrl, wp, log));
    } finally {
      await wp.close();
    }
  },
};

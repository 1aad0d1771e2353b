import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { RunningServer } from '../server/server';
import { articleTasks } from '../server/db/schema';
import { claimItem, completeItem } from '../server/domain/generation/taskItems';
import { writeArticle } from '../server/domain/generation/generation';
import { createOfflineWriter } from '../server/providers/llm/offline';
import { createCoverRenderer } from '../server/providers/image/coverRenderer';
import { articleTaskItems } from '../server/db/schema';
import { startLlmDouble, type LlmDouble } from '../tests/server/llmDouble';
import { ms, onEachDatabase, post, signedInMaster, withInProcessServer, WORKING_ENV, type BenchRow, type BenchSection } from './lib';

const rate = (n: number, millis: number) => `${(n / (millis / 1000)).toFixed(1)} /s`;

const withServer = <T>(
  env: Record<string, string>,
  databaseUrl: string | null,
  run: (server: RunningServer, token: string, accountId: number) => Promise<T>,
) =>
  withInProcessServer({ ...WORKING_ENV, ...env }, databaseUrl, async (server) => {
    const { id, token } = await signedInMaster(server, 'bench');
    return run(server, token, id);
  });

/** Adds a task of `n` new keywords and waits until every item is done; milliseconds from add to done. */
async function runTask(server: RunningServer, token: string, n: number, images: boolean): Promise<number> {
  const site = await post<{ id: number }>(server, token, '/api/v1/site/add', {
    name: 'Bench',
    url: 'https://bench.example',
    type: 'export',
  });
  const keywords = Array.from({ length: n }, (_, i) => `bench keyword ${i} ${images ? 'img' : 'txt'}`).join('\n');
  const started = performance.now();
  const task = await post<{ id: number }>(server, token, '/api/v1/article_task/add', {
    site_id: site.id,
    keywords,
    images,
    word_count: 1000,
  });
  for (;;) {
    const [row] = await server.app.ctx.db.select().from(articleTasks).where(eq(articleTasks.id, task.id));
    if (row.failed) throw new Error(`${row.failed} item(s) failed`);
    if (row.done === n) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * The pipeline's own cost per article, without the job queue or any network: claim (with its
 * debit), write with the instant offline writer, save (with the item's completion), one at a time.
 */
async function overhead(server: RunningServer, token: string, n: number, images: boolean): Promise<number> {
  const site = await post<{ id: number }>(server, token, '/api/v1/site/add', {
    name: 'Overhead',
    url: 'https://bench.example',
    type: 'export',
  });
  const keywords = Array.from({ length: n }, (_, i) => `overhead keyword ${i} ${images}`).join('\n');
  const task = await post<{ id: number }>(server, token, '/api/v1/article_task/add', {
    site_id: site.id,
    keywords,
    images,
    word_count: 1000,
  });
  const ctx = server.app.ctx;
  const items = await ctx.db.select({ id: articleTaskItems.id }).from(articleTaskItems).where(eq(articleTaskItems.taskId, task.id));
  const writer = createOfflineWriter();
  const renderer = createCoverRenderer();
  const uploadsDir = path.join(ctx.config.dataDir, 'uploads');
  const started = performance.now();
  for (const { id } of items) {
    const claim = await claimItem(ctx, id);
    if (!claim) throw new Error(`item ${id} could not be claimed`);
    const prompts = Object.fromEntries(Object.entries(claim.task.prompts).map(([k, p]) => [k, p.content])) as Parameters<
      typeof writeArticle
    >[2]['prompts'];
    const article = await writeArticle(writer, renderer, {
      itemId: id,
      keyword: claim.item.keyword,
      language: 'en',
      siteName: 'Overhead',
      wordCount: 1000,
      images,
      imageCount: 3,
      prompts,
      uploadsDir,
    });
    await completeItem(ctx, claim, article, null);
  }
  return (performance.now() - started) / n;
}

async function measure(label: string, databaseUrl: string | null, double: LlmDouble, log: (line: string) => void): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const llmEnv = { LLM_BASE_URL: double.url, LLM_MODEL: 'double', WORKER_CONCURRENCY: '4' };
  await withServer(llmEnv, databaseUrl, async (server, token) => {
    await runTask(server, token, 20, false); // warm-up
    const n = 200;
    const text = await runTask(server, token, n, false);
    log(`${label}: ${n} articles with the loopback model in ${ms(text)}`);
    rows.push({
      what: `${label}: articles/s end to end, model double, no images`,
      value: rate(n, text),
      note: `${n} articles, 4 workers, 4 chat calls each, pg-boss jobs`,
    });
    const m = 40;
    const withImages = await runTask(server, token, m, true);
    rows.push({
      what: `${label}: articles/s end to end, model double, 3 images each`,
      value: rate(m, withImages),
      note: `${m} articles; embedded cover renderer (PNG 1200×630)`,
    });
  });
  await withServer({ WORKERS: '0' }, databaseUrl, async (server, token) => {
    await overhead(server, token, 10, false);
    const n = 100;
    const per = await overhead(server, token, n, false);
    log(`${label}: pipeline overhead ${per.toFixed(1)} ms per article`);
    rows.push({
      what: `${label}: pipeline overhead per article, no images`,
      value: `${per.toFixed(1)} ms`,
      note: `claim+debit, outline→body→FAQ→meta (instant writer), HTML, SEO score, save; mean of ${n}, one at a time`,
    });
    const perImages = await overhead(server, token, 20, true);
    rows.push({ what: `${label}: the same with 3 rendered images`, value: `${perImages.toFixed(1)} ms`, note: 'mean of 20' });
  });
  return rows;
}

export const generation: BenchSection = {
  name: 'generation',
  title: 'Article generation (loopback model double answering at once)',
  async run(log) {
    const double = await startLlmDouble();
    try {
      return onEachDatabase((label, databaseUrl) => measure(label, databaseUrl, double, log));
    } finally {
      await double.close();
    }
  },
};

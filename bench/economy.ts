import fs from 'node:fs';
import { callerOf, kill9, startServerProcess, type ServerProcess } from '../tests/server/serverProcess';
import { ADMIN_PASSWORD } from '../tests/server/harness';
import { startLlmDouble, stepOf } from '../tests/server/llmDouble';
import { ms, tempDataDir, type BenchRow, type BenchSection } from './lib';
import { startPostgresCluster } from './postgresCluster';

/**
 * An economy task of ECONOMY_ARTICLES articles (default 1,000) against the loopback batch double,
 * the server as its own processes: how many batches each stage took, whether anything was lost or
 * charged twice, and whether the charge equals the quote. Switches:
 * - ECONOMY_KILL=1: every server process is killed with SIGKILL while a batch is in progress at
 *   the provider, and started again on the same data (the batch is followed, not sent again);
 * - ECONOMY_POSTGRES=1: a throwaway PostgreSQL cluster and ECONOMY_PROCESSES server processes
 *   (default 3), each with its workers (one batch per stage all the same, not one per process).
 */
const N = Number(process.env.ECONOMY_ARTICLES ?? 1000);
const KILL = process.env.ECONOMY_KILL === '1';
const POSTGRES = process.env.ECONOMY_POSTGRES === '1';
const PROCESSES = POSTGRES ? Number(process.env.ECONOMY_PROCESSES ?? 3) : 1;
const STAGES = ['outline', 'article', 'faq', 'meta'];
/** Each status of a batch at the double, while the run goes on (longer until the kill lands in one). */
const STEP_MS = 200;
const KILL_STEP_MS = 3000;

type Call = ReturnType<typeof callerOf>;
interface Detail {
  task: { status: string; total: number; done: number; failed: number; cancelled: number };
  queued: number;
  waiting: number;
  running: number;
}

const pause = (msWait: number) => new Promise((resolve) => setTimeout(resolve, msWait));

/** Every page of a list route (100 a page). */
async function allPages<T>(call: Call, token: string, route: string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const { list, total } = await call<{ list: T[]; total: number }>('GET', `${route}&page=${page}&page_size=100`, token);
    rows.push(...list);
    if (list.length === 0 || rows.length >= total) return rows;
  }
}

async function measure(log: (line: string) => void): Promise<BenchRow[]> {
  const double = await startLlmDouble();
  double.batch.stepMs = KILL ? KILL_STEP_MS : STEP_MS;
  const dataDir = tempDataDir();
  const cluster = POSTGRES ? await startPostgresCluster({ max_connections: '200' }) : null;
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: cluster?.url ?? '',
    ADMIN_PASSWORD,
    SECRET_KEY: 'e'.repeat(64),
    WELCOME_POINTS: String(100 * N),
    LLM_BASE_URL: double.url,
    LLM_MODEL: 'double',
    PRICE_ARTICLE: '10',
    JOB_POLL_SECONDS: '0.5',
    JOB_LEASE_SECONDS: '10',
    BATCH_POLL_SECONDS: '0.5',
    ALLOW_PRIVATE_TARGETS: '1',
  };
  // The first process migrates and seeds; the others start beside a ready database.
  const startAll = async () => {
    const first = await startServerProcess(env);
    return [first, ...(await Promise.all(Array.from({ length: PROCESSES - 1 }, () => startServerProcess(env))))];
  };
  let processes: ServerProcess[] = [];
  try {
    processes = await startAll();
    // The first process's port, which changes when the processes are killed and started again.
    const call = <T>(method: string, route: string, token: string | null, body?: unknown) =>
      callerOf(processes[0].port)<T>(method, route, token, body);
    const token = (await call<{ token: string }>('POST', '/api/v1/user/login', null, { username: 'admin', password: ADMIN_PASSWORD }))
      .token;
    const balanceBefore = (await call<{ balance: number }>('GET', '/api/v1/account/points/list', token)).balance;
    const site = await call<{ id: number }>('POST', '/api/v1/site/add', token, {
      name: 'Economy',
      url: 'https://bench.example',
      type: 'export',
    });
    const keywords = Array.from({ length: N }, (_, i) => `economy keyword ${i}`);
    await call('POST', '/api/v1/site/keyword/add', token, { site_id: site.id, keywords: keywords.join('\n') });
    const body = { site_id: site.id, count: N, images: false, economy: true };
    const quote = await call<{ total: number; per_item: number }>('POST', '/api/v1/article_task/quote', token, body);
    const started = performance.now();
    const task = await call<{ id: number }>('POST', '/api/v1/article_task/add', token, body);

    let killedIn = '';
    if (KILL) {
      // Killed while the article stage's batch (all the items' longest calls) is in progress at the provider.
      for (;;) {
        const last = double.batch.batches.at(-1);
        if (double.batch.batches.length >= 2 && last?.status === 'in_progress') break;
        await pause(100);
      }
      killedIn = `batch ${double.batch.batches.length} (${double.batch.batches.at(-1)!.lines.length} lines)`;
      await Promise.all(processes.map(({ child }) => kill9(child)));
      log(`kill -9 of ${PROCESSES} process(es) while ${killedIn} was in progress`);
      double.batch.stepMs = STEP_MS;
      processes = await startAll();
    }

    let detail: Detail;
    for (;;) {
      detail = await callerOf(processes[PROCESSES - 1].port)<Detail>('GET', `/api/v1/article_task/detail?id=${task.id}`, token);
      const { total, done, failed, cancelled } = detail.task;
      if (detail.queued + detail.waiting + detail.running === 0 && done + failed + cancelled === total) break;
      await pause(500);
    }
    const wall = performance.now() - started;
    log(`${N} economy articles in ${ms(wall)}`);

    const articles = await allPages<{ keyword: string }>(call, token, `/api/v1/article/list?task_id=${task.id}`);
    const distinct = new Set(articles.map((a) => a.keyword)).size;
    const ledger = await allPages<{ delta: number; reference: string | null }>(call, token, '/api/v1/account/points/list?');
    const balanceAfter = (await call<{ balance: number }>('GET', '/api/v1/account/points/list', token)).balance;
    // Each item's debits net of its refunds: an item charged more than the economy price was charged twice.
    const byItem = new Map<string, number>();
    for (const e of ledger)
      if (e.reference?.startsWith('article_task_item:')) byItem.set(e.reference, (byItem.get(e.reference) ?? 0) - e.delta);
    const twice = [...byItem.values()].filter((charged) => charged > quote.per_item).length;
    const charged = balanceBefore - balanceAfter;

    const stages = new Map<string, number>();
    for (const b of double.batch.batches) {
      const steps = STAGES.filter((stage) => b.lines.some((l) => stepOf({ ...l.body, stream: false }) === stage)).join('+');
      stages.set(steps, (stages.get(steps) ?? 0) + 1);
    }
    const where = POSTGRES ? `PostgreSQL, ${PROCESSES} server processes with workers` : 'embedded database, one server process';
    return [
      {
        what: 'articles',
        value: String(N),
        note: `${where}; ${detail.task.done} done, ${detail.task.failed} failed${KILL ? `; kill -9 of every process while ${killedIn} was in progress` : ''}`,
      },
      ...[...stages].map(([stage, count]) => ({
        what: `batches: ${stage}`,
        value: String(count),
        note: 'at most one per stage, plus retries',
      })),
      {
        what: 'lost / duplicated',
        value: `${N - distinct} / ${articles.length - distinct}`,
        note: 'keywords without an article / extra articles',
      },
      { what: 'charged twice', value: String(twice), note: `items charged more than the economy price (${quote.per_item} points)` },
      { what: 'charge vs quote', value: `${charged} / ${quote.total}`, note: 'points charged net of refunds / quoted' },
      { what: 'uploads refused', value: String(double.batch.refusedUploads.length), note: 'input files the double found invalid' },
      { what: 'wall time', value: ms(wall), note: `add to last item done; batch double ${STEP_MS} ms per status` },
    ];
  } finally {
    await Promise.all(processes.map(({ child }) => kill9(child)));
    await double.close();
    await cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export const economy: BenchSection = {
  name: 'economy',
  title: `Economy mode: ${N} articles of one task through the batch API double (${POSTGRES ? `PostgreSQL, ${PROCESSES} processes` : 'embedded database'}${KILL ? ', kill -9 mid-batch' : ''})`,
  run: measure,
};

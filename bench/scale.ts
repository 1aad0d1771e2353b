import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { startLlmDouble } from '../tests/server/llmDouble';
import { loginAdmin, ms, p95, post, root, spawnServer, tempDataDir, type BenchRow, type BenchSection, type ServerProcess } from './lib';
import { startPostgresCluster } from './postgresCluster';

/**
 * Scaling out, measured: a throwaway PostgreSQL cluster, two API processes (`npm start` with
 * WORKERS=0) and four worker processes (`npm run worker`), all built as `npm start` runs them, and
 * a model double that allows a minute's worth of requests and says so on its answers (the limit is
 * not configured: the workers learn it and share it through the database). One task of N articles
 * (SCALE_ARTICLES, default 1,000) runs while the article list is read through the API; it prints
 * the wall time against what the limit allows, the articles lost and duplicated, the 429s, the
 * list's p95 and each process's peak memory (VmHWM).
 */
const N = Number(process.env.SCALE_ARTICLES ?? 1000);
const CALLS = 4 * N;
/** Requests a minute: 1.2 × N, so the run is the limit's business (about 2.5 minutes) at any N. */
const RPM = Math.round(1.2 * N);
const LATENCY = { outline: 1000, article: 3000, faq: 1000, meta: 1000 };
const CHAIN_MS = 6000;
/** What the limit allows: a minute's worth at once, the rest at its rate, then the last step. */
const FLOOR_MS = Math.max(CHAIN_MS, CALLS > RPM ? ((CALLS - RPM) / RPM) * 60_000 + LATENCY.meta : 0);

/** A process's peak resident memory, MB (Linux). */
const peakMb = (pid: number | undefined) => {
  const match = pid ? /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8')) : null;
  return match ? Math.round(Number(match[1]) / 1024) : NaN;
};

function startWorker(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['scripts/start.mjs', 'worker'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

const stopChild = async (child: ChildProcess) => {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
};

export const scale: BenchSection = {
  name: 'scale',
  title: `Scaling out: PostgreSQL, 2 API and 4 worker processes, ${N.toLocaleString('en-US')} articles from one task at ${RPM} requests a minute (not configured)`,
  async run(log) {
    // Built once, as `npm start` would build it, before six processes start from it.
    const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', 'worker'], { cwd: root, stdio: 'pipe' });
    if (build.status !== 0) throw new Error(`building the server failed:\n${build.stdout}${build.stderr}`);
    // Six processes, each its pool (PG_POOL_SIZE 10), queue, rate-limit store and listener.
    const cluster = await startPostgresCluster({ max_connections: '200' });
    const double = await startLlmDouble();
    const dataDir = tempDataDir();
    const apis: ServerProcess[] = [];
    const workers: ReturnType<typeof startWorker>[] = [];
    try {
      Object.assign(double, { limit: { rpm: RPM }, latency: LATENCY });
      const env = {
        DATABASE_URL: cluster.url,
        LLM_BASE_URL: double.url,
        LLM_MODEL: 'double',
        SECRET_KEY: 's'.repeat(64),
        WELCOME_POINTS: String(100 * N),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      };
      // The first API process migrates and seeds; the others start beside a ready database.
      apis.push(await spawnServer({ dataDir, databaseUrl: cluster.url, built: true, env: { ...env, WORKERS: '0' } }));
      apis.push(await spawnServer({ dataDir, databaseUrl: cluster.url, built: true, env: { ...env, WORKERS: '0' } }));
      for (let i = 0; i < 4; i++) workers.push(startWorker(env));
      await new Promise((resolve) => setTimeout(resolve, 5000)); // the workers start (they need no port)
      for (const w of workers) if (w.child.exitCode !== null) throw new Error(`a worker exited at start:\n${w.output()}`);

      const token = await loginAdmin(apis[0].url);
      const site = await post<{ id: number }>(apis[0], token, '/api/v1/site/add', {
        name: 'Scale',
        url: 'https://scale.example',
        type: 'export',
      });
      const keywords = Array.from({ length: N }, (_, i) => `scale keyword ${i}`).join('\n');
      const loadBefore = os.loadavg()[0];
      const started = performance.now();
      const task = await post<{ id: number }>(apis[0], token, '/api/v1/article_task/add', {
        site_id: site.id,
        keywords,
        images: false,
        word_count: 300,
      });

      // The article list, read through both API processes in turn while the task runs.
      const listTimes: number[] = [];
      let running = true;
      const reader = (async () => {
        for (let i = 0; running; i++) {
          const api = apis[i % apis.length];
          const t0 = performance.now();
          const res = await fetch(`${api.url}/api/v1/article/list?page=1&page_size=20&site_id=${site.id}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          await res.arrayBuffer();
          if (res.ok) listTimes.push(performance.now() - t0);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      })();

      const deadline = started + FLOOR_MS * 3 + 120_000;
      let counts = { done: 0, failed: 0 };
      for (;;) {
        const detail = await fetch(`${apis[1].url}/api/v1/article_task/detail?id=${task.id}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const body = (await detail.json()) as { data: { task: { done: number; failed: number } } };
        counts = body.data.task;
        if (counts.done + counts.failed >= N || performance.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      const wallMs = performance.now() - started;
      running = false;
      await reader;
      log(`${counts.done} written, ${counts.failed} failed in ${ms(wallMs)}; ${double.refused.length} answered 429`);

      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      const { rows } = await client.query<{ articles: number; keywords: number }>(
        'select count(*)::int as articles, count(distinct keyword)::int as keywords from articles where site_id = $1',
        [site.id],
      );
      await client.end();
      const { articles, keywords: distinct } = rows[0];
      const memory = [
        ...apis.map((a, i) => `API ${i + 1} ${peakMb(a.child.pid)} MB`),
        ...workers.map((w, i) => `worker ${i + 1} ${peakMb(w.child.pid)} MB`),
      ];
      const workerPeak = Math.max(...workers.map((w) => peakMb(w.child.pid)));
      const ratio = wallMs / FLOOR_MS;
      const listP95 = p95(listTimes);
      return [
        {
          what: `${N} articles, wall time / what ${RPM} requests a minute allow`,
          value: `${ms(wallMs)} / ${ms(FLOOR_MS)} = ${ratio.toFixed(2)}×`,
          note: `goal ≤ 1.1×: ${ratio <= 1.1 ? 'met' : 'NOT met'}; ${counts.done} written, ${counts.failed} failed; load average ${loadBefore.toFixed(1)} → ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
        },
        {
          what: 'articles lost / duplicated',
          value: `${N - distinct} / ${articles - distinct}`,
          note: `goal 0 / 0: ${N === distinct && articles === distinct ? 'met' : 'NOT met'}`,
        },
        { what: 'answered 429', value: String(double.refused.length), note: `of ${double.admitted.length + double.refused.length} calls` },
        {
          what: 'article list during the run, p95',
          value: ms(listP95),
          note: `${listTimes.length} reads through both API processes; goal ≤ 50 ms: ${listP95 <= 50 ? 'met' : 'NOT met'}`,
        },
        {
          what: 'peak memory (VmHWM)',
          value: `${workerPeak} MB`,
          note: `the largest worker; goal < 300 MB each: ${workerPeak < 300 ? 'met' : 'NOT met'}; ${memory.join(', ')}`,
        },
      ] satisfies BenchRow[];
    } finally {
      await Promise.all([...apis.map((a) => a.stop()), ...workers.map((w) => stopChild(w.child))]);
      await double.close();
      await cluster.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

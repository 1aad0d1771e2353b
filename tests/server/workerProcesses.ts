import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { startLlmDouble, type LlmDouble } from './llmDouble';
import { FAST_JOBS } from './pipelineHelpers';
import { endWithParentArgs } from '../setup/endWithParentArgs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The `npm run worker` processes of one test file, each on its own data folder: `start` resolves
 * once the worker says it is running; `stopAll` ends every one and removes their folders.
 */
function workerProcesses() {
  const workers: ChildProcess[] = [];
  const dirs: string[] = [];

  function start(env: Record<string, string>): Promise<ChildProcess> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkpress-worker-'));
    dirs.push(dataDir);
    const proc = spawn(process.execPath, [...endWithParentArgs, 'server/worker.ts'], {
      cwd: root,
      env: { ...process.env, ...env, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    workers.push(proc);
    let output = '';
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`a worker did not start within 180 s: ${output}`)), 180_000);
      const onData = (d: Buffer) => {
        output += d;
        if (output.includes('worker running')) {
          clearTimeout(timer);
          proc.stdout?.off('data', onData);
          proc.stdout?.resume();
          resolve(proc);
        }
      };
      proc.stdout?.on('data', onData);
      proc.stderr?.on('data', (d) => (output += d));
      proc.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`a worker exited (${code}) before running: ${output}`));
      });
    });
  }

  async function stopAll(): Promise<void> {
    await Promise.all(
      workers.map(
        (w) => new Promise<void>((resolve) => (w.exitCode !== null ? resolve() : (w.once('exit', () => resolve()), w.kill('SIGTERM')))),
      ),
    );
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }

  return { start, stopAll };
}

/** Several processes share one database only on PostgreSQL: the embedded database serves a single process. */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * For the tests of three `npm run worker` processes on one PostgreSQL database: the model double
 * (`prepare` sets it up), the API in this process with WORKERS=0, and the three workers, each
 * running `concurrency` items at once; `env` adds to the configuration of all four. Ended after
 * the tests. Without TEST_DATABASE_URL nothing starts, and `file` says why it is skipped.
 */
export function apiWithThreeWorkers(
  file: string,
  setUp: { env: Record<string, string>; concurrency: number; prepare?: (double: LlmDouble) => void },
) {
  if (!onPostgres)
    console.info(
      `${file} skipped: TEST_DATABASE_URL is not set (three worker processes need PostgreSQL; the embedded database serves one process)`,
    );
  const started = { t: undefined as unknown as TestServer, double: undefined as unknown as LlmDouble };
  const workers = workerProcesses();
  beforeAll(async () => {
    if (!onPostgres) return;
    started.double = await startLlmDouble();
    setUp.prepare?.(started.double);
    const env = {
      ...FAST_JOBS,
      SECRET_KEY: 'e'.repeat(64),
      PRICE_ARTICLE: '10',
      LLM_BASE_URL: started.double.url,
      LLM_MODEL: 'double-model',
      ALLOW_PRIVATE_TARGETS: '1',
      ...setUp.env,
    };
    started.t = await startTestServer({ ...env, WORKERS: '0' });
    const workerEnv = {
      ...env,
      DATABASE_URL: started.t.config.databaseUrl!,
      WORKER_CONCURRENCY: String(setUp.concurrency),
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
    };
    await Promise.all([0, 1, 2].map(() => workers.start(workerEnv)));
  }, 240_000);
  afterAll(async () => {
    await workers.stopAll();
    await started.t?.close();
    await started.double?.close();
  });
  return started;
}

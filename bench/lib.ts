import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { throwawayPostgres as createThrowawayPostgres } from '../scripts/throwawayPostgres';
import { loadConfig } from '../server/config';
import { startServer, type RunningServer } from '../server/server';
import { createAccount } from '../server/domain/access/accounts';
import { startSession } from '../server/domain/access/sessions';

/** One line of a section's table. */
export interface BenchRow {
  what: string;
  value: string;
  note?: string;
}

/** A topic of `npm run bench`: bench/run.ts runs each and prints its rows as a table. */
export interface BenchSection {
  name: string;
  title: string;
  run(log: (line: string) => void): Promise<BenchRow[]>;
}

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ADMIN_PASSWORD = 'bench-admin-password';

export const tempDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'inkpress-bench-'));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  /** Milliseconds from spawn to the first HTTP 200 on /api/public/conf. */
  startMs: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts `tsx server/main.ts` as its own process (API only), or with `built` what `npm start` runs
 * (`node dist/server/main.mjs`, built beforehand), and waits for the first 200 on
 * /api/public/conf. `env` adds to the server's environment.
 */
export async function spawnServer(options: {
  dataDir: string;
  databaseUrl?: string | null;
  consoleDir?: string;
  built?: boolean;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? '',
    ADMIN_PASSWORD,
    CONSOLE_DIR: options.consoleDir ?? '',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ...options.env,
  };
  const started = performance.now();
  const [command, args] = options.built
    ? [process.execPath, ['dist/server/main.mjs']]
    : [path.join(root, 'node_modules/.bin/tsx'), ['server/main.ts']];
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  for (;;) {
    const done = await Promise.race([exited.then(() => true), new Promise((resolve) => setTimeout(resolve, 10)).then(() => false)]);
    if (done) throw new Error(`The server exited before answering:\n${output}`);
    const ok = await fetch(`${url}/api/public/conf`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) break;
    if (performance.now() - started > 120_000) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer within 120 s:\n${output}`);
    }
  }
  const startMs = performance.now() - started;
  return {
    url,
    startMs,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Runs `run` against a server started inside this process on a fresh data folder (the embedded
 * database, or the one of `databaseUrl`), then closes it and removes the folder. `env` adds to its
 * configuration, or overrides it.
 */
export async function withInProcessServer<T>(
  env: Record<string, string>,
  databaseUrl: string | null,
  run: (server: RunningServer) => Promise<T>,
): Promise<T> {
  const dataDir = tempDataDir();
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CONSOLE_DIR: '',
    LOG_LEVEL: 'error',
    ADMIN_PASSWORD,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const server = await startServer(config, { logger: false });
  try {
    return await run(server);
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** For the benches that run tasks: workers poll every half second; accounts can pay for any task. */
export const WORKING_ENV = { WELCOME_POINTS: '1000000', JOB_POLL_SECONDS: '0.5' };

/** A new master account (its name `prefix` and the time) signed in: its id and bearer token. */
export async function signedInMaster(server: RunningServer, prefix: string): Promise<{ id: number; token: string }> {
  const ctx = server.app.ctx;
  const account = await createAccount(ctx, { username: `${prefix}${Date.now()}`, password: 'bench-password', roles: ['master'] });
  const { token } = await startSession(ctx, account.id, { ip: null, userAgent: 'bench' });
  return { id: account.id, token };
}

/** Logs in as the seeded administrator and returns the bearer token. */
export async function loginAdmin(url: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const body = (await res.json()) as { code: number; msg: string; data: { token: string } };
  if (body.code !== 200) throw new Error(`login failed: ${body.code} ${body.msg}`);
  return body.data.token;
}

/** A fresh database on the PostgreSQL server of `adminUrl`, dropped afterwards. */
export const throwawayPostgres = (adminUrl: string) => createThrowawayPostgres(adminUrl, 'inkpress_bench');

export const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${Math.round(n)} ms`);

/**
 * Runs `measure` on the embedded database, then on a throwaway database of DATABASE_URL's
 * PostgreSQL server when it is set (dropped afterwards). BENCH_PGLITE=0 measures PostgreSQL only.
 */
export async function onEachDatabase(
  measure: (label: 'PGlite' | 'PostgreSQL', databaseUrl: string | null) => Promise<BenchRow[]>,
): Promise<BenchRow[]> {
  const rows = process.env.BENCH_PGLITE === '0' ? [] : await measure('PGlite', null);
  if (process.env.DATABASE_URL) {
    const database = await throwawayPostgres(process.env.DATABASE_URL);
    try {
      rows.push(...(await measure('PostgreSQL', database.url)));
    } finally {
      await database.drop();
    }
  }
  return rows;
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
export const p95 = (values: number[]) => sorted(values)[Math.ceil(values.length * 0.95) - 1];
export const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)];

/** A POST of the API as the console makes it; answers the envelope's data, or throws with its code and message. */
export async function post<T>(server: { url: string }, token: string, route: string, body: unknown): Promise<T> {
  const res = await fetch(server.url + route, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  if (json.code !== 200) throw new Error(`${route}: ${json.code} ${json.msg}`);
  return json.data;
}

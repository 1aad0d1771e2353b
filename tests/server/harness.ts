import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { loadConfig, type Config } from '../../server/config';
import { startServer, type RunningServer } from '../../server/server';
import { openDatabase } from '../../server/db/connection';
import { copyDirectory } from '../../server/db/copyDirectory';
import type { AppOptions } from '../../server/app';
import { throwawayPostgres } from '../../scripts/throwawayPostgres';

/**
 * Starts the real server on a loopback port with a real, empty database: PGlite in a temp dir,
 * or, when TEST_DATABASE_URL is set (CI), a fresh database on that PostgreSQL server.
 */
export interface TestServer {
  readonly url: string;
  readonly server: RunningServer;
  config: Config;
  call<T = unknown>(method: string, path: string, options?: CallOptions): Promise<CallResult<T>>;
  /** Stops the server, runs `whileStopped`, and starts it again on the same data (a new port). */
  restart(whileStopped?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

export interface CallOptions {
  body?: unknown;
  token?: string | null;
  headers?: Record<string, string>;
  /** Sent as is (for malformed bodies), with the given content type. */
  raw?: string | Buffer | FormData;
}

export interface CallResult<T> {
  status: number;
  code: number;
  msg: string;
  data: T;
  headers: Headers;
}

export const ADMIN_PASSWORD = 'admin-password-1';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * An empty, migrated embedded database that each test server starts from as a copy: creating one
 * (initdb in WebAssembly, then the migrations) is most of a server's start. It is built once for a
 * set of migrations and a PGlite version, by whichever test process needs it first.
 */
let template: Promise<string> | null = null;
function pgliteTemplate(): Promise<string> {
  template ??= (async () => {
    const hash = createHash('sha256');
    hash.update(fs.readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json')));
    const migrations = path.join(root, 'server/db/migrations');
    for (const file of fs.readdirSync(migrations, { recursive: true, encoding: 'utf8' }).sort()) {
      const full = path.join(migrations, file);
      if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
    }
    const dir = path.join(os.tmpdir(), `inkpress-test-template-${hash.digest('hex').slice(0, 16)}`);
    if (fs.existsSync(dir)) return dir;
    const building = fs.mkdtempSync(path.join(os.tmpdir(), 'inkpress-test-building-'));
    try {
      await (await openDatabase({ dataDir: building, databaseUrl: null })).close();
      // Atomic: a process that lost the race finds the winner's copy in place.
      fs.renameSync(path.join(building, 'pg'), dir);
    } catch (error) {
      if (!fs.existsSync(dir)) throw error;
    } finally {
      fs.rmSync(building, { recursive: true, force: true });
    }
    return dir;
  })();
  return template;
}

/** Gives `dataDir` its embedded database: a copy of the prepared one (`DATA_DIR/pg`). */
export async function copyPreparedDatabase(dataDir: string): Promise<void> {
  await copyDirectory(await pgliteTemplate(), path.join(dataDir, 'pg'));
}

/** A test server's configuration: a loopback port of its own, the known admin password, no console, quiet logs. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    CONSOLE_DIR: '',
    LOG_LEVEL: 'error',
    NODE_ENV: 'test',
    ...env,
  });
}

export async function startTestServer(
  env: Record<string, string> = {},
  options: Omit<AppOptions, 'config' | 'database'> = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkpress-test-'));
  const database = process.env.TEST_DATABASE_URL ? await throwawayPostgres(process.env.TEST_DATABASE_URL, 'inkpress_test') : null;
  if (!database) await copyPreparedDatabase(dataDir);
  const config = testConfig(dataDir, { ...(database ? { DATABASE_URL: database.url } : {}), ...env });
  let server = await startServer(config, { logger: false, ...options });
  let url = server.url;

  return {
    get url() {
      return url;
    },
    get server() {
      return server;
    },
    config,
    async call<T>(method: string, route: string, opts: CallOptions = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      let body: string | Buffer | FormData | undefined;
      if (opts.raw !== undefined) body = opts.raw;
      else if (opts.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = JSON.stringify(opts.body);
      }
      const res = await fetch(url + route, { method, headers, body: body as BodyInit | undefined });
      const text = await res.text();
      let json: { code?: number; msg?: string; data?: T } = {};
      try {
        json = JSON.parse(text);
      } catch {
        throw new Error(`${method} ${route} answered ${res.status} with non-JSON: ${text.slice(0, 200)}`);
      }
      return { status: res.status, code: json.code as number, msg: json.msg as string, data: json.data as T, headers: res.headers };
    },
    async restart(whileStopped) {
      await server.close();
      try {
        await whileStopped?.();
      } finally {
        server = await startServer(config, { logger: false, ...options });
        url = server.url;
      }
    },
    async close() {
      await server.close();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Logs in as the seeded admin and returns the token. */
export async function loginAdmin(t: TestServer): Promise<string> {
  const res = await t.call<{ token: string }>('POST', '/api/v1/user/login', { body: { username: 'admin', password: ADMIN_PASSWORD } });
  if (res.code !== 200) throw new Error(`admin login failed: ${res.code} ${res.msg}`);
  return res.data.token;
}

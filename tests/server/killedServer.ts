import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { throwawayPostgres } from '../../scripts/throwawayPostgres';
import { copyPreparedDatabase } from './harness';
import { startLlmDouble, type LlmDouble } from './llmDouble';
import { callerOf, kill9, startServerProcess } from './serverProcess';
import { untilOrExplain } from './waitingArticles';

/**
 * For the tests that kill -9 the server mid-task and start it again on the same data: the model
 * double, the file's own data (a copy of the prepared embedded database, or a throwaway
 * PostgreSQL database when TEST_DATABASE_URL is set; claims lapse after JOB_LEASE_SECONDS there),
 * all ended after the tests. `start` runs `server/main.ts` (what `npm start` runs) on
 * them with `env` added and waits for its first answer; `until` tells, on a timeout, what the test
 * last `saw` and the server's log.
 */
export function killedServer(name: string, env: Record<string, string>) {
  let dataDir = '';
  let database: Awaited<ReturnType<typeof throwawayPostgres>> | null = null;
  let port = 0;
  let child: ChildProcess | null = null;
  let lastSeen: unknown = null;

  const server = {
    double: undefined as unknown as LlmDouble,
    call: <T>(method: string, route: string, token: string | null, body?: unknown) => callerOf(port)<T>(method, route, token, body),
    /** Keeps `value` as what was last seen, for `until`'s message, and answers it. */
    saw: <T>(value: T): T => (lastSeen = value),
    until: untilOrExplain(
      () => child,
      () => lastSeen,
    ),
    async start(): Promise<void> {
      ({ child, port } = await startServerProcess({
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? '',
        SECRET_KEY: 'c'.repeat(64),
        LLM_BASE_URL: server.double.url,
        LLM_MODEL: 'double-model',
        PRICE_ARTICLE: '10',
        JOB_POLL_SECONDS: '0.5',
        JOB_LEASE_SECONDS: '3',
        ALLOW_PRIVATE_TARGETS: '1',
        ...env,
      }));
    },
    kill: async () => {
      if (child) await kill9(child);
    },
  };

  beforeAll(async () => {
    server.double = await startLlmDouble();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `inkpress-${name}-`));
    if (process.env.TEST_DATABASE_URL) database = await throwawayPostgres(process.env.TEST_DATABASE_URL, 'inkpress_test');
    else await copyPreparedDatabase(dataDir);
  });
  afterAll(async () => {
    await server.kill();
    await server.double?.close();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  return server;
}

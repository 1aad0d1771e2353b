import type { PublishingTaskDetail } from '../../contract/schemas/publishingTask';
import { addPoints, findAccountById } from '../../server/db/accounts';
import { createAccount } from '../../server/domain/access/accounts';
import { startSession } from '../../server/domain/access/sessions';
import { afterAll, beforeAll } from 'vitest';
import { loginAdmin, startTestServer, type CallOptions, type CallResult, type TestServer } from './harness';
import { startLlmDouble, type LlmDouble } from './llmDouble';
import { waitFor } from './waitFor';

/** Job polling fast enough for tests; a new job also wakes the workers at once. */
export const FAST_JOBS = { JOB_POLL_SECONDS: '0.5', WORKER_CONCURRENCY: '2', LLM_MAX_RETRY_WAIT_MS: '2000' };

export const startServer = (env: Record<string, string> = {}) => startTestServer({ ...FAST_JOBS, ...env });

/** For the file's tests: a server that runs no jobs and a session of its administrator, handed to `use`; closed after the tests. */
export function serverWithAdmin(use: (started: { t: TestServer; admin: string }) => void) {
  let t: TestServer | undefined;
  beforeAll(async () => {
    t = await startServer({ WORKERS: '0' });
    use({ t, admin: await loginAdmin(t) });
  });
  afterAll(async () => t?.close());
}

/**
 * The model double, and a server writing with it that charges 10 an article and 2 an image and
 * does not retry a failed call; `env` adds to the server's configuration.
 */
export async function serverWithLlmDouble(env: Record<string, string>): Promise<{ t: TestServer; double: LlmDouble }> {
  const double = await startLlmDouble();
  const t = await startServer({
    LLM_BASE_URL: double.url,
    LLM_MODEL: 'double-model',
    LLM_MAX_RETRIES: '0',
    PRICE_ARTICLE: '10',
    PRICE_IMAGE: '2',
    ...env,
  });
  return { t, double };
}

export interface Client {
  token: string;
  accountId: number;
  call<T = unknown>(method: string, path: string, options?: Omit<CallOptions, 'token'>): Promise<CallResult<T>>;
  get<T = unknown>(path: string, query?: Record<string, string | number | undefined>): Promise<CallResult<T>>;
}

let counter = 0;

/** A fresh account with a session (no login round trip), holding `points`. */
export async function newClient(t: TestServer, points?: number): Promise<Client> {
  const ctx = t.server.app.ctx;
  const account = await createAccount(ctx, { username: `user${++counter}_${process.pid}`, password: 'password-123', roles: ['master'] });
  const current = (await findAccountById(ctx.db, account.id))?.points ?? 0;
  if (points !== undefined && points !== current) await ctx.db.transaction((tx) => addPoints(tx, account.id, points - current, 'test'));
  const { token } = await startSession(ctx, account.id, { ip: '127.0.0.1', userAgent: 'vitest' });
  return {
    token,
    accountId: account.id,
    call: (method, path, options = {}) => t.call(method, path, { ...options, token }),
    get: (path, query = {}) => {
      const qs = new URLSearchParams(
        Object.entries(query)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      ).toString();
      return t.call('GET', qs ? `${path}?${qs}` : path, { token });
    },
  };
}

export { waitFor } from './waitFor';

export interface TaskView {
  id: number;
  status: string;
  total: number;
  done: number;
  failed: number;
  cancelled: number;
  progress: number;
}

/** Waits until the task has no item waiting or running. */
export const waitForTask = (client: Client, id: number, timeoutMs?: number) =>
  waitFor(
    `task ${id} to finish`,
    async () => {
      const res = await client.get<{ task: TaskView; queued: number; running: number }>('/api/v1/article_task/detail', { id });
      if (res.code !== 200) throw new Error(`detail answered ${res.code} ${res.msg}`);
      const { task, queued, running } = res.data;
      return queued === 0 && running === 0 && task.done + task.failed + task.cancelled === task.total ? task : undefined;
    },
    timeoutMs,
  );

/** The publishing task `id` once every item has ended, as its detail. */
export const publishingFinished = (client: Client, id: number, timeoutMs = 40_000) =>
  waitFor(
    `publishing task ${id}`,
    async () => {
      const d = await client.get<PublishingTaskDetail>('/api/v1/task/detail', { id, page_size: 100 });
      const { task, queued, running } = d.data;
      return queued === 0 && running === 0 && task.done + task.failed + task.cancelled === task.total ? d.data : undefined;
    },
    timeoutMs,
  );
/** Adds a site with keywords and returns its id. */
export async function siteWithKeywords(client: Client, keywords: string[], type: 'export' | 'wordpress' | 'webhook' = 'export') {
  const site = await client.call<{ id: number }>('POST', '/api/v1/site/add', {
    body: { name: 'Test site', url: 'https://example.com', type },
  });
  if (site.code !== 200) throw new Error(`site/add: ${site.msg}`);
  if (keywords.length)
    await client.call('POST', '/api/v1/site/keyword/add', { body: { site_id: site.data.id, keywords: keywords.join('\n') } });
  return site.data.id;
}

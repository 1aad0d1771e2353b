import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITES_CHANNEL } from '../../server/db/watchedTables';
import { startTestServer, type TestServer } from './harness';
import { adminSession, signIn } from './fixtures';

/**
 * On PostgreSQL each process keeps sessions, keys and permissions in memory, and drops
 * them when any process writes their tables (announced on a channel, writeWatch.ts). Two API
 * processes on one database: what one changes, the other applies — at once in its own process,
 * as soon as the announcement arrives in the other. PostgreSQL only (TEST_DATABASE_URL).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) console.info('watchedWrites.test.ts skipped: TEST_DATABASE_URL is not set (two processes share a PostgreSQL database)');

let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  if (!onPostgres) return;
  a = await startTestServer();
  b = await startTestServer({ DATABASE_URL: a.config.databaseUrl! });
}, 120_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const details = (t: TestServer, token: string) => t.call('GET', '/api/v1/user/get_user_details', { token });

/** The status `t` answers the token, once it is `status` or after one second. */
async function statusBecomes(t: TestServer, token: string, status: number): Promise<number> {
  const until = Date.now() + 1000;
  for (;;) {
    const answer = (await details(t, token)).status;
    if (answer === status || Date.now() > until) return answer;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Both servers have read the session (and keep it, when they keep anything). */
async function warm(token: string) {
  for (const t of [a, b, a, b]) expect((await details(t, token)).status).toBe(200);
}

describe.skipIf(!onPostgres)('two API processes on one PostgreSQL database', () => {
  it('a sign-out in one is refused by both: by itself at once, by the other when the write is announced', async () => {
    const token = await signIn(a, 'watched1', ['master']);
    await warm(token);
    expect((await a.call('POST', '/api/v1/user/logout', { token })).status).toBe(200);
    expect((await details(a, token)).status).toBe(401);
    expect(await statusBecomes(b, token, 401)).toBe(401);
  });

  it('an account disabled by the operator in one process is out in the other', async () => {
    const token = await signIn(a, 'watched2', ['master']);
    await warm(token);
    const admin = await adminSession(b);
    const id = (await a.call<{ id: number }>('GET', '/api/v1/user/get_user_details', { token })).data.id;
    expect((await b.call('POST', '/admin/v1/subaccount/status', { token: admin, body: { id, status: 'disabled' } })).code).toBe(200);
    expect((await details(b, token)).status).toBe(401);
    expect(await statusBecomes(a, token, 401)).toBe(401);
  });

  it('listens again after losing its connection, and keeps nothing meanwhile', async () => {
    const client = new pg.Client({ connectionString: a.config.databaseUrl! });
    await client.connect();
    try {
      const listeners = async () =>
        Number(
          (
            await client.query(`select count(*) from pg_stat_activity where datname = current_database() and query = $1`, [
              `listen ${WRITES_CHANNEL}`,
            ])
          ).rows[0].count,
        );
      expect(await listeners()).toBe(2);
      await client.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = $1`, [
        `listen ${WRITES_CHANNEL}`,
      ]);
      const token = await signIn(a, 'watched3', ['master']);
      await warm(token);
      const until = Date.now() + 10_000;
      while ((await listeners()) < 2 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await listeners()).toBe(2);
      expect((await a.call('POST', '/api/v1/user/logout', { token })).status).toBe(200);
      expect(await statusBecomes(b, token, 401)).toBe(401);
    } finally {
      await client.end();
    }
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../server/db/errors';
import { PgliteThreadClient } from '../../server/db/pgliteThreadClient';
import { copyPreparedDatabase } from './harness';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const run = promisify(execFile);

/** The embedded database in its own thread: what its callers (drizzle, pg-boss, the key log's COPY) see. */
describe.skipIf(onPostgres)('the embedded database thread', () => {
  let dataDir: string;
  let client: PgliteThreadClient;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkpress-thread-test-'));
    await copyPreparedDatabase(dataDir);
    client = new PgliteThreadClient();
    await client.open(path.join(dataDir, 'pg'), 8);
    await client.exec('create table thread_test (id int primary key, name text not null, at timestamptz)');
  }, 60_000);

  afterAll(async () => {
    await client.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers queries with their parameters, as rows or arrays, with parsers that leave values as text', async () => {
    await client.query('insert into thread_test values ($1, $2, $3)', [1, 'one', new Date('2026-01-02T03:04:05Z')]);
    const objects = await client.query<{ id: number; name: string; at: Date }>('select * from thread_test where id = $1', [1]);
    expect(objects.rows).toEqual([{ id: 1, name: 'one', at: new Date('2026-01-02T03:04:05Z') }]);
    expect(objects.fields.map((field) => field.name)).toEqual(['id', 'name', 'at']);
    const asText = (value: string) => value;
    const arrays = await client.query('select id, at from thread_test', [], { rowMode: 'array', parsers: { 1184: asText } });
    expect(arrays.rows).toEqual([[1, expect.stringMatching(/^2026-01-0[12] \d\d:04:05/)]]);
  });

  it('refuses a parser that would change values: it cannot run in the other thread', async () => {
    await expect(client.query('select 1', [], { parsers: { 23: (value: string) => Number(value) * 2 } })).rejects.toThrow(/cannot run/);
  });

  it("passes the database's errors on with their fields", async () => {
    const error = await client.query('insert into thread_test values (1, $1)', ['again']).catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
    expect(error).toMatchObject({ code: '23505', constraint: 'thread_test_pkey' });
  });

  it('commits a transaction that resolves and rolls back one that throws or asks to', async () => {
    await client.transaction(async (tx) => {
      await tx.query('insert into thread_test values (2, $1)', ['two']);
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into thread_test values (3, $1)', ['three']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await client.transaction(async (tx) => {
      await tx.query('insert into thread_test values (4, $1)', ['four']);
      await tx.rollback();
      expect(tx.closed).toBe(true);
    });
    const ids = await client.query<{ id: number }>('select id from thread_test order by id');
    expect(ids.rows.map((row) => row.id)).toEqual([1, 2]);
  });

  it('runs a statement from outside a transaction after the transaction, as PGlite does', async () => {
    let outside: Promise<unknown> | undefined;
    await client.transaction(async (tx) => {
      await tx.query(`update thread_test set name = 'two, changed' where id = 2`);
      outside = client.query<{ name: string }>('select name from thread_test where id = 2');
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.query(`update thread_test set name = 'two, changed twice' where id = 2`);
    });
    expect(((await outside) as { rows: unknown[] }).rows).toEqual([{ name: 'two, changed twice' }]);
  });

  it('copies rows from a blob', async () => {
    const csv = '10,ten\n11,eleven\n';
    await client.query(`copy thread_test (id, name) from '/dev/blob' with (format csv)`, [], { blob: new Blob([csv]) });
    const copied = await client.query<{ name: string }>('select name from thread_test where id >= 10 order by id');
    expect(copied.rows.map((row) => row.name)).toEqual(['ten', 'eleven']);
  });

  it('delivers notifications to a listener until it unlistens', async () => {
    const heard: string[] = [];
    const unlisten = await client.listen('thread_test_channel', (payload) => heard.push(payload));
    await client.query(`select pg_notify('thread_test_channel', 'first')`);
    await expect.poll(() => heard).toEqual(['first']);
    await unlisten();
    await client.query(`select pg_notify('thread_test_channel', 'second')`);
    await client.query('select 1');
    expect(heard).toEqual(['first']);
  });

  it('lets the process go on after close, and end when its work is done', async () => {
    const childDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkpress-thread-test-'));
    await copyPreparedDatabase(childDir);
    const script = path.join(childDir, 'closes.mts');
    const clientUrl = pathToFileURL(path.resolve('server/db/pgliteThreadClient.ts')).href;
    fs.writeFileSync(
      script,
      `import { PgliteThreadClient } from ${JSON.stringify(clientUrl)};
       const client = new PgliteThreadClient();
       await client.open(${JSON.stringify(path.join(childDir, 'pg'))}, 8);
       console.log((await client.query('select 41 + 1 as answer')).rows[0].answer);
       await client.close();
       console.log('after close');`,
    );
    try {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', script], { timeout: 60_000 });
      expect(stdout.trim().split('\n')).toEqual(['42', 'after close']);
    } finally {
      fs.rmSync(childDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses calls once closed', async () => {
    const other = new PgliteThreadClient();
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow(/thread has ended/);
  });
});

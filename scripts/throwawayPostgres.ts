import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A fresh, empty database on the PostgreSQL server of `adminUrl` (tests and benchmarks), with
 * `drop()` to remove it again.
 */
export async function throwawayPostgres(adminUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // Let the closed server's pools finish hanging up first: a connection terminated by the
      // forced drop while it is still closing surfaces as an uncaught error in its process.
      for (let waited = 0; waited < 5000; waited += 50) {
        const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

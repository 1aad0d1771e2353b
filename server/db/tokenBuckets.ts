import type { Pool } from 'pg';
import type { TokenBucket } from '../providers/tokenBucket';

/**
 * The providers' token buckets in PostgreSQL, shared by every process on the database: a row of
 * rate_limits per budget (the rate-limit store's table; its sweep drops a row an hour after it
 * was whole, which is what a missing row means), `expire` the time the bucket is whole again.
 * Each change is one statement, so processes taking at once never take the same refill twice.
 */
const rowKey = (key: string) => `bucket:${key}`;

export function postgresBucket(pool: Pick<Pool, 'query'>): TokenBucket {
  return {
    async take(key, cost, depth, now) {
      const { rows } = await pool.query<{ expire: string }>(
        `insert into rate_limits as r (key, points, expire) values ($1, 0, $2::bigint + $3::bigint)
         on conflict (key) do update set expire = greatest(r.expire, $2::bigint) + $3::bigint
           where greatest(r.expire, $2::bigint) + $3::bigint - $2::bigint <= $4::bigint
         returning expire`,
        [rowKey(key), now, Math.ceil(cost), Math.floor(depth)],
      );
      if (rows.length) return { waitMs: 0, full: Number(rows[0].expire) };
      const seen = await pool.query<{ expire: string }>('select expire from rate_limits where key = $1', [rowKey(key)]);
      const current = Number(seen.rows[0]?.expire ?? 0);
      return { waitMs: Math.max(1, Math.max(current, now) + cost - now - depth), full: current };
    },
    async charge(key, cost, now) {
      await pool.query(
        `insert into rate_limits as r (key, points, expire) values ($1, 0, $2::bigint + $3::bigint)
         on conflict (key) do update set expire = greatest(r.expire, $2::bigint) + $3::bigint`,
        [rowKey(key), now, Math.ceil(cost)],
      );
    },
    async atLeast(key, full) {
      await pool.query(
        `insert into rate_limits as r (key, points, expire) values ($1, 0, $2::bigint)
         on conflict (key) do update set expire = greatest(r.expire, $2::bigint)`,
        [rowKey(key), Math.ceil(full)],
      );
    },
    async giveBack(key, cost) {
      await pool.query('update rate_limits set expire = expire - $2::bigint where key = $1', [rowKey(key), Math.floor(cost)]);
    },
  };
}

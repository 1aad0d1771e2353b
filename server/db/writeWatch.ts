import type { PgliteClient, PgliteStatements, PgliteTransaction } from './pgliteThreadClient';
import type { Pool, PoolClient } from 'pg';

/**
 * Counts the statements that may have changed some tables, so that an in-process cache of rows
 * from them knows when what it holds may be stale: it keeps an entry only while `generation` is
 * what it was when the rows were read.
 *
 * The embedded database: one process owns it (the DATA_DIR lock), every statement goes through
 * this client, and PGlite runs statements and transactions one at a time. A statement is counted
 * after it ran, so a read that overlapped it is never kept.
 *
 * PostgreSQL: this process's statements are counted the same way, and every other process's
 * writes arrive as notifications (watchedTables.ts), a moment after they commit. Until the
 * listener is connected, and whenever it is not, the watch is blind: each read of `generation`
 * is a new one, so nothing is kept and every lookup goes to the database.
 */
export class WriteWatch {
  private counted = 0;
  private blind = false;
  private readonly names: RegExp;

  constructor(readonly tables: readonly string[]) {
    this.names = new RegExp(`\\b(${tables.join('|')})\\b`, 'i');
  }

  get generation(): number {
    return this.blind ? ++this.counted : this.counted;
  }

  /** Something may have changed a watched table. */
  changed() {
    this.counted++;
  }

  /** Whether writes elsewhere can be seen (the listener is connected); a change either way counts. */
  setSighted(sighted: boolean) {
    this.blind = !sighted;
    this.counted++;
  }

  /** Called after each statement: anything but a plain SELECT that names a watched table counts. */
  saw(sql: string) {
    if (!/^\s*select\b/i.test(sql) && this.names.test(sql)) this.counted++;
  }
}

/**
 * Rows read from watched tables, kept while nothing was written to them (up to `limit` entries,
 * the oldest dropped first).
 */
export class WatchedCache<V> {
  private entries = new Map<string, V>();
  private generation: number;
  constructor(
    readonly watch: WriteWatch,
    private readonly limit = 10_000,
  ) {
    this.generation = watch.generation;
  }
  get(key: string): V | undefined {
    const now = this.watch.generation;
    if (this.generation !== now) {
      this.entries = new Map();
      this.generation = now;
    }
    return this.entries.get(key);
  }
  /** Keeps rows read while `readAt` was the generation, unless something was written since. */
  put(key: string, value: V, readAt: number) {
    if (readAt !== this.watch.generation || readAt !== this.generation) return;
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
  }
}

function watchStatements<T extends PgliteStatements>(target: T, watch: WriteWatch): T {
  const query = target.query.bind(target);
  const exec = target.exec.bind(target);
  target.query = (async (sql: string, ...rest: unknown[]) => {
    try {
      return await (query as (sql: string, ...rest: unknown[]) => Promise<unknown>)(sql, ...rest);
    } finally {
      watch.saw(sql);
    }
  }) as T['query'];
  target.exec = (async (sql: string, ...rest: unknown[]) => {
    try {
      return await (exec as (sql: string, ...rest: unknown[]) => Promise<unknown>)(sql, ...rest);
    } finally {
      watch.saw(sql);
    }
  }) as T['exec'];
  return target;
}

/** Makes every statement run through `client` (and its transactions) report to `watch`. */
export function watchWrites<C extends PgliteClient>(client: C, watch: WriteWatch): C {
  watchStatements(client, watch);
  const transaction = client.transaction.bind(client);
  client.transaction = ((fn: (tx: PgliteTransaction) => Promise<unknown>) =>
    transaction((tx) => fn(watchStatements(tx, watch)))) as C['transaction'];
  return client;
}

/** The text of a node-postgres query, given as a string or a config object. */
const textOf = (query: unknown) => (typeof query === 'string' ? query : ((query as { text?: string } | null)?.text ?? ''));

/** Makes every statement of the pool's connections report to `watch` once it has run. */
export function watchPoolWrites(pool: Pool, watch: WriteWatch): Pool {
  pool.on('connect', (client: PoolClient) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const seen = () => watch.saw(textOf(args[0]));
      const last = args.length - 1;
      const callback = args[last];
      // The pool's own query() passes a callback; drizzle's transactions await a promise.
      if (typeof callback === 'function') {
        args[last] = (...answer: unknown[]) => {
          seen();
          return (callback as (...a: unknown[]) => unknown)(...answer);
        };
        return query(...args);
      }
      const result = query(...args);
      if (result instanceof Promise) return result.finally(seen);
      seen();
      return result;
    }) as PoolClient['query'];
  });
  return pool;
}

import type { PGlite, Transaction } from '@electric-sql/pglite';

/**
 * Counts the statements that may have changed some tables, so that an in-process cache of rows
 * from them knows when what it holds may be stale: it keeps an entry only while `generation` is
 * what it was when the rows were read.
 *
 * Sound only for the embedded database: one process owns it (the DATA_DIR lock), every statement
 * goes through this client, and PGlite runs statements and transactions one at a time. A
 * statement is counted after it ran, so a read that overlapped it is never kept.
 */
export class WriteWatch {
  generation = 0;
  private readonly names: RegExp;

  constructor(tables: readonly string[]) {
    this.names = new RegExp(`\\b(${tables.join('|')})\\b`, 'i');
  }

  /** Called after each statement: anything but a plain SELECT that names a watched table counts. */
  saw(sql: string) {
    if (!/^\s*select\b/i.test(sql) && this.names.test(sql)) this.generation++;
  }
}

type Statements = Pick<PGlite | Transaction, 'query' | 'exec'>;

function watchStatements<T extends Statements>(target: T, watch: WriteWatch): T {
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
export function watchWrites(client: PGlite, watch: WriteWatch): PGlite {
  watchStatements(client, watch);
  const transaction = client.transaction.bind(client);
  client.transaction = ((fn: (tx: Transaction) => Promise<unknown>) => transaction((tx) => fn(watchStatements(tx, watch)))) as PGlite['transaction'];
  return client;
}

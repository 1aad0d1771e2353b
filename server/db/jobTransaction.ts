import { sql } from 'drizzle-orm';
import type { fromDrizzle } from 'pg-boss';
import type { DbOrTx } from './types';

/**
 * The caller's transaction as pg-boss's `db`, so the jobs it inserts exist exactly when the items
 * the transaction writes do. pg-boss's adapter is passed in: pg-boss is loaded only once the
 * server listens.
 */
export const jobTransaction = (adapter: typeof fromDrizzle, tx: DbOrTx) => adapter(tx as never, sql as never);

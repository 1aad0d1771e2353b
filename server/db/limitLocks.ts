import { sql } from 'drizzle-orm';
import type { Tx } from './connection';

/**
 * Holds, until the transaction ends, the lock of one limit on one subject (the registrations of an
 * address, the login attempts on an account name, the codes sent to a target). A limit counts its
 * rows and adds one under this lock, so requests sent at once are counted one after another, by
 * every process on the database. An advisory lock: nothing to store, and a subject that has no row
 * yet can be locked too. Two subjects sharing a hash only wait for each other.
 */
export async function lockLimit(tx: Tx, limit: string, subject: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${limit}:${subject}`}, 0))`);
}

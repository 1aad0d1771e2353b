import { count, desc, gt } from 'drizzle-orm';
import type { DbOrTx } from './connection';
import { outbox } from './schema';

export async function insertOutboxMessage(db: DbOrTx, values: typeof outbox.$inferInsert) {
  await db.insert(outbox).values(values);
}

/** Newest first; with `afterId`, only messages newer than it. */
export function latestOutboxMessages(db: DbOrTx, limit: number, afterId?: number) {
  return db
    .select()
    .from(outbox)
    .where(afterId === undefined ? undefined : gt(outbox.id, afterId))
    .orderBy(desc(outbox.id))
    .limit(limit);
}

export async function countOutboxMessages(db: DbOrTx) {
  const [row] = await db.select({ n: count() }).from(outbox);
  return row.n;
}

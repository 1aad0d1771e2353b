import { desc } from 'drizzle-orm';
import type { DbOrTx } from './connection';
import { outbox } from './schema';

export async function insertOutboxMessage(db: DbOrTx, values: typeof outbox.$inferInsert) {
  await db.insert(outbox).values(values);
}

export function latestOutboxMessages(db: DbOrTx, limit: number) {
  return db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
}

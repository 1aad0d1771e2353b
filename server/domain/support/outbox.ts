import type { DbOrTx } from '../../db/connection';
import { countOutboxMessages, latestOutboxMessages } from '../../db/outbox';

export type OutboxRow = Awaited<ReturnType<typeof latestOutboxMessages>>[number];

/**
 * The newest mail and SMS first, at most `limit`; with `afterId`, only those newer than it
 * (so a reader can follow). Codes sent with no transport configured are read here.
 */
export async function readOutbox(db: DbOrTx, options: { limit: number; afterId?: number }): Promise<{ list: OutboxRow[]; total: number }> {
  const [list, total] = await Promise.all([latestOutboxMessages(db, options.limit, options.afterId), countOutboxMessages(db)]);
  return { list, total };
}

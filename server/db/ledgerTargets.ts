import { and, eq, inArray } from 'drizzle-orm';
import type { LedgerReferenceKind } from '../../contract/ledgerReference';
import type { DbOrTx } from './connection';
import { articleTaskItems, articles, publishItems, topupOrders } from './schema';

/** The rows of one account that ledger references name, each kind's ids at once: reference id → the id its page opens. */
export type LedgerRowsFound = Record<LedgerReferenceKind, Map<number, number>>;

const none = () => Promise.resolve([] as { id: number; opens: number }[]);

/**
 * Which of the named rows are still there in the account: an order and an article open
 * themselves; a generation or publishing item opens its task.
 */
export async function findLedgerRows(db: DbOrTx, accountId: number, ids: Record<LedgerReferenceKind, number[]>): Promise<LedgerRowsFound> {
  const [orders, refreshed, generated, published] = await Promise.all([
    ids.order.length
      ? db
          .select({ id: topupOrders.id, opens: topupOrders.id })
          .from(topupOrders)
          .where(and(eq(topupOrders.accountId, accountId), inArray(topupOrders.id, ids.order)))
      : none(),
    ids.refresh.length
      ? db
          .select({ id: articles.id, opens: articles.id })
          .from(articles)
          .where(and(eq(articles.accountId, accountId), inArray(articles.id, ids.refresh)))
      : none(),
    ids.article_task_item.length
      ? db
          .select({ id: articleTaskItems.id, opens: articleTaskItems.taskId })
          .from(articleTaskItems)
          .where(and(eq(articleTaskItems.accountId, accountId), inArray(articleTaskItems.id, ids.article_task_item)))
      : none(),
    ids.publish_item.length
      ? db
          .select({ id: publishItems.id, opens: publishItems.taskId })
          .from(publishItems)
          .where(and(eq(publishItems.accountId, accountId), inArray(publishItems.id, ids.publish_item)))
      : none(),
  ]);
  const found = (rows: { id: number; opens: number }[]) => new Map(rows.map((row) => [row.id, row.opens]));
  return { order: found(orders), refresh: found(refreshed), article_task_item: found(generated), publish_item: found(published) };
}

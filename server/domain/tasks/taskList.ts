import type { TaskStatus } from '../../../contract/statuses';
import type { Ctx } from '../context';
import * as tasks from '../../db/tasks';
import { pageWindow, type PageQuery, type PageWindow } from '../pageWindow';

/** A page of the account's tasks of one kind, newest first, as either kind's list query asks for it. */
export function taskPage<K extends tasks.TaskKind>(
  ctx: Pick<Ctx, 'db'>,
  kind: K,
  accountId: number,
  query: PageQuery & { status?: TaskStatus; site_id?: number },
) {
  return tasks.listTasks(ctx.db, kind, accountId, { ...pageWindow(query), status: query.status, siteId: query.site_id });
}

/**
 * A page of one task's items as its detail shows them, and how many of its items are in each
 * status: `itemsOf` reads the kind's items (of a status, if the query names one), `view` words each.
 */
export async function itemPage<Status extends string, Row, Item>(
  ctx: Pick<Ctx, 'db'>,
  kind: tasks.TaskKind,
  taskId: number,
  query: PageQuery & { status?: Status },
  itemsOf: (db: Ctx['db'], taskId: number, window: PageWindow & { status?: Status }) => Promise<{ rows: Row[]; total: number }>,
  view: (row: Row) => Item,
) {
  const [found, counts] = await Promise.all([
    itemsOf(ctx.db, taskId, { ...pageWindow(query), status: query.status }),
    tasks.itemCounts(ctx.db, kind, taskId),
  ]);
  return { items: { list: found.rows.map(view), total: found.total }, queued: counts.queued ?? 0, running: counts.running ?? 0, counts };
}

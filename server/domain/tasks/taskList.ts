import type { TaskStatus } from '../../../contract/statuses';
import type { Ctx } from '../context';
import * as tasks from '../../db/tasks';

/** A page of the account's tasks of one kind, newest first, as either kind's list query asks for it. */
export function taskPage<K extends tasks.TaskKind>(
  ctx: Pick<Ctx, 'db'>,
  kind: K,
  accountId: number,
  { page = 1, page_size = 20, status, site_id }: { page?: number; page_size?: number; status?: TaskStatus; site_id?: number },
) {
  return tasks.listTasks(ctx.db, kind, accountId, { limit: page_size, offset: (page - 1) * page_size, status, siteId: site_id });
}

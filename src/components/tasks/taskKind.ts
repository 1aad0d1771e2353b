import type { PermissionCode } from '../../../contract/permissionCodes';
import type { TaskStatus } from '../../../contract/statuses';
import type { TaskAction } from '../../../contract/taskTransitions';

/** What the shared task views need of a row: generation and publishing tasks alike. */
export type TaskRow = { id: number; name: string; status: TaskStatus; failed: number };

/**
 * What sets one task kind apart in the shared views: the catalog its words come from, the code
 * that may change its tasks, and the calls behind the actions it offers (a kind without a call for
 * an action does not offer it).
 */
export type TaskKind<Task extends TaskRow> = {
  catalog: 'articleTask' | 'task';
  editCode: PermissionCode;
  /** One task by its id: the one a link names (`?task=<id>`), which the list's page may not hold. */
  one: (id: number) => Promise<Task>;
  calls: Partial<Record<TaskAction, (id: number) => Promise<Task>>>;
};

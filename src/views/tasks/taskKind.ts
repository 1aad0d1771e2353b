import type { PermissionCode } from '../../../contract/permissionCodes';
import type { TaskStatus } from '../../../contract/statuses';

/** The two kinds of task: writing articles for keywords, and sending articles to a site. */
export type TaskKindName = 'generation' | 'publishing';

/** What the shared task views need of a row: generation and publishing tasks alike. */
export type TaskRow = { id: number; name: string; status: TaskStatus; failed: number };

/**
 * What sets one task kind apart in the shared views: its name (the calls behind its actions are
 * api.ts's, by name, and its own words are the catalog of that name, beside the shared `tasks`),
 * and the code that may change its tasks.
 */
export type TaskKind = {
  name: TaskKindName;
  editCode: PermissionCode;
};

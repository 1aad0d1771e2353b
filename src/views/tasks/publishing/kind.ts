import type { TaskKind } from '../taskKind';

/** Publishing tasks: the row also retries the task's failed items. */
export const publishing: TaskKind = { name: 'publishing', editCode: 'task:edit' };

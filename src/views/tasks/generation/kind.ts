import type { TaskKind } from '../taskKind';

/** Generation tasks: retrying is per item, in the task's detail, so the row has no retry. */
export const generation: TaskKind = { name: 'generation', editCode: 'article_task:edit' };

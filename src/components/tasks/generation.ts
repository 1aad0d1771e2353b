import type { ArticleTask } from '../../../contract/schemas/articleTask';
import { articleTaskCancel, articleTaskDetail, articleTaskPause, articleTaskResume } from '../../services/api/articleTask';
import type { TaskKind } from './taskKind';

/** Generation tasks: retrying is per item, in the task's detail, so the row has no retry. */
export const generation: TaskKind<ArticleTask> = {
  catalog: 'articleTask',
  editCode: 'article_task:edit',
  one: async (id) => (await articleTaskDetail({ id, page: 1, page_size: 1 })).task,
  calls: { pause: articleTaskPause, resume: articleTaskResume, cancel: articleTaskCancel },
};

import type { PublishTask } from '../../../contract/schemas/publishTask';
import {
  publishTaskCancel,
  publishTaskDetail,
  publishTaskPause,
  publishTaskResume,
  publishTaskRetry,
} from '../../services/api/publishTask';
import type { TaskKind } from './taskKind';

/** Publishing tasks: the row also retries the task's failed items. */
export const publishing: TaskKind<PublishTask> = {
  catalog: 'task',
  editCode: 'task:edit',
  one: async (id) => (await publishTaskDetail({ id, page: 1, page_size: 1 })).task,
  calls: {
    pause: publishTaskPause,
    resume: publishTaskResume,
    cancel: publishTaskCancel,
    retry: (id) => publishTaskRetry({ id }),
  },
};

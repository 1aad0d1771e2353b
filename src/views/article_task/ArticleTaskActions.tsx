import { Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ArticleTask } from '../../../contract/schemas/articleTask';
import type { ListActor } from '../../app/useListActor';
import { useCall } from '../../app/useCall';
import { articleTaskCancel, articleTaskPause, articleTaskResume } from '../../services/api/articleTask';
import { useCan } from '../../app/useCan';
import type { ListDialog } from '../../machines/list.machine';
import { taskActionApplies, type TaskAction } from '../../../contract/taskTransitions';

/** A task's own actions; retrying is per item, in the task's detail. */
type Action = Exclude<TaskAction, 'retry'>;
const CALLS: Record<Action, (id: number) => Promise<ArticleTask>> = {
  pause: articleTaskPause,
  resume: articleTaskResume,
  cancel: articleTaskCancel,
};
const run = ({ action, id }: { action: Action; id: number }) => CALLS[action](id);

/** Pause, resume or cancel a task; the row shows the task as the server returns it. */
export function ArticleTaskActions<Dialog extends ListDialog>({
  task,
  list,
  onDetail,
}: {
  task: ArticleTask;
  list: ListActor<ArticleTask, Dialog>;
  onDetail: () => void;
}) {
  const { t } = useTranslation('articleTask');
  const action = useCall(run, { onSucceeded: () => list.send({ type: 'LIST.RELOAD' }) });
  const busy = action.state === 'submitting';
  const can = useCan();
  // The buttons offered are the actions that change the task (contract/taskTransitions.ts).
  const applies = (a: Action) => can('article_task:edit') && taskActionApplies(a, task.status);
  return (
    <HStack gap="1" justify="flex-end">
      <Button size="xs" variant="ghost" colorPalette="brand" onClick={onDetail}>
        {t('articleTask.actions.detail')}
      </Button>
      {applies('pause') && (
        <Button size="xs" variant="ghost" disabled={busy} onClick={() => action.submit({ action: 'pause', id: task.id })}>
          {t('articleTask.actions.pause')}
        </Button>
      )}
      {applies('resume') && (
        <Button size="xs" variant="ghost" disabled={busy} onClick={() => action.submit({ action: 'resume', id: task.id })}>
          {t('articleTask.actions.resume')}
        </Button>
      )}
      {applies('cancel') && (
        <Button
          size="xs"
          variant="ghost"
          colorPalette="red"
          disabled={busy}
          onClick={() => action.submit({ action: 'cancel', id: task.id })}
        >
          {t('articleTask.actions.cancel')}
        </Button>
      )}
    </HStack>
  );
}

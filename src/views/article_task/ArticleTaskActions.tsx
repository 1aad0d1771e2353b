import { Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ArticleTask } from '../../../contract/schemas/articleTask';
import type { ListActor } from '../../app/useListActor';
import { useCall } from '../../app/useCall';
import { articleTaskCancel, articleTaskPause, articleTaskResume } from '../../services/api/articleTask';
import { useCan } from '../../app/useCan';
import type { ListDialog } from '../../machines/list.machine';

type Action = 'pause' | 'resume' | 'cancel';
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
  const live = can('article_task:edit') && (task.status === 'running' || task.status === 'paused');
  return (
    <HStack gap="1" justify="flex-end">
      <Button size="xs" variant="ghost" colorPalette="brand" onClick={onDetail}>
        {t('articleTask.actions.detail')}
      </Button>
      {live && task.status === 'running' && (
        <Button size="xs" variant="ghost" disabled={busy} onClick={() => action.submit({ action: 'pause', id: task.id })}>
          {t('articleTask.actions.pause')}
        </Button>
      )}
      {live && task.status === 'paused' && (
        <Button size="xs" variant="ghost" disabled={busy} onClick={() => action.submit({ action: 'resume', id: task.id })}>
          {t('articleTask.actions.resume')}
        </Button>
      )}
      {live && (
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

import { Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PublishTask } from '../../../contract/schemas/publishTask';
import type { ListActor } from '../../app/useListActor';
import { useCan } from '../../app/useCan';
import { useCall } from '../../app/useCall';
import { publishTaskCancel, publishTaskPause, publishTaskResume, publishTaskRetry } from '../../services/api/publishTask';
import type { ListDialog } from '../../machines/list.machine';
import { taskActionApplies, type TaskAction } from '../../../contract/taskTransitions';

const CALLS: Record<TaskAction, (id: number) => Promise<PublishTask>> = {
  pause: publishTaskPause,
  resume: publishTaskResume,
  cancel: publishTaskCancel,
  retry: (id) => publishTaskRetry({ id }),
};
const run = ({ action, id }: { action: TaskAction; id: number }) => CALLS[action](id);

/** Items, export, pause, resume, cancel, retry failed; the list reloads with the task as the server returns it. */
export function TaskActions<Dialog extends ListDialog>({
  task,
  list,
  onDetail,
  onExport,
}: {
  task: PublishTask;
  list: ListActor<PublishTask, Dialog>;
  onDetail: () => void;
  onExport: () => void;
}) {
  const { t } = useTranslation('task');
  const action = useCall(run, { onSucceeded: () => list.send({ type: 'LIST.RELOAD' }) });
  const busy = action.state === 'submitting';
  // Pausing, resuming, retrying and cancelling need task:edit.
  const canEdit = useCan()('task:edit');
  // The buttons offered are the actions that change the task (contract/taskTransitions.ts).
  const applies = (a: TaskAction) => canEdit && taskActionApplies(a, task.status);
  return (
    <HStack gap="1" justify="flex-end">
      <Button size="xs" variant="ghost" colorPalette="brand" onClick={onDetail}>
        {t('task.actions.detail')}
      </Button>
      <Button size="xs" variant="ghost" onClick={onExport}>
        {t('task.actions.export')}
      </Button>
      {applies('pause') && (
        <Button size="xs" variant="ghost" disabled={busy} onClick={() => action.submit({ action: 'pause', id: task.id })}>
          {t('task.actions.pause')}
        </Button>
      )}
      {applies('resume') && (
        <Button size="xs" variant="ghost" disabled={busy} onClick={() => action.submit({ action: 'resume', id: task.id })}>
          {t('task.actions.resume')}
        </Button>
      )}
      {task.failed > 0 && applies('retry') && (
        <Button
          size="xs"
          variant="ghost"
          colorPalette="orange"
          disabled={busy}
          onClick={() => action.submit({ action: 'retry', id: task.id })}
        >
          {t('task.actions.retry')}
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
          {t('task.actions.cancel')}
        </Button>
      )}
    </HStack>
  );
}

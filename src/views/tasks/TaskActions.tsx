import type { ReactNode } from 'react';
import { Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ListActor } from '../../app/useListActor';
import { useCan } from '../../app/useCan';
import type { ListDialog } from '../../machines/list.machine';
import { taskActionApplies, type TaskAction } from '../../../contract/taskTransitions';
import { hasRowAction, useRowAction } from './api';
import type { TaskKind, TaskRow } from './taskKind';

/** The actions in the order the row offers them, with the colour of the ones that stand out. */
const ORDER: TaskAction[] = ['pause', 'resume', 'retry', 'cancel'];
const PALETTE: Partial<Record<TaskAction, string>> = { retry: 'orange', cancel: 'red' };

/**
 * Detail, the kind's own buttons (`children`), then pause, resume, retry failed and cancel where
 * the kind has the call, the user may edit and the action changes the task
 * (contract/taskTransitions.ts); the list reloads with the task as the server returns it.
 */
export function TaskActions<Task extends TaskRow, Dialog extends ListDialog>({
  kind,
  task,
  list,
  onDetail,
  children,
}: {
  kind: TaskKind;
  task: Task;
  list: ListActor<Task, Dialog>;
  onDetail: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation([kind.name, 'tasks']);
  const action = useRowAction(kind.name, { onSucceeded: () => list.send({ type: 'LIST.RELOAD' }) });
  const busy = action.state === 'submitting';
  const canEdit = useCan()(kind.editCode);
  // Retrying is offered only while there are failed items to retry.
  const offered = (name: TaskAction) =>
    hasRowAction(kind.name, name) && canEdit && taskActionApplies(name, task.status) && (name !== 'retry' || task.failed > 0);
  return (
    <HStack gap="1" justify="flex-end">
      <Button size="xs" variant="ghost" colorPalette="brand" onClick={onDetail}>
        {t(`${kind.name}.actions.detail`)}
      </Button>
      {children}
      {ORDER.filter(offered).map((name) => (
        <Button
          key={name}
          size="xs"
          variant="ghost"
          colorPalette={PALETTE[name]}
          disabled={busy}
          onClick={() => action.submit({ name, id: task.id })}
        >
          {t([`${kind.name}.actions.${name}`, `tasks.actions.${name}`])}
        </Button>
      ))}
    </HStack>
  );
}

import type { ReactNode } from 'react';
import { Button, Dialog, HStack, Stat } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ListActor } from '../../app/useListActor';
import { FailureAlert } from '../../components/form/FailureAlert';
import type { Column } from '../../components/table/DataTable';
import { ListTable } from '../../components/table/ListTable';
import { useRetryItem } from './api';
import { TaskStatusBadge } from './TaskStatusBadge';
import type { TaskKind, TaskRow } from './taskKind';
import { actionsColumn } from '../../components/table/actionsColumn';

/** The figures a task's detail may show over its items. */
type Figure = 'total' | 'done' | 'failed' | 'skipped' | 'progress';
type DetailTask = TaskRow & { progress: number } & Partial<Record<Figure, number>>;
type DetailItem = { id: number; status: string; attempt: number };

/**
 * One task's detail, for either kind: its figures and status, the kind's notes, then its items,
 * live while they run, each with its attempts and — when failed and the kind allows it — retry.
 * The kind brings its items (`items`), their own columns and buttons, and where retrying is offered.
 */
export function TaskDetail<Task extends DetailTask, Item extends DetailItem>({
  kind,
  task,
  figures,
  beside,
  above,
  items,
  columns,
  itemButtons,
  retryOffered,
  onChanged,
}: {
  kind: TaskKind;
  task: Task;
  figures: readonly Figure[];
  /** Beside the task's status. */
  beside?: ReactNode;
  /** Between the figures and the items. */
  above?: ReactNode;
  items: ListActor<Item>;
  columns: Column<Item>[];
  itemButtons?: (item: Item) => ReactNode;
  retryOffered: (item: Item) => boolean;
  onChanged: () => void;
}) {
  const { name: catalog } = kind;
  const { t } = useTranslation([catalog, 'tasks']);
  const retry = useRetryItem(kind.name, {
    onSucceeded: () => {
      items.send({ type: 'LIST.RELOAD' });
      onChanged();
    },
  });

  const table: Column<Item>[] = [
    ...columns,
    { key: 'attempt', header: t('tasks.detail.attempt'), align: 'end', render: (item) => item.attempt },
    actionsColumn(t('common.table.actions'), (item) => (
      <>
        {itemButtons?.(item)}
        {item.status === 'failed' && retryOffered(item) && (
          <Button
            size="xs"
            variant="ghost"
            colorPalette="orange"
            loading={retry.state === 'submitting'}
            onClick={() => retry.submit({ taskId: task.id, itemId: item.id })}
          >
            {t('tasks.detail.retry')}
          </Button>
        )}
      </>
    )),
  ];

  return (
    <Dialog.Body>
      <HStack gap="6" mb="4" wrap="wrap">
        {figures.map((figure) => (
          <Stat.Root key={figure} size="sm" maxW="28">
            <Stat.Label>{t([`${catalog}.detail.${figure}`, `tasks.detail.${figure}`])}</Stat.Label>
            <Stat.ValueText>{figure === 'progress' ? `${task.progress}%` : task[figure]}</Stat.ValueText>
          </Stat.Root>
        ))}
        <TaskStatusBadge status={task.status} catalog={catalog} />
        {beside}
      </HStack>
      {above}
      <FailureAlert failure={retry.error} />
      <ListTable list={items} label={t(`${catalog}.detail.items`)} columns={table} rowKey={(item) => item.id} quietReloads />
    </Dialog.Body>
  );
}

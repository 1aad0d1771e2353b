import { useEffect, useState, type ReactNode } from 'react';
import { Badge, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import type { ListActor } from '../../app/useListActor';
import { FormDialog } from '../../components/feedback/FormDialog';
import type { Column } from '../../components/table/DataTable';
import { ListTable } from '../../components/table/ListTable';
import { PageHeader } from '../../components/table/PageHeader';
import { RowTitleButton } from '../../components/table/RowTitleButton';
import type { ListDialog } from '../../machines/list.machine';
import { useOneTask } from './api';
import { TaskActions } from './TaskActions';
import { TaskStatusBadge } from './TaskStatusBadge';
import type { TaskKind, TaskRow } from './taskKind';

/** What the progress cell needs beyond the shared bar. */
type ProgressRow = TaskRow & { progress: number; done: number; total: number; created_at: string };

/**
 * The page of one task kind's tasks: name (opening the detail), status, live progress, created and
 * the row's actions, in the words of the kind's catalog. What differs between the kinds comes in
 * as data: the line under the name, the kind's own columns, the notes beside and under the
 * progress, its header buttons, its row buttons, its detail's body and its dialogs (`children`).
 */
export function TaskListPage<Task extends ProgressRow, Dialog extends ListDialog>({
  kind,
  list,
  title,
  header,
  subline,
  columns,
  progress,
  rowButtons,
  detail,
  children,
}: {
  kind: TaskKind;
  list: ListActor<Task, Dialog>;
  title: string;
  header: ReactNode;
  subline: (task: Task) => ReactNode;
  columns: { afterName?: Column<Task>[]; beforeCreated?: Column<Task>[] };
  /** The cell's width and least width; what the failed badge says; notes beside the counts and under them. */
  progress: {
    width: string;
    minW: string;
    failed: (task: Task) => ReactNode;
    beside?: (task: Task) => ReactNode;
    under: (task: Task) => ReactNode;
  };
  rowButtons?: (task: Task) => ReactNode;
  /** The body of a task's detail dialog; `onChanged` reloads the list. */
  detail: (task: Task, onChanged: () => void) => ReactNode;
  children: ReactNode;
}) {
  const { name: catalog } = kind;
  const { t } = useTranslation([catalog, 'tasks']);
  const rows = useSelector(list, (state) => state.context.rows);
  const [detailId, setDetailId] = useState<number | null>(null);
  // A link names a task (`?task=<id>`, the ledger's): its detail opens, the task loaded if the list's page does not hold it.
  const linkedId = Number(new URLSearchParams(useSearch()).get('task')) || null;
  const linked = useOneTask(kind.name);
  const { submit: loadLinked } = linked;
  useEffect(() => {
    if (linkedId === null) return;
    setDetailId(linkedId);
    loadLinked(linkedId);
  }, [linkedId, loadLinked]);
  const detailTask = rows.find((task) => task.id === detailId) ?? (linked.result?.id === detailId ? (linked.result as Task) : null);

  const table: Column<Task>[] = [
    {
      key: 'name',
      header: t('tasks.fields.name'),
      render: (task) => (
        <Stack gap="0">
          <RowTitleButton onClick={() => setDetailId(task.id)}>{task.name}</RowTitleButton>
          <Text textStyle="xs" color="fg.muted">
            {subline(task)}
          </Text>
        </Stack>
      ),
    },
    ...(columns.afterName ?? []),
    {
      key: 'status',
      header: t('tasks.fields.status'),
      render: (task) => <TaskStatusBadge status={task.status} catalog={catalog} />,
    },
    {
      key: 'progress',
      header: t('tasks.fields.progress'),
      width: progress.width,
      render: (task) => (
        <Stack gap="1" minW={progress.minW}>
          <Progress.Root
            value={task.progress}
            size="sm"
            colorPalette={task.failed > 0 ? 'orange' : task.status === 'completed' ? 'green' : 'brand'}
            aria-label={t('tasks.fields.progress')}
          >
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <HStack gap="2" textStyle="xs" color="fg.muted" data-testid={`task-progress-${task.id}`}>
            <Text>{t('tasks.counts', { done: task.done, failed: task.failed, total: task.total })}</Text>
            {task.failed > 0 && (
              <Badge colorPalette="red" size="xs">
                {progress.failed(task)}
              </Badge>
            )}
            {progress.beside?.(task)}
          </HStack>
          {progress.under(task)}
        </Stack>
      ),
    },
    ...(columns.beforeCreated ?? []),
    {
      key: 'created',
      header: t('tasks.fields.created'),
      render: (task) => <Text whiteSpace="nowrap">{task.created_at}</Text>,
    },
    {
      key: 'actions',
      header: t('common.table.actions'),
      align: 'end',
      render: (task) => (
        <TaskActions kind={kind} task={task} list={list} onDetail={() => setDetailId(task.id)}>
          {rowButtons?.(task)}
        </TaskActions>
      ),
    },
  ];

  return (
    <Stack gap="4">
      <PageHeader title={title} description={t(`${catalog}.description`)}>
        {header}
      </PageHeader>
      <ListTable list={list} label={title} columns={table} rowKey={(task) => task.id} emptyText={t(`${catalog}.empty`)} quietReloads />
      {children}
      {detailTask && (
        <FormDialog open onClose={() => setDetailId(null)} title={t(`${catalog}.detail.title`, { name: detailTask.name })} size="lg">
          {detail(detailTask, () => list.send({ type: 'LIST.RELOAD' }))}
        </FormDialog>
      )}
    </Stack>
  );
}

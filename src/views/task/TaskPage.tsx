import { useState } from 'react';
import { Badge, Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Download, Plus, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PublishTask } from '../../../contract/schemas/publishTask';
import { Can } from '../../app/Can';
import { firstPageOf, useListActor } from '../../app/useListActor';
import { useLoad } from '../../app/useLoad';
import { FormDialog } from '../../components/feedback/FormDialog';
import { PageLoading } from '../../components/feedback/PageLoading';
import type { Column } from '../../components/table/DataTable';
import { ListTable } from '../../components/table/ListTable';
import { PageHeader } from '../../components/table/PageHeader';
import { publishTaskList } from '../../services/api/publishTask';
import { siteList } from '../../services/api/site';
import { ExportDialog } from '../../components/publishing/ExportDialog';
import { PublishGenerateForm } from './PublishGenerateForm';
import { PublishTaskForm } from '../../components/publishing/PublishTaskForm';
import { TaskActions } from './TaskActions';
import { TaskItems } from './TaskItems';
import { TaskStatusBadge } from './TaskStatusBadge';
import { scheduleText } from './scheduleText';

const services = {
  fetchPage: ({ page, page_size }: { page: number; page_size: number }) => publishTaskList({ page, page_size }),
  /** Progress is live while a task runs. */
  pollWhile: (tasks: PublishTask[]) => tasks.some((task) => task.status === 'running'),
  pollMs: 1500,
};
/** The sites of the task forms. */
const SITES = { page: 1, page_size: 100 };

/** What the page asks for when it opens (sent at the click). */
export const loadsAhead = () => [firstPageOf(services), siteList(SITES)];

/** The dialogs of the page: a task of chosen articles, or of articles written first. */
type TaskDialog = { name: 'create' | 'generate' };

/** /task: publishing tasks with their site, schedule, status and live progress; items, pause, resume, cancel, retry failed. */
export default function TaskPage() {
  const { t, ready } = useTranslation('task');
  const list = useListActor<PublishTask, TaskDialog>(services);
  const siteRows = useLoad(siteList, SITES).result?.list ?? [];
  const context = useSelector(list, (state) => state.context);
  const [detailId, setDetailId] = useState<number | null>(null);
  // Publishing is for those holding task:add (a writer only writes).
  /** Export: of a task (its row's button), or of chosen articles (the header's). */
  const [exporting, setExporting] = useState<{ task?: PublishTask } | null>(null);
  if (!ready) return <PageLoading />;

  const detailTask = context.rows.find((task) => task.id === detailId) ?? null;
  const columns: Column<PublishTask>[] = [
    {
      key: 'name',
      header: t('task.fields.name'),
      render: (task) => (
        <Stack gap="0">
          <Button
            variant="plain"
            size="sm"
            p="0"
            h="auto"
            justifyContent="flex-start"
            color="brand.fg"
            onClick={() => setDetailId(task.id)}
          >
            {task.name}
          </Button>
          <Text textStyle="xs" color="fg.muted">
            {task.site_name || '—'} · {t(`task.postStatus.${task.post_status}`)}
            {task.tags.length ? ` · ${task.tags.join(', ')}` : ''}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'schedule',
      header: t('task.fields.schedule'),
      render: (task) => (
        <Stack gap="0">
          <Text textStyle="sm">{scheduleText(t, task.schedule)}</Text>
          {task.next_run_at && (
            <Text textStyle="xs" color="fg.muted" data-testid={`task-next-${task.id}`}>
              {t('task.nextRun', { at: task.next_run_at })}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'status', header: t('task.fields.status'), render: (task) => <TaskStatusBadge status={task.status} /> },
    {
      key: 'progress',
      header: t('task.fields.progress'),
      width: '26%',
      render: (task) => (
        <Stack gap="1" minW="36">
          <Progress.Root
            value={task.progress}
            size="sm"
            colorPalette={task.failed > 0 ? 'orange' : task.status === 'completed' ? 'green' : 'brand'}
            aria-label={t('task.fields.progress')}
          >
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <HStack gap="2" textStyle="xs" color="fg.muted" data-testid={`task-progress-${task.id}`}>
            <Text>{t('task.counts', { done: task.done, failed: task.failed, total: task.total })}</Text>
            {task.failed > 0 && (
              <Badge colorPalette="red" size="xs">
                {task.failed}
              </Badge>
            )}
            {task.skipped > 0 && <Text data-testid={`task-skipped-${task.id}`}>{t('task.skippedCount', { count: task.skipped })}</Text>}
          </HStack>
          {task.awaiting_source && (
            <Text textStyle="xs" color="fg.muted" data-testid={`task-awaiting-${task.id}`}>
              {t('task.awaiting')}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'created', header: t('task.fields.created'), render: (task) => <Text whiteSpace="nowrap">{task.created_at}</Text> },
    {
      key: 'actions',
      header: t('common.table.actions'),
      align: 'end',
      render: (task) => (
        <TaskActions task={task} list={list} onDetail={() => setDetailId(task.id)} onExport={() => setExporting({ task })} />
      ),
    },
  ];

  return (
    <Stack gap="4">
      <PageHeader title={t('routes.site.task')} description={t('task.description')}>
        <Button variant="outline" onClick={() => setExporting({})}>
          <Download /> {t('task.export.button')}
        </Button>
        <Can code="task:add">
          <Button variant="outline" onClick={() => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'generate' } })}>
            <Sparkles /> {t('task.generate.button')}
          </Button>
          <Button colorPalette="brand" onClick={() => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'create' } })}>
            <Plus /> {t('task.add')}
          </Button>
        </Can>
      </PageHeader>
      <ListTable
        list={list}
        label={t('routes.site.task')}
        columns={columns}
        rowKey={(task) => task.id}
        emptyText={t('task.empty')}
        quietReloads
      />
      <FormDialog
        open={context.dialog?.name === 'create'}
        onClose={() => list.send({ type: 'DIALOG.CLOSE' })}
        title={t('task.form.title')}
        size="lg"
      >
        <PublishTaskForm
          sites={siteRows}
          onCancel={() => list.send({ type: 'DIALOG.CLOSE' })}
          onStarted={() => list.send({ type: 'DIALOG.SAVED' })}
        />
      </FormDialog>
      <FormDialog
        open={context.dialog?.name === 'generate'}
        onClose={() => list.send({ type: 'DIALOG.CLOSE' })}
        title={t('task.generate.title')}
        size="lg"
      >
        <PublishGenerateForm
          sites={siteRows}
          onCancel={() => list.send({ type: 'DIALOG.CLOSE' })}
          onStarted={() => list.send({ type: 'DIALOG.SAVED' })}
        />
      </FormDialog>
      {exporting && <ExportDialog task={exporting.task} sites={siteRows} onClose={() => setExporting(null)} />}
      {detailTask && (
        <FormDialog open onClose={() => setDetailId(null)} title={t('task.detail.title', { name: detailTask.name })} size="lg">
          <TaskItems task={detailTask} onChanged={() => list.send({ type: 'LIST.RELOAD' })} />
        </FormDialog>
      )}
    </Stack>
  );
}

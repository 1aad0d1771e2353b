import { useState } from 'react';
import { Badge, Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ArticleTask } from '../../../contract/schemas/articleTask';
import { firstPageOf, useListActor } from '../../app/useListActor';
import { useLoad } from '../../app/useLoad';
import { FormDialog } from '../../components/feedback/FormDialog';
import { PageLoading } from '../../components/feedback/PageLoading';
import type { Column } from '../../components/table/DataTable';
import { ListTable } from '../../components/table/ListTable';
import { PageHeader } from '../../components/table/PageHeader';
import { articleTaskList } from '../../services/api/articleTask';
import { siteList } from '../../services/api/site';
import { ArticleTaskActions } from './ArticleTaskActions';
import { ArticleTaskDetailDialog } from './ArticleTaskDetailDialog';
import { GenerationTaskForm } from '../../components/generation/GenerationTaskForm';
import { TaskStatusBadge } from './TaskStatusBadge';
import { TaskPace } from './TaskPace';
import { useCan } from '../../app/useCan';

const services = {
  fetchPage: ({ page, page_size }: { page: number; page_size: number }) => articleTaskList({ page, page_size }),
  /** Progress is live while a task runs. */
  pollWhile: (tasks: ArticleTask[]) => tasks.some((task) => task.status === 'running'),
  pollMs: 1500,
};
/** The sites of the task form and the site column. */
const SITES = { page: 1, page_size: 100 };

/** What the page asks for when it opens (sent at the click). */
export const loadsAhead = () => [firstPageOf(services), siteList(SITES)];

/** The dialog of the page: a new generation task. */
type TaskDialog = { name: 'create' };

/** /article_task: generation tasks with their live progress. */
export default function ArticleTaskPage() {
  const { t, ready } = useTranslation(['articleTask', 'site']);
  const can = useCan();
  const list = useListActor<ArticleTask, TaskDialog>(services);
  const siteRows = useLoad(siteList, SITES).result?.list ?? [];
  const context = useSelector(list, (state) => state.context);
  const [detailId, setDetailId] = useState<number | null>(null);
  if (!ready) return <PageLoading />;

  const detailTask = context.rows.find((task) => task.id === detailId) ?? null;
  const siteName = (id: number | null) => siteRows.find((site) => site.id === id)?.name ?? '—';
  const columns: Column<ArticleTask>[] = [
    {
      key: 'name',
      header: t('articleTask.fields.name'),
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
            {siteName(task.site_id)} · {task.language} · {t('articleTask.words', { count: task.word_count })}
          </Text>
        </Stack>
      ),
    },
    { key: 'status', header: t('articleTask.fields.status'), render: (task) => <TaskStatusBadge status={task.status} /> },
    {
      key: 'progress',
      header: t('articleTask.fields.progress'),
      width: '30%',
      render: (task) => (
        <Stack gap="1" minW="40">
          <Progress.Root
            value={task.progress}
            size="sm"
            colorPalette={task.failed > 0 ? 'orange' : task.status === 'completed' ? 'green' : 'brand'}
            aria-label={t('articleTask.fields.progress')}
          >
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <HStack gap="2" textStyle="xs" color="fg.muted" data-testid={`task-progress-${task.id}`}>
            <Text>{t('articleTask.counts', { done: task.done, failed: task.failed, total: task.total })}</Text>
            {task.failed > 0 && (
              <Badge colorPalette="red" size="xs">
                {t('articleTask.failedCount', { count: task.failed })}
              </Badge>
            )}
          </HStack>
          <TaskPace task={task} />
        </Stack>
      ),
    },
    {
      key: 'cost',
      header: t('articleTask.fields.cost'),
      align: 'end',
      render: (task) => t('articleTask.points', { count: task.item_cost * task.total }),
    },
    { key: 'created', header: t('articleTask.fields.created'), render: (task) => <Text whiteSpace="nowrap">{task.created_at}</Text> },
    {
      key: 'actions',
      header: t('common.table.actions'),
      align: 'end',
      render: (task) => <ArticleTaskActions task={task} list={list} onDetail={() => setDetailId(task.id)} />,
    },
  ];

  return (
    <Stack gap="4">
      <PageHeader title={t('routes.article.task')} description={t('articleTask.description')}>
        {can('article_task:add') && (
          <Button colorPalette="brand" onClick={() => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'create' } })}>
            <Plus /> {t('articleTask.add')}
          </Button>
        )}
      </PageHeader>
      <ListTable
        list={list}
        label={t('routes.article.task')}
        columns={columns}
        rowKey={(task) => task.id}
        emptyText={t('articleTask.empty')}
        quietReloads
      />
      <FormDialog
        open={context.dialog?.name === 'create'}
        onClose={() => list.send({ type: 'DIALOG.CLOSE' })}
        title={t('articleTask.form.title')}
        size="md"
      >
        <GenerationTaskForm
          sites={siteRows}
          onCancel={() => list.send({ type: 'DIALOG.CLOSE' })}
          onStarted={() => list.send({ type: 'DIALOG.SAVED' })}
        />
      </FormDialog>
      {detailTask && (
        <ArticleTaskDetailDialog task={detailTask} onClose={() => setDetailId(null)} onChanged={() => list.send({ type: 'LIST.RELOAD' })} />
      )}
    </Stack>
  );
}

import { useState } from 'react';
import { Button, Dialog, HStack, Stat, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ConsolePath } from '../../../contract/paths';
import type { ArticleTask, ArticleTaskDetail, TaskItem } from '../../../contract/schemas/articleTask';
import { useCall } from '../../app/useCall';
import { useListActor } from '../../app/useListActor';
import { FailureAlert } from '../../components/form/FailureAlert';
import type { Column } from '../../components/table/DataTable';
import { ListTable } from '../../components/table/ListTable';
import { fillPath } from '../../shared/routePattern';
import { articleTaskDetail, articleTaskRetryItem } from '../../services/api/articleTask';
import { TaskStatusBadge } from '../../components/tasks/TaskStatusBadge';
import { TaskPace } from './TaskPace';
import { EconomyProgress } from './EconomyProgress';
import { useCan } from '../../app/useCan';

/** The items of a task, live while it runs. */
export function ArticleTaskItems({ task, onChanged }: { task: ArticleTask; onChanged: () => void }) {
  const { t } = useTranslation('articleTask');
  const can = useCan();
  const [, navigate] = useLocation();
  // An economy task's batches come with each page of its items (and so stay live while it runs).
  const [economy, setEconomy] = useState<ArticleTaskDetail['economy']>(null);
  const [services] = useState(() => ({
    fetchPage: async ({ page, page_size }: { page: number; page_size: number }) => {
      const detail = await articleTaskDetail({ id: task.id, page, page_size });
      setEconomy(detail.economy);
      return detail.items;
    },
    pollWhile: (items: TaskItem[]) =>
      items.some((item) => item.status === 'queued' || item.status === 'running' || item.status === 'waiting'),
    pollMs: 1500,
  }));
  const list = useListActor<TaskItem>(services, { pageSize: 10 });
  const retry = useCall(articleTaskRetryItem, {
    onSucceeded: () => {
      list.send({ type: 'LIST.RELOAD' });
      onChanged();
    },
  });

  const columns: Column<TaskItem>[] = [
    { key: 'keyword', header: t('articleTask.detail.keyword'), render: (item) => item.keyword },
    {
      key: 'status',
      header: t('articleTask.fields.status'),
      render: (item) => (
        <HStack gap="2">
          <TaskStatusBadge status={item.status} catalog="articleTask" />
          {item.status === 'waiting' && item.wait_until && (
            <Text textStyle="xs" color="fg.warning" title={item.wait_reason} truncate maxW="48">
              {t('articleTask.pace.itemWaiting', { at: item.wait_until.slice(11, 16) })}
            </Text>
          )}
          {item.error && (
            <Text textStyle="xs" color="fg.error" title={item.error} truncate maxW="48">
              {item.error}
            </Text>
          )}
        </HStack>
      ),
    },
    { key: 'attempt', header: t('articleTask.detail.attempt'), align: 'end', render: (item) => item.attempt },
    {
      key: 'actions',
      header: t('common.table.actions'),
      align: 'end',
      render: ({ article_id: articleId, ...item }) => (
        <HStack gap="1" justify="flex-end">
          {/* That item's article, on its own page (not the task's whole list). */}
          {articleId !== null && (
            <Button
              size="xs"
              variant="ghost"
              colorPalette="brand"
              onClick={() => navigate(fillPath(ConsolePath.articleDetail, { id: articleId }))}
            >
              {t('articleTask.detail.article')}
            </Button>
          )}
          {item.status === 'failed' && can('article_task:edit') && (
            <Button
              size="xs"
              variant="ghost"
              colorPalette="orange"
              loading={retry.state === 'submitting'}
              onClick={() => retry.submit(item.id)}
            >
              {t('articleTask.detail.retry')}
            </Button>
          )}
        </HStack>
      ),
    },
  ];

  return (
    <Dialog.Body>
      <HStack gap="6" mb="4" wrap="wrap">
        {(['total', 'done', 'failed', 'progress'] as const).map((figure) => (
          <Stat.Root key={figure} size="sm" maxW="28">
            <Stat.Label>{t(`articleTask.detail.${figure}`)}</Stat.Label>
            <Stat.ValueText>{figure === 'progress' ? `${task.progress}%` : task[figure]}</Stat.ValueText>
          </Stat.Root>
        ))}
        <TaskStatusBadge status={task.status} catalog="articleTask" />
      </HStack>
      <HStack mb="3">
        <TaskPace task={task} />
      </HStack>
      {economy && <EconomyProgress economy={economy} />}
      <FailureAlert failure={retry.error} />
      <ListTable list={list} label={t('articleTask.detail.items')} columns={columns} rowKey={(item) => item.id} quietReloads />
    </Dialog.Body>
  );
}

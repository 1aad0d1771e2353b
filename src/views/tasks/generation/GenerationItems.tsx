import { useState } from 'react';
import { Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ConsolePath } from '../../../../contract/paths';
import type { GenerationTask, GenerationTaskDetail, TaskItem } from '../../../../contract/schemas/generationTask';
import { useCan } from '../../../app/useCan';
import type { Column } from '../../../components/table/DataTable';
import { fillPath } from '../../../shared/routePattern';
import { useGenerationItems } from '../api';
import { TaskDetail } from '../TaskDetail';
import { TaskStatusBadge } from '../TaskStatusBadge';
import { EconomyProgress } from './EconomyProgress';
import { generation } from './kind';
import { TaskPace } from './TaskPace';

/** A generation task's detail: its pace, its economy batches, and each keyword's item, live while it runs. */
export function GenerationItems({ task, onChanged }: { task: GenerationTask; onChanged: () => void }) {
  const { t } = useTranslation(['generation', 'tasks']);
  const can = useCan();
  const [, navigate] = useLocation();
  const [economy, setEconomy] = useState<GenerationTaskDetail['economy']>(null);
  const items = useGenerationItems(task.id, setEconomy);

  const columns: Column<TaskItem>[] = [
    { key: 'keyword', header: t('generation.detail.keyword'), render: (item) => item.keyword },
    {
      key: 'status',
      header: t('tasks.fields.status'),
      render: (item) => (
        <HStack gap="2">
          <TaskStatusBadge status={item.status} catalog="generation" />
          {item.status === 'waiting' && item.wait_until && (
            <Text textStyle="xs" color="fg.warning" title={item.wait_reason} truncate maxW="48">
              {t('generation.pace.itemWaiting', { at: item.wait_until.slice(11, 16) })}
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
  ];

  return (
    <TaskDetail
      kind={generation}
      task={task}
      figures={['total', 'done', 'failed', 'progress']}
      above={
        <>
          <HStack mb="3">
            <TaskPace task={task} />
          </HStack>
          {economy && <EconomyProgress economy={economy} />}
        </>
      }
      items={items}
      columns={columns}
      // That item's article, on its own page (not the task's whole list).
      itemButtons={({ article_id: articleId }) =>
        articleId !== null && (
          <Button
            size="xs"
            variant="ghost"
            colorPalette="brand"
            onClick={() => navigate(fillPath(ConsolePath.articleDetail, { id: articleId }))}
          >
            {t('tasks.detail.article')}
          </Button>
        )
      }
      retryOffered={() => can(generation.editCode)}
      onChanged={onChanged}
    />
  );
}

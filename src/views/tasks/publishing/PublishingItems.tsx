import { Link, Stack, Text } from '@chakra-ui/react';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PublishItem, PublishingTask } from '../../../../contract/schemas/publishingTask';
import { EllipsisText } from '../../../components/EllipsisText';
import { ReadBackState } from '../../../components/publishing/ReadBackState';
import type { Column } from '../../../components/table/DataTable';
import { usePublishingItems } from '../api';
import { TaskDetail } from '../TaskDetail';
import { TaskStatusBadge } from '../TaskStatusBadge';
import { publishing } from './kind';

/** A publishing task's detail: its items, live while it runs, each with its remote link and what the site held when read back, or its failure reason. */
export function PublishingItems({ task, onChanged }: { task: PublishingTask; onChanged: () => void }) {
  const { t } = useTranslation(['publishing', 'tasks']);
  const items = usePublishingItems(task.id);

  const columns: Column<PublishItem>[] = [
    {
      key: 'title',
      header: t('tasks.detail.article'),
      render: (item) => (
        <EllipsisText textStyle="sm" widthPx={240}>
          {item.title}
        </EllipsisText>
      ),
    },
    { key: 'status', header: t('tasks.fields.status'), render: (item) => <TaskStatusBadge status={item.status} catalog="publishing" /> },
    {
      key: 'result',
      header: t('publishing.detail.result'),
      render: (item) => (
        <Stack gap="0" maxW="64">
          {item.remote_url && (
            <Link
              href={item.remote_url}
              target="_blank"
              rel="noopener noreferrer"
              color="brand.fg"
              textStyle="sm"
              data-testid={`remote-link-${item.id}`}
            >
              {t('publishing.detail.open')} <ExternalLink size={12} />
            </Link>
          )}
          {item.status === 'skipped' && item.seo_score !== null && task.min_seo_score !== null ? (
            <Text textStyle="xs" color="fg.warning" data-testid={`skipped-reason-${item.id}`}>
              {t('publishing.detail.seoBelow', { score: item.seo_score, min: task.min_seo_score })}
            </Text>
          ) : (
            item.error && (
              <Text textStyle="xs" color={item.status === 'failed' ? 'fg.error' : 'fg.muted'} title={item.error} lineClamp={2}>
                {item.error}
              </Text>
            )
          )}
          {/* Its note already names what the site holds differently: here, "verified" when nothing does. */}
          <ReadBackState readBack={item.verification} testId={`item-${item.id}`} differences={false} />
          {item.note && (
            <Text textStyle="xs" color="fg.warning" title={item.note} lineClamp={2}>
              {item.note}
            </Text>
          )}
          {item.status === 'queued' && !item.error && (
            <Text textStyle="xs" color="fg.muted">
              {t('publishing.detail.runAt')}: {item.run_at}
            </Text>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <TaskDetail
      kind={publishing}
      task={task}
      // Skipped items are counted where the task has any, or could have (a minimum SEO score).
      figures={['total', 'done', 'failed', ...(task.skipped > 0 || task.min_seo_score !== null ? (['skipped'] as const) : []), 'progress']}
      beside={
        task.awaiting_source && (
          <Text textStyle="xs" color="fg.muted">
            {t('publishing.awaiting')}
          </Text>
        )
      }
      items={items}
      columns={columns}
      // A cancelled task sends nothing again.
      retryOffered={() => task.status !== 'cancelled'}
      onChanged={onChanged}
    />
  );
}

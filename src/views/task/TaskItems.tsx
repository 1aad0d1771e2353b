import { useState } from 'react';
import { Button, Dialog, HStack, Link, Stack, Stat, Text } from '@chakra-ui/react';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PublishItem, PublishTask } from '../../../contract/schemas/publishTask';
import { useCall } from '../../app/useCall';
import { useListActor } from '../../app/useListActor';
import { FailureAlert } from '../../components/form/FailureAlert';
import type { Column } from '../../components/table/DataTable';
import { ListTable } from '../../components/table/ListTable';
import { publishTaskDetail, publishTaskRetry } from '../../services/api/publishTask';
import { TaskStatusBadge } from '../../components/tasks/TaskStatusBadge';
import { EllipsisText } from '../../components/EllipsisText';

/** The items of a publishing task, live while it runs: each with its remote link or its failure reason. */
export function TaskItems({ task, onChanged }: { task: PublishTask; onChanged: () => void }) {
  const { t } = useTranslation('task');
  const [services] = useState(() => ({
    fetchPage: async ({ page, page_size }: { page: number; page_size: number }) =>
      (await publishTaskDetail({ id: task.id, page, page_size })).items,
    pollWhile: (items: PublishItem[]) => items.some((item) => item.status === 'queued' || item.status === 'running'),
    pollMs: 1500,
  }));
  const list = useListActor<PublishItem>(services, { pageSize: 10 });
  const retry = useCall(publishTaskRetry, {
    onSucceeded: () => {
      list.send({ type: 'LIST.RELOAD' });
      onChanged();
    },
  });

  const columns: Column<PublishItem>[] = [
    {
      key: 'title',
      header: t('task.detail.article'),
      render: (item) => (
        <EllipsisText textStyle="sm" widthPx={240}>
          {item.title}
        </EllipsisText>
      ),
    },
    { key: 'status', header: t('task.fields.status'), render: (item) => <TaskStatusBadge status={item.status} catalog="task" /> },
    {
      key: 'result',
      header: t('task.detail.result'),
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
              {t('task.detail.open')} <ExternalLink size={12} />
            </Link>
          )}
          {item.status === 'skipped' && item.seo_score !== null && task.min_seo_score !== null ? (
            <Text textStyle="xs" color="fg.warning" data-testid={`skipped-reason-${item.id}`}>
              {t('task.detail.seoBelow', { score: item.seo_score, min: task.min_seo_score })}
            </Text>
          ) : (
            item.error && (
              <Text textStyle="xs" color={item.status === 'failed' ? 'fg.error' : 'fg.muted'} title={item.error} lineClamp={2}>
                {item.error}
              </Text>
            )
          )}
          {item.note && (
            <Text textStyle="xs" color="fg.warning" title={item.note} lineClamp={2}>
              {item.note}
            </Text>
          )}
          {item.status === 'queued' && !item.error && (
            <Text textStyle="xs" color="fg.muted">
              {t('task.detail.runAt')}: {item.run_at}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'attempt', header: t('task.detail.attempt'), align: 'end', render: (item) => item.attempt },
    {
      key: 'actions',
      header: t('common.table.actions'),
      align: 'end',
      render: (item) =>
        item.status === 'failed' && task.status !== 'cancelled' ? (
          <Button
            size="xs"
            variant="ghost"
            colorPalette="orange"
            loading={retry.state === 'submitting'}
            onClick={() => retry.submit({ id: task.id, item_id: item.id })}
          >
            {t('task.detail.retry')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Dialog.Body>
      <HStack gap="6" mb="4" wrap="wrap">
        {(
          [
            'total',
            'done',
            'failed',
            ...(task.skipped > 0 || task.min_seo_score !== null ? (['skipped'] as const) : []),
            'progress',
          ] as const
        ).map((figure) => (
          <Stat.Root key={figure} size="sm" maxW="28">
            <Stat.Label>{t(`task.detail.${figure}`)}</Stat.Label>
            <Stat.ValueText>{figure === 'progress' ? `${task.progress}%` : task[figure]}</Stat.ValueText>
          </Stat.Root>
        ))}
        <TaskStatusBadge status={task.status} catalog="task" />
        {task.awaiting_source && (
          <Text textStyle="xs" color="fg.muted">
            {t('task.awaiting')}
          </Text>
        )}
      </HStack>
      <FailureAlert failure={retry.error} />
      <ListTable list={list} label={t('task.detail.items')} columns={columns} rowKey={(item) => item.id} quietReloads />
    </Dialog.Body>
  );
}

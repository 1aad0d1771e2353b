import { useState } from 'react';
import { Button, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Download, Plus, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PublishingTask } from '../../../../contract/schemas/publishingTask';
import { Can } from '../../../app/Can';
import { FormDialog } from '../../../components/feedback/FormDialog';
import { PageLoading } from '../../../components/feedback/PageLoading';
import { ExportDialog } from '../../../components/publishing/ExportDialog';
import { PublishingTaskForm } from '../../../components/publishing/PublishingTaskForm';
import { publishingTasksAhead, usePublishingTasks, useTaskSites } from '../api';
import { TaskListPage } from '../TaskListPage';
import { publishing } from './kind';
import { PublishGenerateForm } from './PublishGenerateForm';
import { PublishingItems } from './PublishingItems';
import { scheduleText } from './scheduleText';

/** What the page asks for when it opens (sent at the click). */
export const loadsAhead = publishingTasksAhead;

/** The dialogs of the page: a task of chosen articles, or of articles written first. */
type TaskDialog = { name: 'create' | 'generate' };

/** /task: publishing tasks with their site, schedule, status and live progress; items, pause, resume, cancel, retry failed. */
export default function PublishingTasksPage() {
  const { t, ready } = useTranslation('publishing');
  const list = usePublishingTasks<TaskDialog>();
  const siteRows = useTaskSites();
  const dialog = useSelector(list, (state) => state.context.dialog);
  /** Export: of a task (its row's button), or of chosen articles (the header's). */
  const [exporting, setExporting] = useState<{ task?: PublishingTask } | null>(null);
  if (!ready) return <PageLoading />;

  const close = () => list.send({ type: 'DIALOG.CLOSE' });
  const started = () => list.send({ type: 'DIALOG.SAVED' });
  return (
    <TaskListPage
      kind={publishing}
      list={list}
      title={t('routes.site.task')}
      header={
        <>
          <Button variant="outline" onClick={() => setExporting({})}>
            <Download /> {t('publishing.export.button')}
          </Button>
          {/* Publishing is for those holding task:add (a writer only writes). */}
          <Can code="task:add">
            <Button variant="outline" onClick={() => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'generate' } })}>
              <Sparkles /> {t('publishing.generate.button')}
            </Button>
            <Button colorPalette="brand" onClick={() => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'create' } })}>
              <Plus /> {t('publishing.add')}
            </Button>
          </Can>
        </>
      }
      subline={(task) => (
        <>
          {task.site_name || '—'} · {t(`publishing.postStatus.${task.post_status}`)}
          {task.tags.length ? ` · ${task.tags.join(', ')}` : ''}
        </>
      )}
      columns={{
        afterName: [
          {
            key: 'schedule',
            header: t('publishing.fields.schedule'),
            render: (task) => (
              <Stack gap="0">
                <Text textStyle="sm">{scheduleText(t, task.schedule)}</Text>
                {task.next_run_at && (
                  <Text textStyle="xs" color="fg.muted" data-testid={`task-next-${task.id}`}>
                    {t('publishing.nextRun', { at: task.next_run_at })}
                  </Text>
                )}
              </Stack>
            ),
          },
        ],
      }}
      progress={{
        width: '26%',
        minW: '36',
        failed: (task) => task.failed,
        beside: (task) =>
          task.skipped > 0 && <Text data-testid={`task-skipped-${task.id}`}>{t('publishing.skippedCount', { count: task.skipped })}</Text>,
        under: (task) =>
          task.awaiting_source && (
            <Text textStyle="xs" color="fg.muted" data-testid={`task-awaiting-${task.id}`}>
              {t('publishing.awaiting')}
            </Text>
          ),
      }}
      rowButtons={(task) => (
        <Button size="xs" variant="ghost" onClick={() => setExporting({ task })}>
          {t('publishing.actions.export')}
        </Button>
      )}
      detail={(task, onChanged) => <PublishingItems task={task} onChanged={onChanged} />}
    >
      <FormDialog open={dialog?.name === 'create'} onClose={close} title={t('publishing.form.title')} size="lg">
        <PublishingTaskForm sites={siteRows} onCancel={close} onStarted={started} />
      </FormDialog>
      <FormDialog open={dialog?.name === 'generate'} onClose={close} title={t('publishing.generate.title')} size="lg">
        <PublishGenerateForm sites={siteRows} onCancel={close} onStarted={started} />
      </FormDialog>
      {exporting && <ExportDialog task={exporting.task} sites={siteRows} onClose={() => setExporting(null)} />}
    </TaskListPage>
  );
}

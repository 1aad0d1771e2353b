import { Button } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/useCan';
import { FormDialog } from '../../../components/feedback/FormDialog';
import { PageLoading } from '../../../components/feedback/PageLoading';
import { GenerationTaskForm } from '../../../components/generation/GenerationTaskForm';
import { generationTasksAhead, useGenerationTasks, useTaskSites } from '../api';
import { TaskListPage } from '../TaskListPage';
import { GenerationItems } from './GenerationItems';
import { generation } from './kind';
import { TaskPace } from './TaskPace';

/** What the page asks for when it opens (sent at the click). */
export const loadsAhead = generationTasksAhead;

/** The dialog of the page: a new generation task. */
type TaskDialog = { name: 'create' };

/** /article_task: generation tasks with their live progress. */
export default function GenerationTasksPage() {
  const { t, ready } = useTranslation(['generation', 'tasks', 'site']);
  const can = useCan();
  const list = useGenerationTasks<TaskDialog>();
  const siteRows = useTaskSites();
  const dialog = useSelector(list, (state) => state.context.dialog);
  if (!ready) return <PageLoading />;

  const siteName = (id: number | null) => siteRows.find((site) => site.id === id)?.name ?? '—';
  return (
    <TaskListPage
      kind={generation}
      list={list}
      title={t('routes.article.task')}
      header={
        can('article_task:add') && (
          <Button colorPalette="brand" onClick={() => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'create' } })}>
            <Plus /> {t('generation.add')}
          </Button>
        )
      }
      subline={(task) => (
        <>
          {siteName(task.site_id)} · {task.language} · {t('generation.words', { count: task.word_count })}
        </>
      )}
      columns={{
        beforeCreated: [
          {
            key: 'cost',
            header: t('generation.fields.cost'),
            align: 'end',
            render: (task) => t('tasks.points', { count: task.item_cost * task.total }),
          },
        ],
      }}
      progress={{
        width: '30%',
        minW: '40',
        failed: (task) => t('generation.failedCount', { count: task.failed }),
        under: (task) => <TaskPace task={task} />,
      }}
      detail={(task, onChanged) => <GenerationItems task={task} onChanged={onChanged} />}
    >
      <FormDialog
        open={dialog?.name === 'create'}
        onClose={() => list.send({ type: 'DIALOG.CLOSE' })}
        title={t('generation.form.title')}
        size="md"
      >
        <GenerationTaskForm
          sites={siteRows}
          onCancel={() => list.send({ type: 'DIALOG.CLOSE' })}
          onStarted={() => list.send({ type: 'DIALOG.SAVED' })}
        />
      </FormDialog>
    </TaskListPage>
  );
}

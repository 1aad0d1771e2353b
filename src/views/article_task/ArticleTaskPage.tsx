import { Button } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ArticleTask } from '../../../contract/schemas/articleTask';
import { firstPageOf, useListActor } from '../../app/useListActor';
import { useLoad } from '../../app/useLoad';
import { FormDialog } from '../../components/feedback/FormDialog';
import { PageLoading } from '../../components/feedback/PageLoading';
import { articleTaskList } from '../../services/api/articleTask';
import { siteList } from '../../services/api/site';
import { ArticleTaskDetailDialog } from './ArticleTaskDetailDialog';
import { GenerationTaskForm } from '../../components/generation/GenerationTaskForm';
import { TaskPace } from './TaskPace';
import { useCan } from '../../app/useCan';
import { TaskListPage } from '../../components/tasks/TaskListPage';
import { generation } from '../../components/tasks/generation';

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
            <Plus /> {t('articleTask.add')}
          </Button>
        )
      }
      subline={(task) => (
        <>
          {siteName(task.site_id)} · {task.language} · {t('articleTask.words', { count: task.word_count })}
        </>
      )}
      columns={{
        beforeCreated: [
          {
            key: 'cost',
            header: t('articleTask.fields.cost'),
            align: 'end',
            render: (task) => t('articleTask.points', { count: task.item_cost * task.total }),
          },
        ],
      }}
      progress={{
        width: '30%',
        minW: '40',
        failed: (task) => t('articleTask.failedCount', { count: task.failed }),
        under: (task) => <TaskPace task={task} />,
      }}
      detail={(task, close) => <ArticleTaskDetailDialog task={task} onClose={close} onChanged={() => list.send({ type: 'LIST.RELOAD' })} />}
    >
      <FormDialog
        open={dialog?.name === 'create'}
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
    </TaskListPage>
  );
}

import { useTranslation } from 'react-i18next';
import type { ArticleTask } from '../../../contract/schemas/articleTask';
import { FormDialog } from '../../components/feedback/FormDialog';
import { ArticleTaskItems } from './ArticleTaskItems';

/** One task: its figures and each keyword's item, with retry for a failed one. */
export function ArticleTaskDetailDialog({ task, onClose, onChanged }: { task: ArticleTask; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation('articleTask');
  return (
    <FormDialog open onClose={onClose} title={t('articleTask.detail.title', { name: task.name })} size="lg">
      <ArticleTaskItems task={task} onChanged={onChanged} />
    </FormDialog>
  );
}

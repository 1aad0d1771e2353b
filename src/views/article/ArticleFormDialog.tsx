import { Dialog } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ArticleDetail } from '../../../contract/schemas/article';
import type { Site } from '../../../contract/schemas/site';
import { FormDialog } from '../../components/feedback/FormDialog';
import { PageLoading } from '../../components/feedback/PageLoading';
import { FailureAlert } from '../../components/form/FailureAlert';
import { useArticleDetail } from './api';
import { ArticleForm } from './ArticleForm';

interface ArticleFormDialogProps {
  open: boolean;
  /** The article being edited; null writes a new one by hand. */
  articleId: number | null;
  sites: Site[];
  onClose: () => void;
  onSaved: (article: ArticleDetail | null) => void;
}

/** Write an article by hand, or edit one: title, body, meta, slug, category, status. */
export function ArticleFormDialog({ open, articleId, sites, onClose, onSaved }: ArticleFormDialogProps) {
  const { t } = useTranslation('article');
  return (
    <FormDialog open={open} onClose={onClose} title={t(articleId ? 'article.form.editTitle' : 'article.form.addTitle')} size="lg">
      {articleId ? (
        <EditArticle articleId={articleId} sites={sites} onClose={onClose} onSaved={onSaved} />
      ) : (
        <ArticleForm article={null} sites={sites} onCancel={onClose} onSaved={onSaved} />
      )}
    </FormDialog>
  );
}

function EditArticle({
  articleId,
  sites,
  onClose,
  onSaved,
}: {
  articleId: number;
  sites: Site[];
  onClose: () => void;
  onSaved: (article: ArticleDetail | null) => void;
}) {
  const detail = useArticleDetail(articleId);
  if (detail.result) return <ArticleForm article={detail.result} sites={sites} onCancel={onClose} onSaved={onSaved} />;
  return <Dialog.Body>{detail.error ? <FailureAlert failure={detail.error} /> : <PageLoading />}</Dialog.Body>;
}

import { Dialog } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/feedback/FormDialog';
import { PageLoading } from '../../components/feedback/PageLoading';
import { FailureAlert } from '../../components/form/FailureAlert';
import { useArticleDetail } from './api';
import { ArticleDetails } from './ArticleDetails';

/** An article as it reads: the server's sanitised HTML, its images, and its SEO score with the checks. */
export function ArticleDetailDialog({ articleId, onClose }: { articleId: number; onClose: () => void }) {
  const { t } = useTranslation('article');
  const detail = useArticleDetail(articleId);
  return (
    <FormDialog open onClose={onClose} title={detail.result?.title ?? t('article.detail.title')} size="lg">
      <Dialog.Body>
        <FailureAlert failure={detail.error} />
        {detail.result ? <ArticleDetails article={detail.result} /> : !detail.error && <PageLoading />}
      </Dialog.Body>
    </FormDialog>
  );
}

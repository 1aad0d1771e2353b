import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ArticleDetail } from '../../../contract/schemas/article';
import { toaster } from '../../components/feedback/toaster';
import { useRefreshArticle } from './api';
import { PaidRefreshDialog } from './PaidRefreshDialog';

/** Asks before a paid refresh of a published article, with what it costs; the model's work runs when confirmed. */
export function ArticleRefreshDialog({
  article,
  onClose,
  onRefreshed,
}: {
  article: ArticleDetail;
  onClose: () => void;
  onRefreshed: () => void;
}) {
  const { t } = useTranslation('article');
  const refresh = useRefreshArticle({
    onSucceeded: () => {
      toaster.success({ title: t('article.refresh.done', { title: article.title }) });
      onRefreshed();
    },
  });
  return (
    <PaidRefreshDialog
      title={t('article.refresh.title')}
      size="sm"
      count={1}
      refresh={refresh}
      submitLabel={t('article.refresh.action')}
      onConfirm={() => refresh.submit(article.id)}
      onClose={onClose}
    >
      <Text>{t('article.refresh.text', { title: article.title })}</Text>
    </PaidRefreshDialog>
  );
}

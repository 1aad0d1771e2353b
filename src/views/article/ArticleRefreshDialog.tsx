import { Dialog, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ArticleDetail } from '../../../contract/schemas/article';
import { FormDialog } from '../../components/feedback/FormDialog';
import { toaster } from '../../components/feedback/toaster';
import { DialogFormFooter } from '../../components/form/DialogFormFooter';
import { FailureAlert } from '../../components/form/FailureAlert';
import { QuoteSummary } from '../../components/points/QuoteSummary';
import { useRefreshArticle, useRefreshQuote } from './api';

const ONE = { count: 1 };

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
  const price = useRefreshQuote(ONE);
  const refresh = useRefreshArticle({
    onSucceeded: () => {
      toaster.success({ title: t('article.refresh.done', { title: article.title }) });
      onRefreshed();
    },
  });
  return (
    <FormDialog open onClose={onClose} title={t('article.refresh.title')} size="sm">
      <Dialog.Body>
        <Stack gap="3">
          <Text>{t('article.refresh.text', { title: article.title })}</Text>
          <QuoteSummary view={price} what="refresh" />
          <FailureAlert failure={refresh.error} />
        </Stack>
      </Dialog.Body>
      <DialogFormFooter
        onCancel={onClose}
        submitting={refresh.state === 'submitting'}
        submitLabel={t('article.refresh.action')}
        onConfirm={() => refresh.submit(article.id)}
      />
    </FormDialog>
  );
}

import { Dialog, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ArticleDetail } from '../../../contract/schemas/article';
import { useCall } from '../../app/useCall';
import { useQuote } from '../../app/useQuote';
import { FormDialog } from '../../components/feedback/FormDialog';
import { toaster } from '../../components/feedback/toaster';
import { DialogFormFooter } from '../../components/form/DialogFormFooter';
import { FailureAlert } from '../../components/form/FailureAlert';
import { QuoteSummary } from '../../components/points/QuoteSummary';
import { articleRefresh, articleRefreshQuote } from '../../services/api/articleRefresh';

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
  const price = useQuote(articleRefreshQuote, ONE);
  const refresh = useCall(articleRefresh, {
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

import { Dialog, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLoad } from '../../app/useLoad';
import { FormDialog } from '../../components/feedback/FormDialog';
import { PageLoading } from '../../components/feedback/PageLoading';
import { FailureAlert } from '../../components/form/FailureAlert';
import { articleCode } from '../../services/api/article';
import { CodeBlock } from './CodeBlock';

/** What to paste into a page: the article's HTML and its JSON-LD, each with a copy button. */
export function ArticleCodeDialog({ articleId, onClose }: { articleId: number; onClose: () => void }) {
  const { t } = useTranslation('article');
  const code = useLoad(articleCode, articleId);
  return (
    <FormDialog open onClose={onClose} title={t('article.code.title')} size="lg">
      <Dialog.Body>
        <FailureAlert failure={code.error} />
        {code.result ? (
          <Stack gap="4">
            <CodeBlock label={t('article.code.html')} code={code.result.html} />
            <CodeBlock label={t('article.code.jsonLd')} code={code.result.json_ld} />
          </Stack>
        ) : (
          !code.error && <PageLoading />
        )}
      </Dialog.Body>
    </FormDialog>
  );
}

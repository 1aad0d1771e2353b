import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/feedback/PageLoading';
import { FailureAlert } from '../../components/form/FailureAlert';
import { useArticleCode } from './api';
import { CopyLine } from '../../components/SecretBlock';

/** What to paste into a page: the article's HTML and its JSON-LD, each with a copy button (in the code dialog and on the details page). */
export function ArticleCodeBlocks({ articleId }: { articleId: number }) {
  const { t } = useTranslation('article');
  const code = useArticleCode(articleId);
  if (code.error) return <FailureAlert failure={code.error} />;
  if (!code.result) return <PageLoading minH="10rem" />;
  return (
    <Stack gap="4">
      <CopyLine label={t('article.code.html')} value={code.result.html} scroll />
      <CopyLine label={t('article.code.jsonLd')} value={code.result.json_ld} scroll />
    </Stack>
  );
}

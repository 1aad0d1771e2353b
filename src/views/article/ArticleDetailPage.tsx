import { Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { ResultCode } from '../../../contract/codes';
import { useTabTitle } from '../../app/useTabTitle';
import { ExceptionView } from '../../components/feedback/ExceptionView';
import { PageLoading } from '../../components/feedback/PageLoading';
import { FailureAlert } from '../../components/form/FailureAlert';
import { PageHeader } from '../../components/table/PageHeader';
import { useArticlePage } from './api';
import { ArticleCodeBlocks } from './ArticleCodeBlocks';
import { ArticleDetails } from './ArticleDetails';
import { ArticlePageActions } from './ArticlePageActions';
import { ArticleVersions } from './ArticleVersions';
import { BackToArticles } from './BackToArticles';

/**
 * /article/detail/:id: one article as it reads, with its SEO score, meta, versions and code, on a page of its
 * own, so several can be open side by side as tabs (the menu limits them to three). Its tab takes
 * the article's title once loaded.
 */
export default function ArticleDetailPage() {
  const { ready } = useTranslation('article');
  const id = Number(useParams<{ id: string }>().id);
  if (!ready) return <PageLoading />;
  // A path that names no article id cannot name an article: not found without asking the server.
  if (!Number.isInteger(id) || id < 1) return <ArticleNotFound />;
  return <ArticleDetailContent key={id} id={id} />;
}

function ArticleDetailContent({ id }: { id: number }) {
  const { t } = useTranslation('article');
  const detail = useArticlePage(id);
  const article = detail.result;
  useTabTitle(article?.title ?? null);

  if (detail.error?.code === ResultCode.NOT_FOUND) return <ArticleNotFound />;
  return (
    <Stack gap="5">
      <BackToArticles />
      <PageHeader
        title={article?.title ?? t('routes.article.detail')}
        description={article ? [article.keyword, article.created_at].filter(Boolean).join(' · ') : undefined}
      >
        {article && <ArticlePageActions article={article} onChanged={() => detail.submit(id)} />}
      </PageHeader>
      <FailureAlert failure={detail.error} />
      {article ? (
        <>
          <ArticleDetails article={article} />
          <ArticleVersions article={article} onRestored={() => detail.submit(id)} />
          <Stack gap="3" as="section" aria-label={t('article.code.title')}>
            <Heading as="h2" size="md">
              {t('article.code.title')}
            </Heading>
            <ArticleCodeBlocks articleId={article.id} />
          </Stack>
        </>
      ) : (
        !detail.error && <PageLoading />
      )}
    </Stack>
  );
}

/** The server knows no such article (deleted, or another account's): say so, with the way back. */
function ArticleNotFound() {
  const { t } = useTranslation('article');
  return (
    <ExceptionView
      status={404}
      title={t('article.detail.notFound')}
      description={t('article.detail.notFoundText')}
      action={<BackToArticles asButton />}
    />
  );
}

import { Badge, Box, Grid, HStack, Image, Separator, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ArticleDetail } from '../../../contract/schemas/article';
import { SeoPanel } from './SeoPanel';
import { ArticlePublications } from '../../components/publishing/ArticlePublications';
import { readableUrl } from '../../shared/readableUrl';

/** The body and the SEO panel side by side. The body is HTML the server has already sanitised. */
export function ArticleDetails({ article }: { article: ArticleDetail }) {
  const { t } = useTranslation('article');
  return (
    <Grid templateColumns={{ base: '1fr', lg: '1fr 18rem' }} gap="6">
      <Stack gap="3" minW="0">
        <HStack gap="2" wrap="wrap" textStyle="xs" color="fg.muted">
          <Badge>{t(`article.status.${article.status}`)}</Badge>
          <Text wordBreak="break-all">/{readableUrl(article.slug)}</Text>
          <Text>· {t('article.words', { count: article.word_count })}</Text>
          {article.writer && <Text>· {article.writer === 'offline' ? t('article.writerOffline') : article.writer}</Text>}
          {article.kind === 'brief' && (
            <Badge colorPalette="orange" data-testid="article-brief">
              {t('article.brief')}
            </Badge>
          )}
        </HStack>
        <Box
          className="article-body"
          data-testid="article-body"
          css={{
            '& h1, & h2, & h3': { fontWeight: 'semibold', mt: '4', mb: '2' },
            '& h1': { fontSize: 'xl' },
            '& h2': { fontSize: 'lg' },
            '& p': { mb: '3', lineHeight: '1.7' },
            '& ul, & ol': { ps: '5', mb: '3' },
            '& li': { listStyle: 'disc' },
            '& img': { borderRadius: 'md', my: '3', maxW: 'full' },
            '& a': { color: 'brand.fg', textDecoration: 'underline' },
          }}
          dangerouslySetInnerHTML={{ __html: article.body }}
        />
        {article.images.length > 0 && (
          <>
            <Separator />
            <Text fontWeight="semibold">{t('article.detail.images')}</Text>
            <HStack gap="3" wrap="wrap">
              {article.images.map((image) => (
                <Image key={image.url} src={image.url} alt={image.alt} maxH="32" borderRadius="md" borderWidth="1px" />
              ))}
            </HStack>
          </>
        )}
        {/* Where it is published. */}
        <ArticlePublications articleId={article.id} />
      </Stack>
      <SeoPanel article={article} />
    </Grid>
  );
}

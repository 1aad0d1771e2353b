import { HStack, List, Progress, Separator, Stack, Text } from '@chakra-ui/react';
import { CircleCheck, CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ArticleDetail } from '../../../contract/schemas/article';
import { SeoScoreBadge } from './SeoScoreBadge';
import { SeoCheckText } from './SeoCheckText';

/** An article's SEO score, each check worded in the reader's language, and its meta title and description. */
export function SeoPanel({ article }: { article: ArticleDetail }) {
  const { t } = useTranslation('article');
  return (
    <Stack
      gap="3"
      borderWidth="1px"
      borderRadius="lg"
      p="4"
      bg="bg.subtle"
      alignSelf="start"
      aria-label={t('article.seo.title')}
      role="region"
    >
      <HStack justify="space-between">
        <Text fontWeight="semibold">{t('article.seo.title')}</Text>
        <SeoScoreBadge score={article.seo_score} />
      </HStack>
      <Progress.Root
        value={article.seo_score}
        size="sm"
        colorPalette={article.seo_score >= 80 ? 'green' : article.seo_score >= 50 ? 'orange' : 'red'}
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <List.Root gap="2" variant="plain">
        {article.seo_checks.map((check) => (
          <List.Item key={check.id} alignItems="flex-start" gap="2">
            <List.Indicator asChild color={check.passed ? 'green.500' : 'red.500'}>
              {check.passed ? <CircleCheck size={16} /> : <CircleX size={16} />}
            </List.Indicator>
            <SeoCheckText check={check} />
          </List.Item>
        ))}
      </List.Root>
      <Separator />
      <Stack gap="1" textStyle="xs">
        <Text color="fg.muted">{t('article.fields.metaTitle')}</Text>
        <Text>{article.meta_title}</Text>
        <Text color="fg.muted">{t('article.fields.metaDescription')}</Text>
        <Text>{article.meta_description}</Text>
      </Stack>
    </Stack>
  );
}

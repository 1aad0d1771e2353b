import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** An SEO score out of 100: green from 80, orange from 50, else red. */
export function SeoScoreBadge({ score }: { score: number }) {
  const { t } = useTranslation('article');
  const palette = score >= 80 ? 'green' : score >= 50 ? 'orange' : 'red';
  return (
    <Badge colorPalette={palette} variant="surface" aria-label={t('article.seo.score', { score })}>
      {score}
    </Badge>
  );
}

import { Button, Link } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { ConsolePath } from '../../../contract/paths';

/** The article list's path (the built-in menu "Article"). */
const ARTICLE_LIST_PATH = ConsolePath.article;

/** The way back from an article's page to the list: a plain link above the page, or a button where it is the only way on. */
export function BackToArticles({ asButton = false }: { asButton?: boolean }) {
  const { t } = useTranslation('article');
  const content = (
    <RouterLink href={ARTICLE_LIST_PATH}>
      <ArrowLeft size={16} /> {t('article.detail.back')}
    </RouterLink>
  );
  if (asButton) {
    return (
      <Button colorPalette="brand" asChild>
        {content}
      </Button>
    );
  }
  return (
    <Link asChild textStyle="sm" color="fg.muted" alignSelf="start" _hover={{ color: 'brand.fg' }}>
      {content}
    </Link>
  );
}

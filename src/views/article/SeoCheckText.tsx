import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { SeoCheck } from '../../../contract/schemas/article';

/**
 * One SEO check in the reader's language: its title, what was found (its outcome worded with the
 * numbers the server measured) and, when it failed, what to do. A check this console does not know
 * yet shows the server's own explanation, written in the language the console asked for.
 */
export function SeoCheckText({ check }: { check: SeoCheck }) {
  const { t, i18n } = useTranslation('seoChecks');
  const key = `seoChecks.${check.id}`;
  if (!i18n.exists(`${key}.title`)) {
    return (
      <Text textStyle="sm" data-testid={`seo-check-${check.id}`}>
        {check.detail}
      </Text>
    );
  }
  const title = t(`${key}.title`);
  // A passed check's explanation can say just what its title does: said once.
  // Asked with its values: an outcome worded by its count (`_one`, `_other`) exists only for a count.
  const explanation =
    check.outcome !== '' && i18n.exists(`${key}.${check.outcome}`, check.values) ? t(`${key}.${check.outcome}`, check.values) : '';
  return (
    <Stack gap="0" data-testid={`seo-check-${check.id}`}>
      <Text textStyle="sm">{title}</Text>
      {explanation && explanation !== title && (
        <Text textStyle="xs" color="fg.muted">
          {explanation}
        </Text>
      )}
      {!check.passed && (
        <Text textStyle="xs" color="fg.warning">
          {t(`${key}.advice`, check.values)}
        </Text>
      )}
    </Stack>
  );
}

import { Box, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { FieldDiff } from '../../../contract/schemas/articleVersion';

/**
 * A kept version against the current text, field by field: what only the version had is struck
 * through in red, what only the current text has is underlined in green; unchanged fields are left out.
 */
export function VersionDiff({ number, diff }: { number: number; diff: FieldDiff[] }) {
  const { t } = useTranslation('article');
  const changed = diff.filter((d) => d.changed);
  return (
    <Stack gap="3" role="group" aria-label={t('article.versions.diffTitle', { number })} data-testid="version-diff">
      <Text textStyle="sm" color="fg.muted">
        {t('article.versions.diffTitle', { number })}
      </Text>
      {changed.length === 0 && <Text textStyle="sm">{t('article.versions.unchanged')}</Text>}
      {changed.map((field) => (
        <Stack key={field.field} gap="1">
          <Text textStyle="sm" fontWeight="semibold">
            {t(`article.versions.field.${field.field}`)}
          </Text>
          <Box as="pre" textStyle="sm" whiteSpace="pre-wrap" fontFamily="inherit" borderWidth="1px" borderRadius="l2" p="2">
            {field.parts.map((part, i) =>
              part.removed ? (
                <Box as="del" key={i} bg="red.subtle" color="red.fg">
                  {part.value}
                </Box>
              ) : part.added ? (
                <Box as="ins" key={i} bg="green.subtle" color="green.fg">
                  {part.value}
                </Box>
              ) : (
                <span key={i}>{part.value}</span>
              ),
            )}
          </Box>
        </Stack>
      ))}
    </Stack>
  );
}

import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ReadBack } from '../../../contract/schemas/publishingTask';

/**
 * What the site held when the post was read back after a publish: "verified", or exactly each field
 * it holds differently from what was sent, and the fields it has no place for. Nothing when the post
 * was not read back.
 */
export function ReadBackState({
  readBack,
  testId = 'publication',
  differences = true,
}: {
  readBack: ReadBack;
  testId?: string;
  /** False where the differences are already said (a done item's note names them). */
  differences?: boolean;
}) {
  const { t } = useTranslation('publishing');
  if (!readBack) return null;
  const fieldName = (field: string) => t(`publishing.publications.field.${field}`, { defaultValue: field });
  return (
    <>
      {readBack.differences.length === 0 ? (
        <Text textStyle="xs" color="fg.success" data-testid={`${testId}-verified`}>
          {t('publishing.publications.verified', { at: readBack.checked_at })}
        </Text>
      ) : (
        differences && (
          <Stack gap="0" data-testid={`${testId}-differences`}>
            <Text textStyle="xs" color="fg.warning">
              {t('publishing.publications.differs', { at: readBack.checked_at })}
            </Text>
            {readBack.differences.map((d) => (
              <Text key={d.field} textStyle="xs" color="fg.warning" ps="2">
                {t('publishing.publications.difference', { field: fieldName(d.field), expected: d.expected, actual: d.actual })}
              </Text>
            ))}
          </Stack>
        )
      )}
      {differences && readBack.unsupported.length > 0 && (
        <Text textStyle="xs" color="fg.warning" data-testid={`${testId}-unsupported`}>
          {t('publishing.publications.unsupported', {
            fields: readBack.unsupported.map(fieldName).join(t('publishing.publications.listSeparator')),
          })}
        </Text>
      )}
    </>
  );
}

import { Badge, HStack, Link, Separator, Stack, Text } from '@chakra-ui/react';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLoad } from '../../app/useLoad';
import { articlePublications } from '../../services/api/publishTask';

const PALETTE: Record<string, string> = { publish: 'green', draft: 'gray', future: 'blue', pending: 'orange', failed: 'red' };

/**
 * Where an article is published: each site with its remote link, status, last sync, whether the post
 * read back after the last publish holds what was sent (or exactly what differs), or why it failed.
 */
export function ArticlePublications({ articleId }: { articleId: number }) {
  const { t, ready } = useTranslation('task');
  const rows = useLoad(articlePublications, articleId).result?.list;
  if (!ready || !rows) return null;
  return (
    <Stack gap="2" role="region" aria-label={t('task.publications.title')} data-testid="article-publications">
      <Separator />
      <Text fontWeight="semibold">{t('task.publications.title')}</Text>
      {rows.length === 0 && (
        <Text textStyle="sm" color="fg.muted">
          {t('task.publications.none')}
        </Text>
      )}
      {rows.map((row) => (
        <Stack key={row.site_id} gap="0" borderWidth="1px" borderRadius="md" p="2">
          <HStack gap="2" wrap="wrap">
            <Text textStyle="sm" fontWeight="medium">
              {row.site_name}
            </Text>
            <Badge colorPalette={PALETTE[row.status] ?? 'gray'}>{t(`task.postStatus.${row.status}`, { defaultValue: row.status })}</Badge>
            {row.remote_url && (
              <Link href={row.remote_url} target="_blank" rel="noopener noreferrer" color="brand.fg" textStyle="sm">
                {t('task.publications.open')} <ExternalLink size={12} />
              </Link>
            )}
          </HStack>
          {row.last_sync_at && (
            <Text textStyle="xs" color="fg.muted">
              {t('task.publications.lastSync', { at: row.last_sync_at })}
            </Text>
          )}
          {row.verification && row.verification.differences.length === 0 && (
            <Text textStyle="xs" color="fg.success" data-testid="publication-verified">
              {t('task.publications.verified', { at: row.verification.checked_at })}
            </Text>
          )}
          {row.verification && row.verification.differences.length > 0 && (
            <Stack gap="0" data-testid="publication-differences">
              <Text textStyle="xs" color="fg.warning">
                {t('task.publications.differs', { at: row.verification.checked_at })}
              </Text>
              {row.verification.differences.map((d) => (
                <Text key={d.field} textStyle="xs" color="fg.warning" ps="2">
                  {t('task.publications.difference', {
                    field: t(`task.publications.field.${d.field}`, { defaultValue: d.field }),
                    expected: d.expected,
                    actual: d.actual,
                  })}
                </Text>
              ))}
            </Stack>
          )}
          {row.error && (
            <Text textStyle="xs" color="fg.error">
              {row.error}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

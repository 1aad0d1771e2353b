import { useMemo, useState } from 'react';
import { Badge, Button, Dialog, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ArticleDetail } from '../../../contract/schemas/article';
import { useCan } from '../../app/useCan';
import { ColoredButton } from '../../components/ColoredButton';
import { FormDialog } from '../../components/feedback/FormDialog';
import { toaster } from '../../components/feedback/toaster';
import { FailureAlert } from '../../components/form/FailureAlert';
import { useArticleVersions, useCompareVersion, useRestoreVersion } from './api';
import { VersionDiff } from './VersionDiff';

/**
 * The texts the article had, newest first: each compared with the current text on demand, and
 * brought back after a confirmation (which keeps the current text as a version in turn).
 */
export function ArticleVersions({ article, onRestored }: { article: ArticleDetail; onRestored: () => void }) {
  const { t } = useTranslation('article');
  const can = useCan();
  // Loaded again whenever the article changes (an edit, a refresh, a restore adds a version).
  const query = useMemo(() => ({ article_id: article.id, changed: article.updated_at }), [article.id, article.updated_at]);
  const versions = useArticleVersions(query);
  const [compared, setCompared] = useState<number | null>(null);
  const comparison = useCompareVersion();
  const [restoring, setRestoring] = useState<number | null>(null);
  const restore = useRestoreVersion({
    onSucceeded: () => {
      toaster.success({ title: t('article.versions.restored', { number: restoring ?? '' }) });
      setRestoring(null);
      setCompared(null);
      onRestored();
    },
  });
  const rows = versions.result?.list;

  const compare = (number: number) => {
    if (compared === number) return setCompared(null);
    setCompared(number);
    comparison.submit({ article_id: article.id, number });
  };

  return (
    <Stack gap="3" as="section" aria-label={t('article.versions.title')} data-testid="article-versions">
      <Heading as="h2" size="md">
        {t('article.versions.title')}
      </Heading>
      <FailureAlert failure={versions.error} />
      {rows?.length === 0 && (
        <Text textStyle="sm" color="fg.muted">
          {t('article.versions.none')}
        </Text>
      )}
      {rows?.map((version) => (
        <Stack key={version.number} gap="2" borderWidth="1px" borderRadius="md" p="2" data-testid="article-version">
          <HStack gap="2" wrap="wrap">
            <Text textStyle="sm" fontWeight="medium">
              {t('article.versions.row', { number: version.number, title: version.title })}
            </Text>
            <Badge>{t(`article.versions.source.${version.source}`)}</Badge>
            <Text textStyle="xs" color="fg.muted">
              {version.created_by
                ? t('article.versions.kept', { at: version.created_at, by: version.created_by })
                : t('article.versions.keptNoOne', { at: version.created_at })}
            </Text>
          </HStack>
          <HStack gap="2">
            <Button size="xs" variant="outline" onClick={() => compare(version.number)}>
              {compared === version.number ? t('article.versions.hide') : t('article.versions.compare')}
            </Button>
            {can('article:edit') && (
              <Button size="xs" variant="outline" onClick={() => setRestoring(version.number)}>
                {t('article.versions.restore')}
              </Button>
            )}
          </HStack>
          {compared === version.number && <FailureAlert failure={comparison.error} />}
          {compared === version.number && comparison.result?.number === version.number && (
            <VersionDiff number={version.number} diff={comparison.result.diff} />
          )}
        </Stack>
      ))}
      <FormDialog
        open={restoring !== null}
        onClose={() => setRestoring(null)}
        title={t('article.versions.restoreTitle', { number: restoring ?? '' })}
        size="xs"
      >
        <Dialog.Body>
          <Stack gap="2">
            <Text>{t('article.versions.restoreText', { number: restoring ?? '' })}</Text>
            <FailureAlert failure={restore.error} />
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={() => setRestoring(null)}>
            {t('common.cancelText')}
          </Button>
          <ColoredButton
            color="primary"
            loading={restore.state === 'submitting'}
            onClick={() => restoring !== null && restore.submit({ article_id: article.id, number: restoring })}
          >
            {t('article.versions.restore')}
          </ColoredButton>
        </Dialog.Footer>
      </FormDialog>
    </Stack>
  );
}

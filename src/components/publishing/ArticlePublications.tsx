import { useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Button, Dialog, HStack, Link, Separator, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Publication } from '../../../contract/schemas/publishingTask';
import { useListActor, type ListServices } from '../../app/useListActor';
import { publicationRowsOf, usePublish } from './api';
import { FormDialog } from '../feedback/FormDialog';
import { ColoredButton } from '../ColoredButton';
import { ReadBackState } from './ReadBackState';

/** A publication as the list machine holds it: one row a site. */
type PublicationRow = Publication & { id: number };

const PALETTE: Record<string, string> = { publish: 'green', draft: 'gray', future: 'blue', pending: 'orange', failed: 'red', trash: 'red' };

/**
 * Where an article is published: each site with its remote link, status, last sync, whether the post
 * read back after the last publish holds what was sent (or exactly what differs), or why it failed.
 */
export function ArticlePublications({ articleId }: { articleId: number }) {
  const { t, ready } = useTranslation('publishing');
  /**
   * The sites a take-off was asked for, with the publication's last sync at that moment: the list
   * reloads until the site has answered (the sync moves on, done or failed), so the row shows the
   * post unpublished or deleted without leaving the page.
   */
  const awaiting = useRef(new Map<number, string | null>());
  const services = useMemo<ListServices<PublicationRow>>(
    () => ({
      fetchPage: () => publicationRowsOf(articleId),
      pollWhile: (rows) => rows.some((row) => awaiting.current.has(row.site_id) && awaiting.current.get(row.site_id) === row.last_sync_at),
      pollMs: 1500,
    }),
    [articleId],
  );
  const list = useListActor<PublicationRow>(services, { pageSize: 100 });
  const rows = useSelector(list, (state) => (state.context.loaded ? state.context.rows : null));
  const shownArticle = useRef(articleId);
  useEffect(() => {
    if (shownArticle.current === articleId) return;
    shownArticle.current = articleId;
    awaiting.current.clear();
    list.send({ type: 'LIST.RELOAD' });
  }, [articleId, list]);
  // Unpublishing or deleting is a publishing task of its own: the same one-at-a-time, exactly-once path.
  const takeOff = usePublish({
    onSucceeded: () => list.send({ type: 'LIST.RELOAD' }),
    onFailed: () => awaiting.current.clear(),
  });
  const takeOffFrom = (siteId: number, action: 'unpublish' | 'delete') => {
    awaiting.current.set(siteId, rows?.find((row) => row.site_id === siteId)?.last_sync_at ?? null);
    takeOff.submit({ site_id: siteId, article_ids: [articleId], action });
  };
  // Deleting a live post is asked first: readers lose the page (the site's trash can bring it back).
  const [removing, setRemoving] = useState<{ siteId: number; siteName: string } | null>(null);
  if (!ready || !rows) return null;
  const busy = takeOff.state === 'submitting';
  return (
    <Stack gap="2" role="region" aria-label={t('publishing.publications.title')} data-testid="article-publications">
      <Separator />
      <Text fontWeight="semibold">{t('publishing.publications.title')}</Text>
      {rows.length === 0 && (
        <Text textStyle="sm" color="fg.muted">
          {t('publishing.publications.none')}
        </Text>
      )}
      {rows.map((row) => (
        <Stack key={row.site_id} gap="0" borderWidth="1px" borderRadius="md" p="2">
          <HStack gap="2" wrap="wrap">
            <Text textStyle="sm" fontWeight="medium">
              {row.site_name}
            </Text>
            <Badge colorPalette={PALETTE[row.status] ?? 'gray'}>
              {t(`publishing.postStatus.${row.status}`, { defaultValue: row.status })}
            </Badge>
            {row.remote_url && (
              <Link href={row.remote_url} target="_blank" rel="noopener noreferrer" color="brand.fg" textStyle="sm">
                {t('publishing.publications.open')} <ExternalLink size={12} />
              </Link>
            )}
          </HStack>
          {row.last_sync_at && (
            <Text textStyle="xs" color="fg.muted">
              {t('publishing.publications.lastSync', { at: row.last_sync_at })}
            </Text>
          )}
          <ReadBackState readBack={row.verification} />
          {row.site_type === 'wordpress' && row.remote_id && row.status !== 'trash' && (
            <HStack gap="2" pt="1">
              {(row.status === 'publish' || row.status === 'future') && (
                <Button size="xs" variant="outline" disabled={busy} onClick={() => takeOffFrom(row.site_id, 'unpublish')}>
                  {t('publishing.publications.unpublish')}
                </Button>
              )}
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                title={t('publishing.publications.removeHint')}
                disabled={busy}
                onClick={() => setRemoving({ siteId: row.site_id, siteName: row.site_name })}
              >
                {t('publishing.publications.remove')}
              </Button>
            </HStack>
          )}
          {row.error && (
            <Text textStyle="xs" color="fg.error">
              {row.error}
            </Text>
          )}
        </Stack>
      ))}
      <FormDialog open={removing !== null} onClose={() => setRemoving(null)} title={t('publishing.publications.removeTitle')} size="xs">
        <Dialog.Body>
          <Text>{t('publishing.publications.removeText', { site: removing?.siteName ?? '' })}</Text>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={() => setRemoving(null)}>
            {t('common.cancelText')}
          </Button>
          <ColoredButton
            color="error"
            onClick={() => {
              if (removing) takeOffFrom(removing.siteId, 'delete');
              setRemoving(null);
            }}
          >
            {t('publishing.publications.remove')}
          </ColoredButton>
        </Dialog.Footer>
      </FormDialog>
      {takeOff.state === 'succeeded' && (
        <Text textStyle="xs" color="fg.muted" role="status">
          {t('publishing.publications.takeOffAdded')}
        </Text>
      )}
      {takeOff.error && (
        <Text textStyle="xs" color="fg.error" role="alert">
          {takeOff.error.msg}
        </Text>
      )}
    </Stack>
  );
}

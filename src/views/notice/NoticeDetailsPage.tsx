import { useMemo } from 'react';
import { Badge, Box, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft, ChevronLeft, ChevronRight, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearch } from 'wouter';
import { ConsolePath } from '../../../contract/paths';
import type { NoticeFilter, NoticeKindName } from '../../../contract/schemas/notice';
import { useNoticeActor } from '../../app/NoticeLive';
import { FailureAlert } from '../../components/form/FailureAlert';
import { PageLoading } from '../../components/feedback/PageLoading';
import { useNoticeDetail } from './api';
import { noticeBody, noticeTitle } from '../../shared/noticeText';

/** /notice/details?id=N ("message details"): one message, marked read as it opens, with the previous and next of its list. */
export default function NoticeDetailsPage() {
  const { t, ready } = useTranslation('notice');
  const search = new URLSearchParams(useSearch());
  const id = Number(search.get('id'));
  const filter = (search.get('filter') as NoticeFilter | null) ?? 'all';
  const kind = (search.get('kind') as NoticeKindName | null) ?? undefined;
  const live = useNoticeActor();
  const query = useMemo(() => ({ id, filter, ...(kind ? { kind } : {}) }), [id, filter, kind]);
  const load = useNoticeDetail(query, () => live?.send({ type: 'NOTICE.REFRESH' }));
  if (!ready) return <PageLoading />;
  const detail = load.result;
  const body = detail ? noticeBody(t, detail.notice) : null;
  const around = (other: number | null) =>
    other ? `${ConsolePath.noticeDetails}?id=${other}&filter=${filter}${kind ? `&kind=${kind}` : ''}` : null;
  const prev = around(detail?.prev_id ?? null);
  const next = around(detail?.next_id ?? null);
  return (
    <Stack gap="4" maxW="3xl">
      <HStack justify="space-between" wrap="wrap">
        <RouterLink href={ConsolePath.noticeIndex}>
          <Button as="span" variant="ghost" size="sm">
            <ArrowLeft /> {t('notice.actions.back')}
          </Button>
        </RouterLink>
        <HStack gap="2">
          {prev ? (
            <RouterLink href={prev}>
              <Button as="span" size="sm" variant="outline">
                <ChevronLeft /> {t('notice.actions.prev')}
              </Button>
            </RouterLink>
          ) : (
            <Button size="sm" variant="outline" disabled>
              <ChevronLeft /> {t('notice.actions.prev')}
            </Button>
          )}
          {next ? (
            <RouterLink href={next}>
              <Button as="span" size="sm" variant="outline">
                {t('notice.actions.next')} <ChevronRight />
              </Button>
            </RouterLink>
          ) : (
            <Button size="sm" variant="outline" disabled>
              {t('notice.actions.next')} <ChevronRight />
            </Button>
          )}
        </HStack>
      </HStack>
      {load.error && <FailureAlert failure={load.error} />}
      {load.state === 'submitting' && !detail && <PageLoading />}
      {detail && (
        <Card.Root>
          <Card.Header>
            <HStack gap="2" wrap="wrap">
              <Badge variant="outline">{t(`notice.kinds.${detail.notice.kind}`)}</Badge>
              {detail.notice.pinned && <Badge colorPalette="orange">{t('notice.pinned')}</Badge>}
              <Text textStyle="sm" color="fg.muted">
                {detail.notice.publish_at}
              </Text>
            </HStack>
            <Card.Title as="h2" textStyle="xl" mt="2" data-testid="notice-title">
              {noticeTitle(t, detail.notice)}
            </Card.Title>
          </Card.Header>
          <Card.Body>
            {body ? (
              <Stack gap="3" data-testid="notice-body">
                <Text>{body.text}</Text>
                {body.quote && (
                  <Text
                    whiteSpace="pre-wrap"
                    wordBreak="break-word"
                    borderStartWidth="3px"
                    borderColor="border.emphasized"
                    ps="3"
                    color="fg.muted"
                  >
                    {body.quote}
                  </Text>
                )}
              </Stack>
            ) : (
              // Sanitised on the server (sanitize-html): only an article's tags and safe links.
              <Box
                className="notice-content"
                data-testid="notice-body"
                css={{ '& p': { mb: '3' }, '& a': { color: 'brand.solid', textDecoration: 'underline' } }}
                dangerouslySetInnerHTML={{ __html: detail.notice.content }}
              />
            )}
            {detail.notice.link && (
              <RouterLink href={detail.notice.link}>
                <Button as="span" mt="4" size="sm" colorPalette="brand" variant="outline">
                  <ExternalLink /> {t('notice.actions.goTo')}
                </Button>
              </RouterLink>
            )}
          </Card.Body>
        </Card.Root>
      )}
    </Stack>
  );
}

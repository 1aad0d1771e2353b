import { useCallback, useEffect, useState } from 'react';
import { Badge, Box, Button, Float, HStack, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Notice } from '../../../contract/schemas/notice';
import { ConsolePath } from '../../../contract/paths';
import { useNoticeActor, type NoticeActor } from '../../app/NoticeLive';
import { latestNotices, useReadAllNotices } from './api';
import { noticeTitle } from '../../shared/noticeText';
import { HeaderIconButton } from '../../components/HeaderIconButton';

/** The header's bell: the live unread count, and the latest messages in a popover. */
export function NoticeBell({ onNavigate }: { onNavigate: (path: string) => void }) {
  const actor = useNoticeActor();
  return actor ? <LiveBell actor={actor} onNavigate={onNavigate} /> : <PlainBell onNavigate={onNavigate} />;
}

function PlainBell({ onNavigate }: { onNavigate: (path: string) => void }) {
  const { t } = useTranslation();
  return (
    <HeaderIconButton label={t('layout.header.notice')} onClick={() => onNavigate(ConsolePath.noticeIndex)}>
      <Bell />
    </HeaderIconButton>
  );
}

function LiveBell({ actor, onNavigate }: { actor: NoticeActor; onNavigate: (path: string) => void }) {
  const { t } = useTranslation('notice');
  const unread = useSelector(actor, (state) => state.context.unread);
  const [open, setOpen] = useState(false);
  const [latest, setLatest] = useState<Notice[] | null>(null);
  const load = useCallback(() => {
    latestNotices().then(
      (answer) => setLatest(answer.latest),
      () => setLatest([]),
    );
  }, []);
  const readAll = useReadAllNotices({
    onSucceeded: () => {
      actor.send({ type: 'NOTICE.REFRESH' });
      load();
    },
  });
  // The latest few follow the count while the popover is open.
  useEffect(() => {
    if (open) load();
  }, [open, unread, load]);
  const go = (path: string) => {
    setOpen(false);
    onNavigate(path);
  };
  return (
    <Popover.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      positioning={{ placement: 'bottom-end' }}
      lazyMount
      unmountOnExit
    >
      {/* The trigger is the button itself: a popup's state belongs on the control that opens it. */}
      <Box position="relative" display="inline-flex">
        <Popover.Trigger asChild>
          <HeaderIconButton label={t('layout.header.notice')} data-testid="notice-bell" data-unread={unread}>
            <Bell />
          </HeaderIconButton>
        </Popover.Trigger>
        {unread > 0 && (
          <Float placement="top-end" offset="2">
            <Badge
              size="xs"
              colorPalette="red"
              variant="solid"
              rounded="full"
              px="1"
              minW="4"
              justifyContent="center"
              data-testid="notice-count"
              pointerEvents="none"
            >
              {unread > 99 ? '99+' : unread}
            </Badge>
          </Float>
        )}
      </Box>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="80" data-testid="notice-popover">
            <Popover.Body p="3">
              <HStack justify="space-between" mb="2">
                <Popover.Title fontWeight="semibold">{t('bell.latest')}</Popover.Title>
                <Text textStyle="xs" color="fg.muted">
                  {t('bell.unread', { count: unread })}
                </Text>
              </HStack>
              <Stack gap="1">
                {latest?.length === 0 && (
                  <Text textStyle="sm" color="fg.muted" py="3" textAlign="center">
                    {t('bell.none')}
                  </Text>
                )}
                {latest?.map((notice) => (
                  <Button
                    key={notice.id}
                    variant="ghost"
                    size="sm"
                    justifyContent="flex-start"
                    h="auto"
                    py="1.5"
                    onClick={() => go(`${ConsolePath.noticeDetails}?id=${notice.id}`)}
                  >
                    <Stack gap="0" align="flex-start" minW="0" w="full">
                      <HStack gap="1.5" w="full">
                        {!notice.read && <Box boxSize="2" rounded="full" bg="red.500" flexShrink={0} />}
                        <Text truncate fontWeight={notice.read ? 'normal' : 'semibold'} textStyle="sm">
                          {noticeTitle(t, notice)}
                        </Text>
                      </HStack>
                      <Text textStyle="xs" color="fg.muted">
                        {t(`notice.kinds.${notice.kind}`)} · {notice.publish_at}
                      </Text>
                    </Stack>
                  </Button>
                ))}
              </Stack>
              <HStack justify="space-between" mt="2" pt="2" borderTopWidth="1px">
                <Button size="xs" variant="ghost" disabled={unread === 0} onClick={() => readAll.submit(undefined)}>
                  {t('bell.readAll')}
                </Button>
                <Button size="xs" variant="outline" colorPalette="brand" onClick={() => go(ConsolePath.noticeIndex)}>
                  {t('bell.viewAll')}
                </Button>
              </HStack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

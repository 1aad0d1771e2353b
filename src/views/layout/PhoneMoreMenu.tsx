import { Badge, Box, Float, Menu, Portal } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Bell, Bug, ClipboardList, Ellipsis } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConsolePath } from '../../../contract/paths';
import { useNoticeActor, type NoticeActor } from '../../app/NoticeLive';
import { HeaderIconButton } from '../../components/HeaderIconButton';

interface PhoneMoreMenuProps {
  showNotice: boolean;
  showWorkOrder: boolean;
  onNavigate: (path: string) => void;
}

/**
 * On a phone the header has no room for the bell, the work orders and the error log: they wait
 * behind one "more" button, so a phone user still reaches the notices and the operator.
 */
export function PhoneMoreMenu(props: PhoneMoreMenuProps) {
  const actor = useNoticeActor();
  return actor ? <LiveMoreMenu actor={actor} {...props} /> : <MoreMenu unread={0} {...props} />;
}

function LiveMoreMenu({ actor, ...props }: PhoneMoreMenuProps & { actor: NoticeActor }) {
  const unread = useSelector(actor, (state) => state.context.unread);
  return <MoreMenu unread={unread} {...props} />;
}

function MoreMenu({ showNotice, showWorkOrder, onNavigate, unread }: PhoneMoreMenuProps & { unread: number }) {
  const { t } = useTranslation();
  return (
    <Box hideFrom="md" position="relative">
      <Menu.Root onSelect={({ value }) => onNavigate(value)} positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger asChild>
          <HeaderIconButton label={t('layout.header.more')}>
            <Ellipsis />
          </HeaderIconButton>
        </Menu.Trigger>
        {unread > 0 && (
          <Float placement="top-end" offset="1.5" pointerEvents="none">
            <Box boxSize="2" rounded="full" bg="red.500" aria-hidden />
          </Float>
        )}
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="44">
              {showNotice && (
                <Menu.Item value={ConsolePath.noticeIndex}>
                  <Bell size={16} />
                  <Box flex="1">{t('layout.header.notice')}</Box>
                  {unread > 0 && (
                    <Badge size="xs" colorPalette="red" variant="solid" rounded="full">
                      {unread > 99 ? '99+' : unread}
                    </Badge>
                  )}
                </Menu.Item>
              )}
              {showWorkOrder && (
                <Menu.Item value={ConsolePath.workorderMine}>
                  <ClipboardList size={16} />
                  {t('layout.header.workOrder')}
                </Menu.Item>
              )}
              <Menu.Item value={ConsolePath.errorLog}>
                <Bug size={16} />
                {t('layout.header.errorLog')}
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </Box>
  );
}

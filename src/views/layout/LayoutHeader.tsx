import type { ReactNode } from 'react';
import { Flex, HStack, Separator } from '@chakra-ui/react';
import { Bell, ClipboardList, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { HeaderSetting } from '../../config/projectConfig';
import { ContactUsButton } from './ContactUsButton';
import { HeaderAction } from './HeaderAction';
import { LocalePicker } from './LocalePicker';
import { ThemeToggle } from './ThemeToggle';
import { UserDropdown } from './UserDropdown';

interface LayoutHeaderProps {
  collapsed: boolean;
  onToggleMenu: () => void;
  onNavigate: (path: string) => void;
  headerSetting: Pick<HeaderSetting, 'showNotice' | 'showContact' | 'showWorkOrder' | 'bgColor' | 'theme'>;
  contact: string;
  /** The breadcrumb. */
  children?: ReactNode;
}

/** The bar above every page: menu toggle, breadcrumb, shortcuts, language, theme and the user. */
export function LayoutHeader({ collapsed, onToggleMenu, onNavigate, headerSetting, contact, children }: LayoutHeaderProps) {
  const { t } = useTranslation();
  return (
    <Flex
      as="header"
      align="center"
      justify="space-between"
      h="12"
      px="2"
      flexShrink={0}
      className={headerSetting.theme === 'dark' ? 'dark' : undefined}
      bg={headerSetting.bgColor}
      color="fg"
      borderBottomWidth="1px"
      borderColor="border.muted"
      boxShadow="0 1px 4px rgba(0, 21, 41, 0.06)"
      zIndex="1"
    >
      <HStack gap="2" minW="0">
        <HeaderAction label={t(collapsed ? 'layout.header.expandMenu' : 'layout.header.collapseMenu')} onClick={onToggleMenu}>
          {collapsed ? <PanelLeftOpen /> : <PanelLeftClose />}
        </HeaderAction>
        {children}
      </HStack>
      <HStack gap="1">
        {headerSetting.showNotice && (
          <HeaderAction label={t('layout.header.notice')} onClick={() => onNavigate('/notice/index')}>
            <Bell />
          </HeaderAction>
        )}
        {headerSetting.showContact && <ContactUsButton contact={contact} />}
        {headerSetting.showWorkOrder && (
          <HeaderAction label={t('layout.header.workOrder')} onClick={() => onNavigate('/workorder/myworkorder')}>
            <ClipboardList />
          </HeaderAction>
        )}
        <LocalePicker />
        <ThemeToggle />
        <Separator orientation="vertical" h="5" mx="1" />
        <UserDropdown />
      </HStack>
    </Flex>
  );
}

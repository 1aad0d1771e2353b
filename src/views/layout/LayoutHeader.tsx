import { memo, type ReactNode } from 'react';
import { Flex, HStack, Separator, Text } from '@chakra-ui/react';
import { ClipboardList, PanelLeftClose, PanelLeftOpen, PanelRightClose, PanelRightOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ProductMark } from '../../components/brand/ProductMark';
import { useProductBrand } from '../../app/useProductBrand';
import type { HeaderSetting } from '../../config/projectConfig';
import { ContactUsButton } from './ContactUsButton';
import { HeaderAction } from './HeaderAction';
import { WideScreenOnly } from './WideScreenOnly';
import { HEADER_HEIGHT_PX } from './layoutScrolling';
import { LocalePicker } from './LocalePicker';
import { NoticeBell } from './NoticeBell';
import { PhoneMoreMenu } from './PhoneMoreMenu';
import type { SidebarSide } from './sidebarSide';
import { ThemeToggle } from './ThemeToggle';
import { UserDropdown } from './UserDropdown';
import { ConsolePath } from '../../../contract/paths';

interface LayoutHeaderProps {
  collapsed: boolean;
  /** The menu's fold button; absent when the layout has none (top menu, or trigger not "header"). */
  onToggleMenu?: () => void;
  /** The window edge of the sidebar the fold button folds (its icon points there). */
  menuSide?: SidebarSide;
  /** Stays at the top while the layout scrolls (header setting fixed, when the layout scrolls as a whole). */
  sticky?: boolean;
  onNavigate: (path: string) => void;
  headerSetting: Pick<HeaderSetting, 'showNotice' | 'showContact' | 'showWorkOrder' | 'bgColor' | 'theme'>;
  contact: string;
  /** The product mark at the start (layouts whose header spans the page: mix, top-menu). */
  showLogo?: boolean;
  /** The menu row (top-menu and mix layouts). */
  menu?: ReactNode;
  /** Buttons before the language picker (search, lock, settings). */
  actions?: ReactNode;
  /** The breadcrumb. */
  children?: ReactNode;
}

/**
 * The bar above every page: menu toggle, breadcrumb or menu, shortcuts, language, theme and the user.
 * Drawn again only when its props change (the layout keeps them the same from page to page).
 */
export const LayoutHeader = memo(function LayoutHeader({
  collapsed,
  onToggleMenu,
  menuSide = 'left',
  sticky = false,
  onNavigate,
  headerSetting,
  contact,
  showLogo = false,
  menu,
  actions,
  children,
}: LayoutHeaderProps) {
  const { t } = useTranslation();
  const brand = useProductBrand();
  const [FoldIcon, UnfoldIcon] = menuSide === 'left' ? [PanelLeftClose, PanelLeftOpen] : [PanelRightClose, PanelRightOpen];
  return (
    <Flex
      as="header"
      align="center"
      justify="space-between"
      gap="2"
      h={`${HEADER_HEIGHT_PX}px`}
      px="2"
      flexShrink={0}
      position={sticky ? 'sticky' : undefined}
      top="0"
      className={headerSetting.theme === 'dark' ? 'dark' : undefined}
      bg={headerSetting.bgColor}
      color="fg"
      borderBottomWidth="1px"
      borderColor="border.muted"
      boxShadow="0 1px 4px rgba(0, 21, 41, 0.06)"
      zIndex="2"
      data-testid="layout-header"
    >
      <HStack gap="2" minW="0" flexShrink={menu ? 0 : 1}>
        {showLogo && (
          <HStack gap="2" px="2" flexShrink={0}>
            <ProductMark icon={brand.icon} />
            <Text fontWeight="semibold" whiteSpace="nowrap" display={{ base: 'none', md: 'block' }}>
              {brand.name}
            </Text>
          </HStack>
        )}
        {onToggleMenu && (
          <HeaderAction label={t(collapsed ? 'layout.header.expandMenu' : 'layout.header.collapseMenu')} onClick={onToggleMenu}>
            {collapsed ? <UnfoldIcon /> : <FoldIcon />}
          </HeaderAction>
        )}
        {!menu && children}
      </HStack>
      {menu}
      <HStack gap="1" flexShrink={0}>
        {actions}
        <WideScreenOnly>
          {headerSetting.showNotice && <NoticeBell onNavigate={onNavigate} />}
          {headerSetting.showContact && <ContactUsButton contact={contact} />}
          {headerSetting.showWorkOrder && (
            <HeaderAction label={t('layout.header.workOrder')} onClick={() => onNavigate(ConsolePath.workorderMine)}>
              <ClipboardList />
            </HeaderAction>
          )}
        </WideScreenOnly>
        <PhoneMoreMenu showNotice={headerSetting.showNotice} showWorkOrder={headerSetting.showWorkOrder} onNavigate={onNavigate} />
        <LocalePicker />
        <ThemeToggle />
        <Separator orientation="vertical" h="5" mx="1" />
        <UserDropdown />
      </HStack>
    </Flex>
  );
});

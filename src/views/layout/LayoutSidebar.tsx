import { Box, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../components/brand/LogoMark';
import { CollapsedSidebarMenu } from './CollapsedSidebarMenu';
import { SidebarMenuList } from './SidebarMenuList';
import type { MenuEntry } from './menuTree';

/** Spec §9: menu width 210, folded to 48. */
export const SIDEBAR_WIDTH = 210;
export const SIDEBAR_COLLAPSED_WIDTH = 48;

interface LayoutSidebarProps {
  menus: MenuEntry[];
  pathname: string;
  collapsed: boolean;
  onNavigate: (path: string) => void;
  /** The menu's background (project config) and the theme its luminance gives (spec §4). */
  bgColor: string;
  theme: 'light' | 'dark';
}

/** The navigation column: the product mark, then the user's menus. */
export function LayoutSidebar({ menus, pathname, collapsed, onNavigate, bgColor, theme }: LayoutSidebarProps) {
  const { t } = useTranslation();
  return (
    <Flex
      as="aside"
      direction="column"
      flexShrink={0}
      w={`${collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH}px`}
      h="full"
      className={theme === 'dark' ? 'dark' : undefined}
      bg={bgColor}
      color="sidebar.fg"
      borderEndWidth={theme === 'light' ? '1px' : undefined}
      borderColor="sidebar.border"
      transition="width 0.2s"
      overflow="hidden"
      boxShadow="2px 0 8px rgba(29, 35, 41, 0.05)"
      zIndex="2"
    >
      <Flex align="center" gap="2.5" h="12" px={collapsed ? '2' : '4'} justify={collapsed ? 'center' : 'flex-start'} flexShrink={0}>
        <LogoMark boxSize="7" />
        {!collapsed && (
          <Text color="sidebar.strong" fontWeight="semibold" fontSize="md" whiteSpace="nowrap" letterSpacing="wide">
            {t('sys.app.title')}
          </Text>
        )}
      </Flex>
      <Box as="nav" aria-label={t('layout.menu.label')} flex="1" overflowY="auto" overflowX="hidden" pb="4" css={{ scrollbarWidth: 'thin' }}>
        {collapsed ? (
          <CollapsedSidebarMenu entries={menus} pathname={pathname} onNavigate={onNavigate} />
        ) : (
          <SidebarMenuList entries={menus} pathname={pathname} onNavigate={onNavigate} />
        )}
      </Box>
    </Flex>
  );
}

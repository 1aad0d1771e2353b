import { Flex } from '@chakra-ui/react';
import { PanelLeftClose, PanelLeftOpen, PanelRightClose, PanelRightOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MENU_WIDTH } from '../../config/constants';
import type { MenuMode } from '../../config/menuMode';
import { FlyoutSidebarMenu } from './FlyoutSidebarMenu';
import { MenuDragHandle } from './MenuDragHandle';
import { collapsedMenuWidth } from './menuWidths';
import { SidebarBrand } from './SidebarBrand';
import { sidebarColumnStyle } from './sidebarColumnStyle';
import { SidebarMenuList } from './SidebarMenuList';
import { SidebarNav } from './SidebarNav';
import type { SidebarProps } from './sidebarProps';
import { sidebarSideOf } from './sidebarSide';

/** Spec §9: menu width 210 by default. */
export const SIDEBAR_WIDTH = MENU_WIDTH;

interface LayoutSidebarProps extends SidebarProps {
  width?: number;
  /** The product mark on top (not when the header carries it: mix layout). */
  showLogo?: boolean;
  accordion?: boolean;
  /**
   * Menu mode (vben's): inline opens sections in place; vertical pops their pages out beside the
   * sidebar; vertical-right does so from a sidebar at the right edge (the layout puts it there).
   */
  mode?: MenuMode;
  /** A fold button at the bottom (menu trigger "footer"). */
  onToggleCollapsed?: () => void;
  /** Dragging the edge changes the width (menu setting canDrag). */
  onResize?: (width: number) => void;
}

/** The navigation column: the product mark, then the user's menus. */
export function LayoutSidebar({
  menus,
  pathname,
  collapsed,
  onNavigate,
  bgColor,
  theme,
  width = SIDEBAR_WIDTH,
  showLogo = true,
  accordion = true,
  mode = 'inline',
  onToggleCollapsed,
  onResize,
}: LayoutSidebarProps) {
  const { t } = useTranslation();
  const side = sidebarSideOf(mode);
  const [FoldIcon, UnfoldIcon] = side === 'left' ? [PanelLeftClose, PanelLeftOpen] : [PanelRightClose, PanelRightOpen];
  return (
    <Flex
      as="aside"
      position="relative"
      {...sidebarColumnStyle(bgColor)}
      flexShrink={0}
      w={`${collapsed ? collapsedMenuWidth(width) : width}px`}
      className={theme === 'dark' ? 'dark' : undefined}
      borderEndWidth={theme === 'light' && side === 'left' ? '1px' : undefined}
      borderStartWidth={theme === 'light' && side === 'right' ? '1px' : undefined}
      transition="width 0.2s"
      boxShadow={`${side === 'left' ? 2 : -2}px 0 8px rgba(29, 35, 41, 0.05)`}
      data-side={side}
      zIndex="2"
      data-testid="layout-sidebar"
    >
      {showLogo && <SidebarBrand named={!collapsed} />}
      <SidebarNav pb="4" pt={showLogo ? undefined : '2'} css={{ scrollbarWidth: 'thin' }}>
        {collapsed || mode !== 'inline' ? (
          <FlyoutSidebarMenu entries={menus} pathname={pathname} onNavigate={onNavigate} iconsOnly={collapsed} side={side} />
        ) : (
          <SidebarMenuList entries={menus} pathname={pathname} onNavigate={onNavigate} accordion={accordion} />
        )}
      </SidebarNav>
      {onToggleCollapsed && (
        <Flex
          as="button"
          aria-label={t(collapsed ? 'layout.header.expandMenu' : 'layout.header.collapseMenu')}
          onClick={onToggleCollapsed}
          h="10"
          flexShrink={0}
          align="center"
          justify="center"
          borderTopWidth="1px"
          borderColor="sidebar.border"
          cursor="pointer"
          _hover={{ color: 'sidebar.activeFg', bg: 'sidebar.hoverBg' }}
        >
          {collapsed ? <UnfoldIcon size={18} /> : <FoldIcon size={18} />}
        </Flex>
      )}
      {onResize && !collapsed && <MenuDragHandle width={width} onResize={onResize} side={side} />}
    </Flex>
  );
}

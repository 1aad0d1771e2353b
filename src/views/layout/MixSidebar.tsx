import { useState } from 'react';
import { Box, chakra, Flex, Text } from '@chakra-ui/react';
import { Pin, PinOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../components/MenuIcon';
import { mixSideColumnWidth } from './menuWidths';
import { currentMenuPath, hasVisibleChildren, isWithin, visibleEntries } from '../../shared/menuTree';
import { SidebarBrand } from './SidebarBrand';
import { sidebarColumnStyle } from './sidebarColumnStyle';
import { SidebarMenuList } from './SidebarMenuList';
import { SidebarNav } from './SidebarNav';
import type { SidebarProps } from './sidebarProps';

interface MixSidebarProps extends SidebarProps {
  /** The sub-menu panel's width (menu width). */
  width: number;
  /** Sections open on hover or on click (mixSideTrigger). */
  trigger: 'hover' | 'click';
  /** The panel stays open beside the page (mixSideFixed) instead of floating over it. */
  fixed: boolean;
  onToggleFixed: () => void;
  accordion: boolean;
}

/**
 * The mix-sidebar layout's menu: a narrow column of the first-level sections, and a panel with the
 * pages of the section that is pointed at or clicked.
 */
export function MixSidebar({
  menus,
  pathname,
  collapsed,
  onNavigate,
  bgColor,
  theme,
  width,
  trigger,
  fixed,
  onToggleFixed,
  accordion,
}: MixSidebarProps) {
  const { t } = useTranslation();
  const top = visibleEntries(menus);
  const current = currentMenuPath(menus, pathname);
  const activeSection = top.find((entry) => hasVisibleChildren(entry) && isWithin(entry, pathname)) ?? null;
  const [openPath, setOpenPath] = useState<string | null>(null);
  const open = top.find((entry) => entry.path === openPath) ?? (fixed ? activeSection : null);
  const columnWidth = mixSideColumnWidth(collapsed);
  const go = (path: string) => {
    if (!fixed) setOpenPath(null);
    onNavigate(path);
  };

  return (
    <Flex
      as="aside"
      position="relative"
      h="full"
      flexShrink={0}
      className={theme === 'dark' ? 'dark' : undefined}
      zIndex="3"
      onMouseLeave={() => !fixed && setOpenPath(null)}
      data-testid="layout-sidebar"
    >
      <Flex {...sidebarColumnStyle(bgColor)} w={`${columnWidth}px`} borderEndWidth={theme === 'light' ? '1px' : undefined}>
        <SidebarBrand named={false} />
        <SidebarNav display="flex" flexDirection="column" gap="0.5" py="1" css={{ scrollbarWidth: 'none' }}>
          {top.map((entry) => {
            const active = isWithin(entry, pathname);
            const section = hasVisibleChildren(entry);
            const shown = open?.path === entry.path;
            return (
              <chakra.button
                key={entry.path}
                type="button"
                aria-label={t(entry.title)}
                aria-expanded={section ? shown : undefined}
                aria-current={!section && current === entry.path ? 'page' : undefined}
                display="flex"
                flexDirection="column"
                alignItems="center"
                justifyContent="center"
                gap="1"
                mx="1"
                py={collapsed ? '2.5' : '2'}
                rounded="md"
                cursor="pointer"
                color={active || shown ? 'sidebar.activeFg' : 'sidebar.fg'}
                bg={active ? 'sidebar.activeBg' : shown ? 'sidebar.hoverBg' : 'transparent'}
                _hover={{ color: 'sidebar.activeFg', bg: active ? 'sidebar.activeBg' : 'sidebar.hoverBg' }}
                onMouseEnter={() => trigger === 'hover' && section && setOpenPath(entry.path)}
                onClick={() => (section ? setOpenPath(shown && !fixed ? null : entry.path) : go(entry.path))}
              >
                <MenuIcon name={entry.icon} />
                {!collapsed && (
                  <Text as="span" textStyle="2xs" lineClamp={1} maxW="full" px="1">
                    {t(entry.title)}
                  </Text>
                )}
              </chakra.button>
            );
          })}
        </SidebarNav>
      </Flex>
      {open && (
        <Flex
          {...sidebarColumnStyle(bgColor)}
          w={`${width}px`}
          borderEndWidth="1px"
          position={fixed ? 'relative' : 'absolute'}
          insetStart={fixed ? undefined : `${columnWidth}px`}
          top="0"
          boxShadow={fixed ? undefined : 'lg'}
          data-testid="mix-sidebar-panel"
        >
          <Flex
            align="center"
            justify="space-between"
            h="12"
            ps="4"
            pe="2"
            flexShrink={0}
            borderBottomWidth="1px"
            borderColor="sidebar.border"
          >
            <Text color="sidebar.strong" fontWeight="semibold" truncate>
              {t(open.title)}
            </Text>
            <chakra.button
              type="button"
              aria-label={t(fixed ? 'layout.menu.unpin' : 'layout.menu.pin')}
              aria-pressed={fixed}
              onClick={onToggleFixed}
              p="1.5"
              rounded="md"
              cursor="pointer"
              _hover={{ bg: 'sidebar.hoverBg', color: 'sidebar.activeFg' }}
            >
              {fixed ? <PinOff size={16} /> : <Pin size={16} />}
            </chakra.button>
          </Flex>
          <Box flex="1" overflowY="auto" py="1" css={{ scrollbarWidth: 'thin' }}>
            <SidebarMenuList entries={open.children ?? []} pathname={pathname} onNavigate={go} accordion={accordion} current={current} />
          </Box>
        </Flex>
      )}
    </Flex>
  );
}

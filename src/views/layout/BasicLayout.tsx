import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Box, Drawer, Flex, Portal } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { useBootstrapActor, useLockActor, useNavigationActor, useSessionActor, useSettingsActor } from '../../app/AppActorProvider';
import { menuModeApplies } from '../../config/menuMode';
import { pathnameOf } from '../../shared/location';
import { framePathFor, isExternalUrl } from '../../shared/externalUrl';
import { HeaderActions } from './HeaderActions';
import { LayoutBreadcrumb } from './LayoutBreadcrumb';
import { LayoutHeader } from './LayoutHeader';
import { LayoutScrollContext } from './LayoutScrollContext';
import { HEADER_HEIGHT_PX, layoutScrollingOf } from './layoutScrolling';
import { LayoutSidebar } from './LayoutSidebar';
import { LockScreen } from './lock/LockScreen';
import { MixSidebar } from './MixSidebar';
import { OfflineBanner } from './OfflineBanner';
import { OperatorBanner } from './OperatorBanner';
import { hasVisibleChildren, isWithin, visibleEntries } from '../../shared/menuTree';
import { PageLoadingOverlay } from './PageLoadingOverlay';
import { sidebarSideOf } from './sidebarSide';
import { TabPages } from './tabs/TabPages';
import { TabsBar } from './tabs/TabsBar';
import { TopMenu } from './TopMenu';
import { useIsMobile } from './useIsMobile';

/**
 * The shell around every signed-in page, in the menu type of the project config (spec §3):
 * `sidebar` (menu column beside header and page), `mix-sidebar` (narrow column of sections with a
 * panel of their pages), `mix` (header across the page with the sections, the chosen section's
 * pages in a sidebar when split) and `top-menu` (the menu in the header, no sidebar). Below 992 px
 * (spec §9) every type becomes a sidebar in a drawer.
 *
 * The menu mode shapes the sidebar of the sidebar type and of mix with split (vertical-right puts it
 * at the right edge); the header's and menu's `fixed` decide what scrolls (layoutScrolling.ts).
 * Switching any of these keeps the element tree as it is (only styles change), so the kept-alive
 * pages are not mounted again.
 */
export function BasicLayout({ children }: { children: ReactNode }) {
  const bootstrap = useBootstrapActor();
  const navigation = useNavigationActor();
  const settings = useSettingsActor();
  const session = useSessionActor();
  const menus = useSelector(bootstrap, (state) => state.context.menus);
  const pageLoading = useSelector(navigation, (state) => state.hasTag('pageLoading'));
  const projectConfig = useSelector(settings, (state) => state.context.projectConfig);
  const contact = useSelector(session, (state) => state.context.user?.contact_us ?? '');
  // While the lock screen shows, nothing of the shell can be reached (not even by keyboard).
  const locked = useSelector(useLockActor(), (state) => state.hasTag('lockScreen'));
  const [location, navigate] = useLocation();
  const pathname = pathnameOf(location);
  const mobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [layoutScroller, setLayoutScroller] = useState<HTMLElement | null>(null);

  const menuSetting = projectConfig.menuSetting;
  const { collapsed, bgColor: menuBgColor, theme: menuTheme, menuWidth, accordion } = menuSetting;
  const type = mobile ? 'sidebar' : menuSetting.type;
  const menuShown = menuSetting.show && !menuSetting.hidden;
  // The header, its buttons and the sidebar's links get the same functions on every render, so that
  // they are not drawn again when only the page changes (a menu page's first visit).
  const changeMenu = useCallback(
    (patch: Partial<typeof menuSetting>) => settings.send({ type: 'CONFIG.CHANGE', patch: { menuSetting: patch } }),
    [settings],
  );
  const toggleCollapsed = useCallback(() => changeMenu({ collapsed: !collapsed }), [changeMenu, collapsed]);
  const toggleMenu = useCallback(() => (mobile ? setDrawerOpen((open) => !open) : toggleCollapsed()), [mobile, toggleCollapsed]);
  const go = useCallback(
    (path: string) => {
      setDrawerOpen(false);
      navigate(isExternalUrl(path) ? framePathFor(path) : path);
    },
    [navigate],
  );

  // The mode shapes the sidebar of the sidebar type and of mix with split (menuModeApplies); mobile's drawer is always inline.
  const mode = !mobile && menuModeApplies({ type, split: menuSetting.split }) ? menuSetting.mode : 'inline';
  const side = sidebarSideOf(mode);

  const headerTrigger = mobile || (type !== 'top-menu' && menuShown && menuSetting.trigger === 'header');
  const footerToggle = !mobile && menuSetting.trigger === 'footer' ? toggleCollapsed : undefined;
  const onResize = !mobile && menuSetting.canDrag ? (width: number) => changeMenu({ menuWidth: width }) : undefined;

  // mix with split: the header holds the sections, the sidebar the chosen section's pages.
  const split = type === 'mix' && menuSetting.split;
  const section = split ? visibleEntries(menus).find((entry) => isWithin(entry, pathname)) : undefined;
  const sideMenus = split ? (section && hasVisibleChildren(section) ? (section.children ?? []) : []) : menus;
  const topMenu = type === 'top-menu' || type === 'mix';
  const { topMenuAlign } = menuSetting;
  const headerMenu = useMemo(
    () => (topMenu ? <TopMenu menus={menus} pathname={pathname} onNavigate={go} align={topMenuAlign} sectionsOnly={split} /> : undefined),
    [topMenu, menus, pathname, go, topMenuAlign, split],
  );
  const { showSearch, showDoc } = projectConfig.headerSetting;
  const headerActions = useMemo(
    () => <HeaderActions showSearch={showSearch} showDoc={showDoc} onNavigate={go} />,
    [showSearch, showDoc, go],
  );
  const breadcrumb = useMemo(
    () => (projectConfig.showBreadCrumb ? <LayoutBreadcrumb menus={menus} /> : null),
    [projectConfig.showBreadCrumb, menus],
  );

  // What every kind of sidebar shares: where it leads and how it looks (menu settings).
  const menuLook = { pathname, onNavigate: go, bgColor: menuBgColor, theme: menuTheme, width: menuWidth, accordion };
  let sidebar: ReactNode = null;
  if (mobile) {
    sidebar = (
      <Drawer.Root open={drawerOpen} onOpenChange={(details) => setDrawerOpen(details.open)} placement="start">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content maxW={`${menuWidth}px`}>
              <LayoutSidebar menus={menus} collapsed={false} {...menuLook} />
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    );
  } else if (menuShown && type === 'mix-sidebar') {
    sidebar = (
      <MixSidebar
        menus={menus}
        collapsed={collapsed}
        {...menuLook}
        trigger={menuSetting.mixSideTrigger}
        fixed={menuSetting.mixSideFixed}
        onToggleFixed={() => changeMenu({ mixSideFixed: !menuSetting.mixSideFixed })}
      />
    );
  } else if (menuShown && (type === 'sidebar' || (type === 'mix' && sideMenus.length > 0))) {
    sidebar = (
      <LayoutSidebar
        menus={sideMenus}
        collapsed={collapsed}
        {...menuLook}
        showLogo={type === 'sidebar'}
        mode={mode}
        onToggleCollapsed={footerToggle}
        onResize={onResize}
      />
    );
  }

  const scrolling = layoutScrollingOf({
    headerFixed: projectConfig.headerSetting.fixed,
    menuFixed: menuSetting.fixed,
    hasSidebar: sidebar !== null && !mobile,
  });
  const { wholeLayout } = scrolling;

  const header = (
    <LayoutHeader
      collapsed={mobile ? !drawerOpen : collapsed}
      onToggleMenu={headerTrigger ? toggleMenu : undefined}
      menuSide={side}
      sticky={scrolling.stickyHeader}
      onNavigate={go}
      headerSetting={projectConfig.headerSetting}
      contact={contact}
      showLogo={topMenu}
      menu={headerMenu}
      actions={headerActions}
    >
      {breadcrumb}
    </LayoutHeader>
  );

  const page = (
    <Flex direction="column" flex="1" minW="0" minH="0">
      <OfflineBanner />
      <OperatorBanner />
      {projectConfig.multiTabsSetting.show && (
        // The tab bar goes with the header: below it while it stays, away with it when it scrolls.
        <Box position={scrolling.stickyHeader ? 'sticky' : undefined} top={`${HEADER_HEIGHT_PX}px`} zIndex="1">
          <TabsBar />
        </Box>
      )}
      <Box
        as="main"
        position="relative"
        // Scrolling as a whole, the page area grows with the page (a column, so the page fills it at least).
        display={wholeLayout ? 'flex' : undefined}
        flexDirection="column"
        flex={wholeLayout ? '1 0 auto' : '1'}
        minH="0"
        overflow={wholeLayout ? undefined : 'hidden'}
      >
        <TabPages page={children} />
        {projectConfig.transitionSetting.openPageLoading && pageLoading && <PageLoadingOverlay />}
      </Box>
    </Flex>
  );

  // The sidebar's column (mobile's drawer is a portal, it needs none). A sidebar that stays while the
  // layout scrolls is sticky and one window high; otherwise it stretches along the layout. Above the
  // page; the mix-sidebar's floating panel above the header too, another sidebar below a header
  // that stays while it scrolls away.
  const sidebarSlot =
    mobile || !sidebar ? (
      sidebar
    ) : (
      <Box
        flexShrink={0}
        position={scrolling.stickySidebar ? 'sticky' : 'relative'}
        top="0"
        h={scrolling.stickySidebar ? '100vh' : undefined}
        alignSelf={scrolling.stickySidebar ? 'flex-start' : undefined}
        zIndex={type === 'mix-sidebar' ? 3 : 1}
      >
        {sidebar}
      </Box>
    );
  // vertical-right: the sidebar at the right edge (still first in the document: the menu comes first).
  const rowDirection = side === 'right' ? 'row-reverse' : 'row';
  return (
    <LayoutScrollContext.Provider value={wholeLayout ? layoutScroller : null}>
      <Box
        ref={setLayoutScroller}
        h="100vh"
        overflowY={wholeLayout ? 'auto' : 'hidden'}
        overflowX="hidden"
        data-layout={type}
        data-scrolls={wholeLayout ? 'layout' : 'page'}
        inert={locked}
        aria-hidden={locked || undefined}
      >
        <Flex direction={topMenu ? 'column' : rowDirection} minH="full" h={wholeLayout ? undefined : 'full'}>
          {topMenu ? (
            <>
              {header}
              <Flex flex="1" minH="0" direction={rowDirection}>
                {sidebarSlot}
                {page}
              </Flex>
            </>
          ) : (
            <>
              {sidebarSlot}
              <Flex direction="column" flex="1" minW="0">
                {header}
                {page}
              </Flex>
            </>
          )}
        </Flex>
      </Box>
      <LockScreen />
    </LayoutScrollContext.Provider>
  );
}

import { useState, type ReactNode } from 'react';
import { Box, Drawer, Flex, Portal } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { useBootstrapActor, useLockActor, useNavigationActor, useSessionActor, useSettingsActor } from '../../app/AppActorProvider';
import { isLockScreen } from '../../machines/lock.machine';
import { framePathFor, isExternalUrl } from '../iframe/externalUrl';
import { HeaderActions } from './HeaderActions';
import { LayoutBreadcrumb } from './LayoutBreadcrumb';
import { LayoutHeader } from './LayoutHeader';
import { LayoutSidebar } from './LayoutSidebar';
import { LockScreen } from './lock/LockScreen';
import { MixSidebar } from './MixSidebar';
import { hasVisibleChildren, isWithin, visibleEntries } from './menuTree';
import { PageLoadingOverlay } from './PageLoadingOverlay';
import { ShellPages } from './ShellPages';
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
 */
export function BasicLayout({ children }: { children: ReactNode }) {
  const bootstrap = useBootstrapActor();
  const navigation = useNavigationActor();
  const settings = useSettingsActor();
  const session = useSessionActor();
  const menus = useSelector(bootstrap, (state) => state.context.menus);
  const routeTitle = useSelector(navigation, (state) => state.context.title);
  const pageLoading = useSelector(navigation, (state) => state.context.pageLoading);
  const projectConfig = useSelector(settings, (state) => state.context.projectConfig);
  const contact = useSelector(session, (state) => state.context.user?.contact_us ?? '');
  // While the lock screen shows, nothing of the shell can be reached (not even by keyboard).
  const locked = useSelector(useLockActor(), isLockScreen);
  const [location, navigate] = useLocation();
  const pathname = location.split('?')[0];
  const mobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);

  const menuSetting = projectConfig.menuSetting;
  const { collapsed, bgColor: menuBgColor, theme: menuTheme, menuWidth, accordion } = menuSetting;
  const type = mobile ? 'sidebar' : menuSetting.type;
  const menuShown = menuSetting.show && !menuSetting.hidden;
  const changeMenu = (patch: Partial<typeof menuSetting>) => settings.send({ type: 'CONFIG.CHANGE', patch: { menuSetting: patch } });
  const toggleCollapsed = () => changeMenu({ collapsed: !collapsed });
  const toggleMenu = () => (mobile ? setDrawerOpen((open) => !open) : toggleCollapsed());
  const go = (path: string) => {
    setDrawerOpen(false);
    navigate(isExternalUrl(path) ? framePathFor(path) : path);
  };

  const headerTrigger = mobile || (type !== 'top-menu' && menuShown && menuSetting.trigger === 'header');
  const footerToggle = !mobile && menuSetting.trigger === 'footer' ? toggleCollapsed : undefined;
  const onResize = !mobile && menuSetting.canDrag ? (width: number) => changeMenu({ menuWidth: width }) : undefined;

  // mix with split: the header holds the sections, the sidebar the chosen section's pages.
  const split = type === 'mix' && menuSetting.split;
  const section = split ? visibleEntries(menus).find((entry) => isWithin(entry, pathname)) : undefined;
  const sideMenus = split ? (section && hasVisibleChildren(section) ? (section.children ?? []) : []) : menus;
  const headerMenu =
    type === 'top-menu' || type === 'mix' ? <TopMenu menus={menus} pathname={pathname} onNavigate={go} align={menuSetting.topMenuAlign} sectionsOnly={split} /> : undefined;

  const header = (
    <LayoutHeader
      collapsed={mobile ? !drawerOpen : collapsed}
      onToggleMenu={headerTrigger ? toggleMenu : undefined}
      onNavigate={go}
      headerSetting={projectConfig.headerSetting}
      contact={contact}
      showLogo={type === 'mix' || type === 'top-menu'}
      menu={headerMenu}
      actions={<HeaderActions showSearch={projectConfig.headerSetting.showSearch} />}
    >
      {projectConfig.showBreadCrumb && <LayoutBreadcrumb menus={menus} pathname={pathname} routeTitle={routeTitle} />}
    </LayoutHeader>
  );

  const page = (
    <Flex direction="column" flex="1" minW="0" minH="0">
      {projectConfig.multiTabsSetting.show && <TabsBar />}
      <Box as="main" position="relative" flex="1" minH="0" overflow="hidden">
        <TabPages page={<ShellPages>{children}</ShellPages>} />
        {projectConfig.transitionSetting.openPageLoading && pageLoading && <PageLoadingOverlay />}
      </Box>
    </Flex>
  );

  let sidebar: ReactNode = null;
  if (mobile) {
    sidebar = (
      <Drawer.Root open={drawerOpen} onOpenChange={(details) => setDrawerOpen(details.open)} placement="start">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content maxW={`${menuWidth}px`}>
              <LayoutSidebar menus={menus} pathname={pathname} collapsed={false} onNavigate={go} bgColor={menuBgColor} theme={menuTheme} width={menuWidth} accordion={accordion} />
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    );
  } else if (menuShown && type === 'mix-sidebar') {
    sidebar = (
      <MixSidebar
        menus={menus}
        pathname={pathname}
        collapsed={collapsed}
        onNavigate={go}
        bgColor={menuBgColor}
        theme={menuTheme}
        width={menuWidth}
        trigger={menuSetting.mixSideTrigger}
        fixed={menuSetting.mixSideFixed}
        onToggleFixed={() => changeMenu({ mixSideFixed: !menuSetting.mixSideFixed })}
        accordion={accordion}
      />
    );
  } else if (menuShown && (type === 'sidebar' || (type === 'mix' && sideMenus.length > 0))) {
    sidebar = (
      <LayoutSidebar
        menus={sideMenus}
        pathname={pathname}
        collapsed={collapsed}
        onNavigate={go}
        bgColor={menuBgColor}
        theme={menuTheme}
        width={menuWidth}
        showLogo={type === 'sidebar'}
        accordion={accordion}
        onToggleCollapsed={footerToggle}
        onResize={onResize}
      />
    );
  }

  const topHeader = type === 'mix' || type === 'top-menu';
  return (
    <>
      <Flex direction={topHeader ? 'column' : 'row'} h="100vh" overflow="hidden" data-layout={type} inert={locked} aria-hidden={locked || undefined}>
        {topHeader ? (
          <>
            {header}
            <Flex flex="1" minH="0">
              {sidebar}
              {page}
            </Flex>
          </>
        ) : (
          <>
            {sidebar}
            <Flex direction="column" flex="1" minW="0">
              {header}
              {page}
            </Flex>
          </>
        )}
      </Flex>
      <LockScreen />
    </>
  );
}

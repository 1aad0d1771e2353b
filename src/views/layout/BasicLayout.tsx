import { useState, type ReactNode } from 'react';
import { Box, Drawer, Flex, Portal, useBreakpointValue } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { useBootstrapActor, useNavigationActor, useSessionActor, useSettingsActor } from '../../app/AppActorProvider';
import { LayoutBreadcrumb } from './LayoutBreadcrumb';
import { LayoutHeader } from './LayoutHeader';
import { LayoutSidebar, SIDEBAR_WIDTH } from './LayoutSidebar';
import { PageLoadingOverlay } from './PageLoadingOverlay';

/**
 * The shell around every signed-in page: sidebar, header and the page. Below the LG breakpoint
 * (992 px, spec §9) the sidebar becomes a drawer.
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
  const [location, navigate] = useLocation();
  const pathname = location.split('?')[0];
  const mobile = useBreakpointValue({ base: true, lg: false }) ?? false;
  const [drawerOpen, setDrawerOpen] = useState(false);

  const { collapsed, bgColor: menuBgColor, theme: menuTheme } = projectConfig.menuSetting;
  const toggleMenu = () =>
    mobile ? setDrawerOpen((open) => !open) : settings.send({ type: 'CONFIG.CHANGE', patch: { menuSetting: { collapsed: !collapsed } } });
  const go = (path: string) => {
    setDrawerOpen(false);
    navigate(path);
  };

  return (
    <Flex h="100vh" overflow="hidden">
      {mobile ? (
        <Drawer.Root open={drawerOpen} onOpenChange={(details) => setDrawerOpen(details.open)} placement="start">
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content maxW={`${SIDEBAR_WIDTH}px`}>
                <LayoutSidebar menus={menus} pathname={pathname} collapsed={false} onNavigate={go} bgColor={menuBgColor} theme={menuTheme} />
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      ) : (
        <LayoutSidebar menus={menus} pathname={pathname} collapsed={collapsed} onNavigate={go} bgColor={menuBgColor} theme={menuTheme} />
      )}
      <Flex direction="column" flex="1" minW="0">
        <LayoutHeader
          collapsed={mobile ? !drawerOpen : collapsed}
          onToggleMenu={toggleMenu}
          onNavigate={go}
          headerSetting={projectConfig.headerSetting}
          contact={contact}
        >
          {projectConfig.showBreadCrumb && <LayoutBreadcrumb menus={menus} pathname={pathname} routeTitle={routeTitle} />}
        </LayoutHeader>
        <Box as="main" position="relative" flex="1" overflowY="auto" overflowX="hidden" p={{ base: '3', md: '4' }}>
          {children}
          {projectConfig.transitionSetting.openPageLoading && pageLoading && <PageLoadingOverlay />}
        </Box>
      </Flex>
    </Flex>
  );
}

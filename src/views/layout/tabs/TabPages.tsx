import { Activity, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { useNavigationActor, useSettingsActor, useTabsActor } from '../../../app/AppActorProvider';
import { pathnameOf } from '../../../shared/location';
import { PageErrorBoundary } from '../PageErrorBoundary';
import { PageScroller } from './PageScroller';
import { TabRouter } from './TabRouter';

/**
 * The page area. With multi-tabs shown, every kept-alive tab (the tabs actor's cache list, bounded
 * by its limit) stays mounted inside React's <Activity>, hidden while another tab is on screen, so
 * its form input, scroll position and table page survive a switch; a refresh changes its key and
 * remounts it. Without tabs only the current page is mounted. Each page sits in an error boundary.
 */
export function TabPages({ page }: { page: ReactNode }) {
  const navigation = useNavigationActor();
  const settings = useSettingsActor();
  const tabs = useTabsActor();
  const location = useSelector(navigation, (state) => state.context.location);
  const shown = useSelector(settings, (state) => state.context.projectConfig.multiTabsSetting.show);
  const cachedKeys = useSelector(tabs, (state) => state.context.cachedKeys);
  const renderKeys = useSelector(tabs, (state) => state.context.renderKeys);
  const keyOf = (fullPath: string) => `${fullPath}#${renderKeys[fullPath] ?? 0}`;

  if (!shown) {
    return (
      <PageScroller key={keyOf(pathnameOf(location))}>
        <PageErrorBoundary resetKey={location}>{page}</PageErrorBoundary>
      </PageScroller>
    );
  }
  const mounted = cachedKeys.includes(location) ? cachedKeys : [...cachedKeys, location];
  return mounted.map((fullPath) => (
    <Activity key={keyOf(fullPath)} mode={fullPath === location ? 'visible' : 'hidden'}>
      <TabRouter location={fullPath}>
        <PageScroller>
          <PageErrorBoundary>{page}</PageErrorBoundary>
        </PageScroller>
      </TabRouter>
    </Activity>
  ));
}

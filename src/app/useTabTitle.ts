import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation, useSearch } from 'wouter';
import { useTabsActor } from './AppActorProvider';

/**
 * Names the calling page's tab (spec §4 Tabs: tabs can be retitled), e.g. with an article's title
 * once it has loaded; null keeps the route's title. The page's own location names its tab, so a
 * kept-alive page hidden behind another tab titles its own. A visit updates the tab in place and
 * keeps the title it was given; while tabs are off, nothing.
 */
export function useTabTitle(title: string | null) {
  const tabs = useTabsActor();
  const [path] = useLocation();
  const search = useSearch();
  const fullPath = search ? `${path}?${search}` : path;
  const shown = useSelector(tabs, (state) =>
    state.hasTag('enabled') ? state.context.tabs.find((tab) => tab.fullPath === fullPath)?.meta.title : undefined,
  );
  useEffect(() => {
    if (title && shown !== undefined && shown !== title) tabs.send({ type: 'TABS.SET_TITLE', fullPath, title });
  }, [tabs, fullPath, title, shown]);
}

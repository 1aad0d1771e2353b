import { useCallback } from 'react';
import { useSelector } from '@xstate/react';
import { PAGES } from '../config/pages';
import { flattenMenus } from '../machines/menus';
import { matchPath } from '../shared/routePattern';
import { useBootstrapActor } from './AppActorProvider';

/** The names menus give the console's pages, and the pages every signed-in user reaches without one. */
const NAMED = new Set(PAGES.flatMap((page) => (page.component ? [page.component] : [])));
const EVERYONE = PAGES.filter((page) => page.reach === 'everyone' && page.component);

/**
 * Whether the signed-in user may open the page at a pathname, as the router draws it
 * (views/pageRegistry): one of their menus names a page of the console there, or every user reaches
 * it. A link to a page they may not open would only show them the refusal.
 */
export function usePageOpens(): (pathname: string) => boolean {
  const bootstrap = useBootstrapActor();
  const menus = useSelector(bootstrap, (state) => state.context.menus);
  return useCallback(
    (pathname: string) =>
      flattenMenus(menus).some((menu) => NAMED.has(menu.component ?? '') && matchPath(menu.pattern ?? menu.path, pathname) !== null) ||
      EVERYONE.some((page) => page.path === pathname),
    [menus],
  );
}

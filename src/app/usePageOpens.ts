import { useCallback } from 'react';
import { useSelector } from '@xstate/react';
import { pageReachedAt } from '../machines/menus';
import { useBootstrapActor } from './AppActorProvider';

/**
 * Whether the signed-in user may open the page at a pathname, as the router draws it
 * (views/pageRegistry's pageAt): one of their menus names a page of the console there, or every
 * user reaches it. A link to a page they may not open would only show them the refusal.
 */
export function usePageOpens(): (pathname: string) => boolean {
  const bootstrap = useBootstrapActor();
  const menus = useSelector(bootstrap, (state) => state.context.menus);
  return useCallback((pathname: string) => pageReachedAt(menus, pathname) !== undefined, [menus]);
}

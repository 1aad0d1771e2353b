import { useEffect } from 'react';
import { useNavigationActor } from '../app/AppActorProvider';
import type { Menu } from '../machines/menus';
import { sendAhead } from '../services/api/ahead';
import { pathnameOf } from '../shared/location';
import { pageAt } from './pageRegistry';

/**
 * Issue 17: a page's first visit asks for its data at the click that opens it, not once the page
 * has rendered (on the project's machine the requests of /account went out 160–240 ms after the
 * click). When the navigation commits a path not visited before, the page's `loadsAhead` runs
 * through `sendAhead`; the page's own calls take those answers. A path visited before is not
 * loaded ahead: its page may be kept alive in a tab and ask for nothing.
 */
export function useLoadsAhead(menus: readonly Menu[]): void {
  const navigation = useNavigationActor();
  useEffect(() => {
    let visited = navigation.getSnapshot().context.visited.length;
    const subscription = navigation.subscribe(({ context }) => {
      if (context.visited.length === visited) return;
      visited = context.visited.length;
      const loads = pageAt(pathnameOf(context.location), menus)?.loadsAhead();
      if (loads) sendAhead(() => loads(context.location));
    });
    return () => subscription.unsubscribe();
  }, [navigation, menus]);
}

import { useEffect } from 'react';
import type { SnapshotFrom } from 'xstate';
import { useBootstrapActor, useNavigationActor, type NavigationActor } from '../app/AppActorProvider';
import { canWith } from '../app/useCan';
import { awaitedTargetOf } from '../machines/navigation.machine';
import { sendAhead } from '../services/api/ahead';
import { pathnameOf } from '../shared/location';
import { pageAt } from './pageRegistry';

/**
 * A page's first visit asks for its data as soon as the console knows where it is going,
 * not once the page has rendered (on the project's machine the requests of /account went out
 * 160–240 ms after the click, and the dashboard's after sign-in once the whole shell had drawn).
 * Its page's `loadsAhead` runs through `sendAhead`, and the page's own calls take those answers:
 * - when a navigation waits for the menu routes (signing in, or opening the console with a stored
 *   session), for its target if the console knows that page without the menus (the home page and
 *   the other static pages), while the menus load;
 * - else when the navigation commits a path not visited before. A path visited before is not
 *   loaded ahead: its page may be kept alive in a tab and ask for nothing.
 */
export function useLoadsAhead(): void {
  const navigation = useNavigationActor();
  const bootstrap = useBootstrapActor();
  useEffect(() => {
    const send = (location: string) => {
      const loads = pageAt(pathnameOf(location), bootstrap.getSnapshot().context.menus)?.loadsAhead();
      if (loads) sendAhead(() => loads(location, canWith(bootstrap.getSnapshot().context)));
      return !!loads;
    };
    let visited = navigation.getSnapshot().context.visited.length;
    let sentBeforeRoutes: string | null = null;
    const follow = (snapshot: SnapshotFrom<NavigationActor>) => {
      const awaited = awaitedTargetOf(snapshot);
      if (awaited !== null && awaited !== sentBeforeRoutes && send(awaited)) sentBeforeRoutes = awaited;
      const { location } = snapshot.context;
      if (snapshot.context.visited.length === visited) return;
      visited = snapshot.context.visited.length;
      if (location !== sentBeforeRoutes) send(location);
      sentBeforeRoutes = null;
    };
    // A start with a stored session may wait for its menus before this effect runs.
    follow(navigation.getSnapshot());
    const subscription = navigation.subscribe(follow);
    return () => subscription.unsubscribe();
  }, [navigation, bootstrap]);
}

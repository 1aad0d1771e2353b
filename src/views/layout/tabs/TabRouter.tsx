import { useMemo, type ReactNode } from 'react';
import { Router } from 'wouter';
import { useNavigationActor } from '../../../app/AppActorProvider';
import { pathnameOf, searchOf } from '../../../shared/location';

/**
 * Gives one kept-alive tab its own location: its page keeps rendering what it showed while another
 * tab is on screen. Navigating from inside it goes through the navigation machine as usual.
 */
export function TabRouter({ location, children }: { location: string; children: ReactNode }) {
  const navigation = useNavigationActor();
  const hooks = useMemo(() => {
    const path = pathnameOf(location);
    const search = searchOf(location);
    const navigate = (to: string, options?: { replace?: boolean }) =>
      navigation.send({ type: 'NAVIGATE', to, replace: options?.replace ?? false });
    return { hook: (): [string, typeof navigate] => [path, navigate], searchHook: () => search };
  }, [location, navigation]);
  return (
    <Router hook={hooks.hook} searchHook={hooks.searchHook}>
      {children}
    </Router>
  );
}

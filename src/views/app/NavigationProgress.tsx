import { useEffect } from 'react';
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useSelector } from '@xstate/react';
import { useNavigationActor } from '../../app/AppActorProvider';

/** Spec §9: minimum 0.08, speed 200 ms, trickle 0.02 every 800 ms. */
const PROGRESS_SETTINGS = { minimum: 0.08, speed: 200, trickle: true, trickleRate: 0.02, trickleSpeed: 800, showSpinner: false };
NProgress.configure(PROGRESS_SETTINGS);

/** The top progress bar, shown while the navigation machine says a navigation is under way. */
export function NavigationProgress() {
  const navigation = useNavigationActor();
  const inProgress = useSelector(navigation, (state) => state.hasTag('progress'));
  useEffect(() => {
    if (inProgress) NProgress.start();
    else NProgress.done();
  }, [inProgress]);
  useEffect(
    () => () => {
      // Unmounted (logged out, tests): no bar left, and no trickle timer going on without one.
      NProgress.status = null;
      NProgress.remove();
    },
    [],
  );
  return null;
}

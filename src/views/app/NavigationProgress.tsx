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
  // In the next frame, before it is drawn: nprogress measures its bar (a forced layout), which in
  // the effects of a page just rendered laid the whole new page out once more (~17 ms of
  // a sign-in). A navigation done within the frame shows no bar.
  useEffect(() => {
    const frame = requestAnimationFrame(() => (inProgress ? NProgress.start() : NProgress.done()));
    return () => cancelAnimationFrame(frame);
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

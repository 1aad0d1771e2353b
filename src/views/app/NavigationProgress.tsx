import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { useNavigationActor } from '../../app/AppActorProvider';

type ProgressBar = typeof import('./progressBar').progressBar;

/**
 * The bar's code, loaded at the first navigation under way: the first screen draws and starts
 * without it (a sign-in's navigation waits for the server anyway).
 */
let loaded: ProgressBar | undefined;
const loading = () => import('./progressBar').then((module) => (loaded = module.progressBar));

/** The top progress bar, shown while the navigation machine says a navigation is under way. */
export function NavigationProgress() {
  const navigation = useNavigationActor();
  const inProgress = useSelector(navigation, (state) => state.hasTag('progress'));
  // In the next frame, before it is drawn: nprogress measures its bar (a forced layout), which in
  // the effects of a page just rendered laid the whole new page out once more (~17 ms of
  // a sign-in). A navigation done within the frame shows no bar.
  useEffect(() => {
    if (!inProgress && !loaded) return;
    let frame = 0;
    let current = true;
    void loading().then((bar) => {
      if (current) frame = requestAnimationFrame(() => (inProgress ? bar.start() : bar.done()));
    });
    return () => {
      current = false;
      cancelAnimationFrame(frame);
    };
  }, [inProgress]);
  useEffect(
    () => () => {
      // Unmounted (logged out, tests): no bar left, and no trickle timer going on without one.
      if (!loaded) return;
      loaded.status = null;
      loaded.remove();
    },
    [],
  );
  return null;
}

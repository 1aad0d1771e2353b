import { lazy, Suspense } from 'react';
import { useSelector } from '@xstate/react';
import { useSessionActor } from '../../app/AppActorProvider';
import { withConsoleTheme } from '../../components/theme/withConsoleTheme';

const SessionTimeoutOverlay = lazy(withConsoleTheme(() => import('./SessionTimeoutOverlay')));

/** Loads the re-login overlay only when a session has timed out, keeping it out of the first load. */
export function SessionTimeoutGate() {
  const session = useSessionActor();
  const timedOut = useSelector(session, (state) => state.hasTag('overlay'));
  if (!timedOut) return null;
  return (
    <Suspense fallback={null}>
      <SessionTimeoutOverlay />
    </Suspense>
  );
}

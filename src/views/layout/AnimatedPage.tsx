import { lazy, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { useSettingsActor } from '../../app/AppActorProvider';

// framer-motion arrives with the first animated page, not with the app.
const PageTransition = lazy(() => import('./PageTransition'));

/** Plays the project config's page transition (spec §4) when transitions are enabled. */
export function AnimatedPage({ children }: { children: ReactNode }) {
  const settings = useSettingsActor();
  const transition = useSelector(settings, (state) => state.context.projectConfig.transitionSetting);
  if (!transition.enable) return children;
  return <PageTransition name={transition.basicTransition}>{children}</PageTransition>;
}

import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { useSettingsActor } from '../../app/AppActorProvider';
import { lazyPage } from '../../components/feedback/lazyPage';

// framer-motion arrives after sign-in with the pages (lazyPage), not with the app.
export const PageTransition = lazyPage(() => import('./PageTransition'));

/** Plays the project config's page transition (spec §4) when transitions are enabled. */
export function AnimatedPage({ children }: { children: ReactNode }) {
  const settings = useSettingsActor();
  const transition = useSelector(settings, (state) => state.context.projectConfig.transitionSetting);
  if (!transition.enable) return children;
  return <PageTransition name={transition.basicTransition}>{children}</PageTransition>;
}

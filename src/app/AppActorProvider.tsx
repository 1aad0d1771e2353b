import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { appMachine } from '../machines/app.machine';
import type { bootstrapMachine } from '../machines/bootstrap.machine';
import type { navigationMachine } from '../machines/navigation.machine';
import type { sessionMachine } from '../machines/session.machine';
import type { settingsMachine } from '../machines/settings.machine';
import type { tabsMachine } from '../machines/tabs.machine';
import type { lockMachine } from '../machines/lock.machine';
import type { menuSearchMachine } from '../machines/menuSearch.machine';
import type { errorLogMachine } from '../machines/errorLog.machine';
import type { connectionMachine } from '../machines/connection.machine';
import { pathnameOf, searchOf } from '../shared/location';

export type AppActor = ActorRefFrom<typeof appMachine>;
export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type BootstrapActor = ActorRefFrom<typeof bootstrapMachine>;
export type NavigationActor = ActorRefFrom<typeof navigationMachine>;
export type SettingsActor = ActorRefFrom<typeof settingsMachine>;
export type TabsActor = ActorRefFrom<typeof tabsMachine>;
export type LockActor = ActorRefFrom<typeof lockMachine>;
export type MenuSearchActor = ActorRefFrom<typeof menuSearchMachine>;
export type ErrorLogActor = ActorRefFrom<typeof errorLogMachine>;
export type ConnectionActor = ActorRefFrom<typeof connectionMachine>;

const AppActorContext = createContext<AppActor | null>(null);

export function AppActorProvider({ actor, children }: { actor: AppActor; children: ReactNode }) {
  return <AppActorContext.Provider value={actor}>{children}</AppActorContext.Provider>;
}

export function useAppActor(): AppActor {
  const actor = useContext(AppActorContext);
  if (!actor) throw new Error('useAppActor must be used inside <AppActorProvider>');
  return actor;
}

function useSystemActor<T>(systemId: string): T {
  const actor = useAppActor().system.get(systemId) as T | undefined;
  if (!actor) throw new Error(`No actor with systemId '${systemId}'`);
  return actor;
}

export const useSessionActor = () => useSystemActor<SessionActor>('session');
export const useBootstrapActor = () => useSystemActor<BootstrapActor>('bootstrap');
export const useNavigationActor = () => useSystemActor<NavigationActor>('navigation');
export const useSettingsActor = () => useSystemActor<SettingsActor>('settings');
export const useTabsActor = () => useSystemActor<TabsActor>('tabs');
export const useLockActor = () => useSystemActor<LockActor>('lock');
export const useMenuSearchActor = () => useSystemActor<MenuSearchActor>('menuSearch');
export const useErrorLogActor = () => useSystemActor<ErrorLogActor>('errorLog');
export const useConnectionActor = () => useSystemActor<ConnectionActor>('connection');

/** The connection actor, or null outside the console (a component rendered on its own). */
export function useOptionalConnectionActor(): ConnectionActor | null {
  const actor = useContext(AppActorContext);
  return (actor?.system.get('connection') as ConnectionActor | undefined) ?? null;
}

/**
 * A wouter location hook (`<Router hook={useMachineLocation}>`): the pathname of the navigation
 * machine's committed location, and a `navigate` that sends NAVIGATE, so the route guards run
 * before any view renders. Its search part comes from `useMachineSearch` (wouter picks it up).
 */
export function useMachineLocation(): [string, (to: string, options?: { replace?: boolean }) => void] {
  const navigation = useNavigationActor();
  const location = useSelector(navigation, (state) => state.context.location);
  const navigate = useCallback(
    (to: string, options?: { replace?: boolean }) => navigation.send({ type: 'NAVIGATE', to, replace: options?.replace ?? false }),
    [navigation],
  );
  return [pathnameOf(location), navigate];
}

/** The search part (without `?`) of the committed location. */
export function useMachineSearch(): string {
  const navigation = useNavigationActor();
  return useSelector(navigation, (state) => searchOf(state.context.location));
}

useMachineLocation.searchHook = useMachineSearch;

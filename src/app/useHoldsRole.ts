import { useSelector } from '@xstate/react';
import { useSessionActor } from './AppActorProvider';

/**
 * Whether the signed-in account holds `role` as the server sees it (its session's roles). For what
 * the server itself limits by role — e.g. everyone's error log for ADMIN_ROLE — whatever the
 * console's permission mode: `usePermission` in BACK mode checks permission codes instead.
 */
export function useHoldsRole(role: string): boolean {
  const session = useSessionActor();
  return useSelector(session, (state) => state.context.user?.roles.some((held) => held.value === role) ?? false);
}

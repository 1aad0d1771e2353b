import { useCallback } from 'react';
import { useSelector } from '@xstate/react';
import { hasPermission } from '../machines/permissions';
import { useBootstrapActor } from './AppActorProvider';

/** Spec §6 button-level checks (the v-auth directive): `(code | codes) => boolean` for the signed-in user. */
export function usePermission(): (required: string | readonly string[] | undefined) => boolean {
  const bootstrap = useBootstrapActor();
  const permissionMode = useSelector(bootstrap, (state) => state.context.permissionMode);
  const roles = useSelector(bootstrap, (state) => state.context.roles);
  const permCodes = useSelector(bootstrap, (state) => state.context.permCodes);
  return useCallback((required) => hasPermission(required, { permissionMode, roles, permCodes }), [permissionMode, roles, permCodes]);
}

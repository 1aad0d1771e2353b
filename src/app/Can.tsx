import type { ReactNode } from 'react';
import type { Permission } from '../../contract/permissionCodes';
import { useCan } from './useCan';

/**
 * The v-auth of spec §6 as a component: its children are on the page only when the user may use
 * what `code` guards; `fallback` (nothing by default) otherwise.
 */
export function Can({ code, fallback = null, children }: { code: Permission; fallback?: ReactNode; children: ReactNode }) {
  return <>{useCan()(code) ? children : fallback}</>;
}

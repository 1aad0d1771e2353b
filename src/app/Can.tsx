import type { ReactNode } from 'react';
import type { Permission } from '../../contract/permissionCodes';
import { useCan } from './useCan';

/**
 * The v-auth of spec §6 as a component: its children are on the page only when the user may use
 * what `code` (a permission code, or an access entry's id) guards; `fallback` (nothing by default) otherwise.
 */
export function Can({ code, fallback = null, children }: { code: Permission | number; fallback?: ReactNode; children: ReactNode }) {
  return <>{useCan()(code) ? children : fallback}</>;
}

import type { Db, DbOrTx } from './types';
import type { WriteWatch } from './writeWatch';
import { allAccessEntries, allMenus, type AccessRow, type MenuRow } from './menus';

/**
 * The menus and access entries every permission check reads: kept in memory until one
 * of those tables is written (writeWatch.ts), so a role or menu change applies from the next
 * request.
 */
export interface PermissionTable {
  menus: MenuRow[];
  entries: AccessRow[];
}

/** Tables a cached permission table is made of. */
export const PERMISSION_TABLES = ['menus', 'access_entries'] as const;

interface Cached {
  watch: WriteWatch;
  generation: number;
  table: PermissionTable | null;
}
const caches = new WeakMap<object, Cached>();

export function cachePermissionTable(db: Db, watch: WriteWatch) {
  caches.set(db, { watch, generation: -1, table: null });
}

export async function permissionTable(db: DbOrTx): Promise<PermissionTable> {
  const cache = caches.get(db);
  if (cache?.table && cache.generation === cache.watch.generation) return cache.table;
  const readAt = cache?.watch.generation;
  const [menus, entries] = await Promise.all([allMenus(db), allAccessEntries(db)]);
  const table = { menus, entries };
  if (cache && readAt === cache.watch.generation) Object.assign(cache, { generation: readAt, table });
  return table;
}

import { ApiPath } from '../../../contract/paths';
import type { MenuItem } from '../../../contract/schemas/menu';
import { http } from '../http';

/** The menu tree the user may see (BACK permission mode): its roots, children nested. */
export const menuList = async (): Promise<MenuItem[]> => (await http.get<{ list: MenuItem[]; total: number }>(ApiPath.menuList)).list;

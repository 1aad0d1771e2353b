import { ApiPath } from '../../../contract/paths';
import type { AccessAddBody, AccessEditBody, MenuAddBody, MenuEditBody, MenuItem } from '../../../contract/schemas/menu';
import { http, type CallOptions } from '../http';

/** The menu tree the user may see (BACK permission mode): its roots, children nested. */
export const menuList = async (): Promise<MenuItem[]> => (await http.get(ApiPath.menuList)).list;

/* Administration of menus and their access entries (spec §7 admin-menu, admin-access). Forms and confirmations show their own failures. */
const FORM: CallOptions = { errorMessageMode: 'none' };

/** The whole menu (administrators): roots with their children nested, and how many items in all. */
export const menuTreeAll = () => http.get(ApiPath.menuList, { all: 1 });
export const menuAdd = (body: MenuAddBody) => http.post(ApiPath.menuAdd, body, FORM);
export const menuEdit = (body: MenuEditBody) => http.put(ApiPath.menuEdit, body, FORM);
export const menuDel = (id: number) => http.delete(ApiPath.menuDel, { id }, FORM);

export const accessList = (menuId: number) => http.get(ApiPath.accessList, { menu_id: menuId });
export const accessAdd = (body: AccessAddBody) => http.post(ApiPath.accessAdd, body, FORM);
export const accessEdit = (body: AccessEditBody) => http.put(ApiPath.accessEdit, body, FORM);
export const accessDel = (id: number) => http.delete(ApiPath.accessDel, { id }, FORM);

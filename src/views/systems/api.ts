import type { AccessEntry, MenuItem } from '../../../contract/schemas/menu';
import type { RoleItem, SubAccount } from '../../../contract/schemas/system';
import { useCall, type HandlersOf } from '../../app/useCall';
import { useLoad } from '../../app/useLoad';
import type { ListQuery } from '../../machines/list.machine';
import { accessAdd, accessDel, accessEdit, accessList, menuAdd, menuDel, menuEdit, menuTreeAll } from '../../services/api/menus';
import {
  adminLogList,
  exportAdminLog,
  exportSubAccounts,
  logSucceeded,
  roleAdd,
  roleDel,
  roleEdit,
  roleList,
  signInAs,
  subAccountAdd,
  subAccountDel,
  subAccountEdit,
  subAccountList,
  subAccountResetPassword,
  subAccountStatus,
  type AdminLogFilters,
  type SubAccountFilters,
} from '../../services/api/system';
import { pointsGrant } from '../../services/api/topup';
import { allMenuIds, type EntriesByMenu } from './roleTree';

export { logSucceeded, type AdminLogFilters, type SubAccountFilters };

const NO_INPUT = 0;

/** Every role at once: the server lists them all (there are few); a removed row is a deleted role. */
export const roleRows = {
  fetchPage: () => roleList(),
  removeRow: (role: RoleItem) => roleDel(role.id),
};

/** The roles, loaded ahead at the click that opens a page choosing among them. */
export const rolesAhead = () => roleList();

export const useRoles = () => useLoad(roleList, NO_INPUT);

/** A new role (code and name), or a new name for one. */
const saveRole = ({ role, values }: { role: RoleItem | null; values: { code: string; name: string } }) =>
  role ? roleEdit({ id: role.id, name: values.name }) : roleAdd({ code: values.code, name: values.name });

export const useSaveRole = (handlers?: HandlersOf<typeof saveRole>) => useCall(saveRole, handlers);

/** The menus and access entries a role holds. */
export const useGrantRole = (handlers?: HandlersOf<typeof roleEdit>) => useCall(roleEdit, handlers);

/** The whole menu, and the access entries of each menu (one call a menu, at once). */
async function loadTree(): Promise<{ menus: MenuItem[]; entries: EntriesByMenu }> {
  const { list } = await menuTreeAll();
  const ids = allMenuIds(list);
  const lists = await Promise.all(ids.map((id) => accessList(id)));
  return { menus: list, entries: new Map(ids.map((id, index) => [id, lists[index]!.list])) };
}

export const useMenuTree = () => useLoad(loadTree, NO_INPUT);

/** The whole menu at once (a tree, not paged); a removed row is a deleted menu. */
export const menuRows = {
  fetchPage: () => menuTreeAll(),
  removeRow: (menu: MenuItem) => menuDel(menu.id),
};

type MenuBody = Parameters<typeof menuAdd>[0];

/** A new menu, or an edit of the one with `id`. */
const saveMenu = ({ id, body }: { id: number | null; body: MenuBody }) => (id ? menuEdit({ id, ...body }) : menuAdd(body));

export const useSaveMenu = (handlers?: HandlersOf<typeof saveMenu>) => useCall(saveMenu, handlers);

/** A menu's access entries, all on one page; a removed row is a deleted entry. */
export const accessRowsOf = (menuId: number) => ({
  fetchPage: () => accessList(menuId),
  removeRow: (entry: AccessEntry) => accessDel(entry.id),
});

/** A new access entry of a menu, or an edit of one. */
const saveAccess = ({
  menuId,
  entry,
  values,
}: {
  menuId: number;
  entry: AccessEntry | null;
  values: { name: string; auth_code: string };
}) =>
  entry
    ? accessEdit({ id: entry.id, name: values.name, auth_code: values.auth_code })
    : accessAdd({ menu_id: menuId, name: values.name, auth_code: values.auth_code });

export const useSaveAccess = (handlers?: HandlersOf<typeof saveAccess>) => useCall(saveAccess, handlers);

/** Every change made through the console, a page at a time, filtered. */
export const adminLogRows = {
  fetchPage: ({ page, page_size, filters }: ListQuery) => adminLogList({ page, page_size, ...(filters as AdminLogFilters) }),
};

/** The change log as a file, filtered like the table. */
export const useAdminLogDownload = () => useCall(exportAdminLog);

/** The account's sub-accounts (the operator: every account), a page at a time; a removed row is a deleted account. */
export const subAccountRows = {
  fetchPage: ({ page, page_size, filters }: ListQuery) => subAccountList({ page, page_size, ...(filters as SubAccountFilters) }),
  removeRow: (account: SubAccount) => subAccountDel(account.id),
};

/** Enables or disables a sub-account; it answers whom and which, for the toast. */
const setSubAccountStatus = ({ account, status }: { account: SubAccount; status: SubAccount['status'] }) =>
  subAccountStatus(account.id, status).then(() => ({ account, status }));

export const useSubAccountStatus = (handlers?: HandlersOf<typeof setSubAccountStatus>) => useCall(setSubAccountStatus, handlers);

/** The sub-accounts as a file, filtered like the table. */
export const useSubAccountsDownload = () => useCall(exportSubAccounts);

type SubAccountValues = { username: string; password: string; role: string; real_name: string };

/** Creates a sub-account, edits its role and name, or sets its password: what the dialog's mode says. */
const saveSubAccount = ({ mode, id, values }: { mode: 'create' | 'edit' | 'reset'; id: number; values: SubAccountValues }) => {
  const realName = values.real_name.trim();
  if (mode === 'create')
    return subAccountAdd({
      username: values.username.trim(),
      password: values.password,
      role: values.role,
      ...(realName ? { real_name: realName } : {}),
    });
  if (mode === 'edit') return subAccountEdit({ id, role: values.role, real_name: realName });
  return subAccountResetPassword({ id, password: values.password });
};

export const useSaveSubAccount = (handlers?: HandlersOf<typeof saveSubAccount>) => useCall(saveSubAccount, handlers);

/** The operator's console becomes the user's. */
export const useSignInAs = (handlers?: HandlersOf<typeof signInAs>) => useCall(signInAs, handlers);

/** Adds or takes away points of an owner's account, with a reason. */
export const useGrantPoints = (handlers?: HandlersOf<typeof pointsGrant>) => useCall(pointsGrant, handlers);

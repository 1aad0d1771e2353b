import { endpoint } from '../endpoint';
import {
  AccessAddBody,
  AccessEditBody,
  AccessEntry,
  AccessList,
  AccessListQuery,
  MenuAddBody,
  MenuEditBody,
  MenuItem,
  MenuListQuery,
  MenuTree,
} from '../schemas/menu';
import { Empty, IdBody } from '../schemas/common';
import { ApiPath } from '../paths';

/** The menus and their access entries (the permission codes roles hold). */
export const menuEndpoints = {
  accessList: endpoint.get(ApiPath.accessList, { query: AccessListQuery, reply: AccessList }),
  accessAdd: endpoint.post(ApiPath.accessAdd, { body: AccessAddBody, reply: AccessEntry }),
  accessEdit: endpoint.put(ApiPath.accessEdit, { body: AccessEditBody, reply: AccessEntry }),
  accessDel: endpoint.delete(ApiPath.accessDel, { body: IdBody, reply: Empty }),
  menuList: endpoint.get(ApiPath.menuList, { query: MenuListQuery, reply: MenuTree }),
  menuAdd: endpoint.post(ApiPath.menuAdd, { body: MenuAddBody, reply: MenuItem }),
  menuEdit: endpoint.put(ApiPath.menuEdit, { body: MenuEditBody, reply: MenuItem }),
  menuDel: endpoint.delete(ApiPath.menuDel, { body: IdBody, reply: Empty }),
};

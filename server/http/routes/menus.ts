import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MenuItem } from '../../../contract/schemas/menu';
import {
  addMenu,
  countNodes,
  deleteMenu,
  editMenu,
  menuTreeFor,
  type MenuNode,
  type MenuRow,
  type MenuWithAccess,
} from '../../domain/access/menus';
import { authOf } from '../authPlugin';
import { dateTime } from '../../../contract/dateTime';
import { ok, withNotFound } from '../envelope';
import { menuEndpoints } from '../../../contract/endpoints/menu';
import { routesOf } from '../serve';

/** Spec §3 "Menu item": the row as the console reads it. */
export const toMenuItem = (row: MenuRow | MenuWithAccess, children: MenuNode[] = []): MenuItem => ({
  id: row.id,
  name: row.name,
  title: row.title,
  url: row.url,
  component: row.component,
  icon: row.icon,
  order: row.order,
  parent: row.parent,
  level: row.level,
  is_show: row.isShow === 0 ? 0 : 1,
  redirect: row.redirect,
  dynamic_level: row.dynamicLevel,
  ignored: row.ignored === 1 ? 1 : 0,
  role: row.roles,
  access: ('access' in row ? row.access : []).map((entry) => ({ id: entry.id, name: entry.name, auth_code: entry.authCode })),
  access_codes: 'accessCodes' in row ? row.accessCodes : [],
  created_at: dateTime(row.createdAt),
  updated_at: dateTime(row.updatedAt),
  children: children.map((child) => toMenuItem(child, child.children)),
});

const tags = ['menu'];

/** The backend menu (spec §7 admin-menu): the caller's tree, and its administration. */
const menuRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const route = routesOf(app, { tags });

  route(menuEndpoints.menuList, { permission: 'signedIn' }, async (request) => {
    const tree = await menuTreeFor(ctx, authOf(request), { all: request.query.all === 1 });
    return ok({ list: tree.map((node) => toMenuItem(node, node.children)), total: countNodes(tree) });
  });

  route(menuEndpoints.menuAdd, { permission: 'admin' }, async (request) =>
    ok(toMenuItem(await addMenu(ctx, authOf(request), request.body))),
  );

  route(menuEndpoints.menuEdit, { permission: 'admin', replies: withNotFound }, async (request) =>
    ok(toMenuItem(await editMenu(ctx, authOf(request), request.body))),
  );

  route(menuEndpoints.menuDel, { permission: 'admin', replies: withNotFound }, async (request) => {
    await deleteMenu(ctx, authOf(request), request.body.id);
    return ok(null);
  });
};

export default menuRoutes;

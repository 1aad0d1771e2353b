import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AccessEntry } from '../../../contract/schemas/menu';
import { accessEntriesOf, addAccessEntry, deleteAccessEntry, editAccessEntry, type AccessRow } from '../../domain/access/access';
import { authOf } from '../authPlugin';
import { dateTime } from '../../../contract/dateTime';
import { ok, withNotFound, errorReplies } from '../envelope';
import { menuEndpoints } from '../../../contract/endpoints/menu';
import { routesOf } from '../serve';

const toAccessEntry = (row: AccessRow): AccessEntry => ({
  id: row.id,
  menu_id: row.menuId,
  name: row.name,
  auth_code: row.authCode,
  created_at: dateTime(row.createdAt),
  updated_at: dateTime(row.updatedAt),
});

const tags = ['menu'];

/** Button-level access entries of a menu (spec §7 admin-access). */
const accessRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const route = routesOf(app, { tags, replies: withNotFound });

  route(menuEndpoints.accessList, { permission: 'signedIn' }, async (request) => {
    const list = (await accessEntriesOf(ctx, authOf(request), request.query.menu_id)).map(toAccessEntry);
    return ok({ list, total: list.length });
  });

  route(menuEndpoints.accessAdd, { permission: 'admin', replies: errorReplies }, async (request) =>
    ok(toAccessEntry(await addAccessEntry(ctx, authOf(request), request.body))),
  );

  route(menuEndpoints.accessEdit, { permission: 'admin' }, async (request) =>
    ok(toAccessEntry(await editAccessEntry(ctx, authOf(request), request.body))),
  );

  route(menuEndpoints.accessDel, { permission: 'admin' }, async (request) => {
    await deleteAccessEntry(ctx, authOf(request), request.body.id);
    return ok(null);
  });
};

export default accessRoutes;

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AccessEntry } from '../../../contract/schemas/menu';
import { accessEntriesOf, addAccessEntry, deleteAccessEntry, editAccessEntry, type AccessRow } from '../../domain/access/access';
import { authOf } from '../authPlugin';
import { dateTime } from '../../../contract/dateTime';
import { ok, withNotFound } from '../envelope';
import { menuEndpoints } from '../../../contract/endpoints/menu';
import { serve } from '../serve';

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

  serve(app, menuEndpoints.accessList, { tags, permission: 'signedIn', replies: withNotFound }, async (request) => {
    const list = (await accessEntriesOf(ctx, authOf(request), request.query.menu_id)).map(toAccessEntry);
    return ok({ list, total: list.length });
  });

  serve(app, menuEndpoints.accessAdd, { tags, permission: 'admin' }, async (request) =>
    ok(toAccessEntry(await addAccessEntry(ctx, authOf(request), request.body))),
  );

  serve(app, menuEndpoints.accessEdit, { tags, permission: 'admin', replies: withNotFound }, async (request) =>
    ok(toAccessEntry(await editAccessEntry(ctx, authOf(request), request.body))),
  );

  serve(app, menuEndpoints.accessDel, { tags, permission: 'admin', replies: withNotFound }, async (request) => {
    await deleteAccessEntry(ctx, authOf(request), request.body.id);
    return ok(null);
  });
};

export default accessRoutes;

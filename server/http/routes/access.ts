import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPath } from '../../../contract/paths';
import { Empty, IdBody } from '../../../contract/schemas/common';
import { AccessAddBody, AccessEditBody, AccessEntry, AccessList, AccessListQuery } from '../../../contract/schemas/menu';
import { accessEntriesOf, addAccessEntry, deleteAccessEntry, editAccessEntry, type AccessRow } from '../../domain/access/access';
import { authOf } from '../authPlugin';
import { dateTime } from '../../../contract/dateTime';
import { ErrorReply, Reply, errorReplies, ok } from '../envelope';

const toAccessEntry = (row: AccessRow): AccessEntry => ({
  id: row.id,
  menu_id: row.menuId,
  name: row.name,
  auth_code: row.authCode,
  created_at: dateTime(row.createdAt),
  updated_at: dateTime(row.updatedAt),
});

const tags = ['menu'];
const withNotFound = { ...errorReplies, 404: ErrorReply };

/** Button-level access entries of a menu (spec §7 admin-access). */
const accessRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    ApiPath.accessList,
    {
      config: { permission: 'signedIn' },
      schema: { tags, querystring: AccessListQuery, response: { 200: Reply(AccessList), ...withNotFound } },
    },
    async (request) => {
      const list = (await accessEntriesOf(ctx, authOf(request), request.query.menu_id)).map(toAccessEntry);
      return ok({ list, total: list.length });
    },
  );

  app.post(
    ApiPath.accessAdd,
    { config: { permission: 'admin' }, schema: { tags, body: AccessAddBody, response: { 200: Reply(AccessEntry), ...errorReplies } } },
    async (request) => ok(toAccessEntry(await addAccessEntry(ctx, authOf(request), request.body))),
  );

  app.put(
    ApiPath.accessEdit,
    { config: { permission: 'admin' }, schema: { tags, body: AccessEditBody, response: { 200: Reply(AccessEntry), ...withNotFound } } },
    async (request) => ok(toAccessEntry(await editAccessEntry(ctx, authOf(request), request.body))),
  );

  app.delete(
    ApiPath.accessDel,
    { config: { permission: 'admin' }, schema: { tags, body: IdBody, response: { 200: Reply(Empty), ...withNotFound } } },
    async (request) => {
      await deleteAccessEntry(ctx, authOf(request), request.body.id);
      return ok(null);
    },
  );
};

export default accessRoutes;

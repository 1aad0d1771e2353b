import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import dayjs from 'dayjs';
import { createKey, deleteKey, editKey, rotateKey, setKeyDisabled } from '../../domain/access/accessKeys';
import { keyLogPages, listKeyLog, listKeys, toKey } from '../../domain/access/accessKeyViews';
import { flushKeyLog } from '../authPlugin';
import { pagedRows, sendCsv } from '../csvReply';
import { ok, withNotFound } from '../envelope';
import { accessKeyEndpoints } from '../../../contract/endpoints/accessKey';
import { routesOf } from '../serve';

const tags = ['accesskey'];

/**
 * API access keys: the account's keys, made, rotated and ended by a signed-in session
 * (no route here has a keyScope, so a key cannot mint or read keys), and the log of their calls.
 */
const accessKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const route = routesOf(app, { tags, replies: withNotFound });

  route(accessKeyEndpoints.accessKeyList, { permission: 'accesskey:list' }, async (request) => {
    await flushKeyLog(ctx);
    return ok(await listKeys(ctx, request.accountId, request.query));
  });

  route(
    accessKeyEndpoints.accessKeyAdd,
    { permission: 'accesskey:add', summary: 'Create a key; its secret is in this answer only' },
    async (request) => {
      const { key, secret } = await createKey(ctx, request.accountId, request.body);
      return ok({ key: toKey(ctx, key), secret });
    },
  );

  route(accessKeyEndpoints.accessKeyEdit, { permission: 'accesskey:edit' }, async (request) =>
    ok(toKey(ctx, await editKey(ctx, request.accountId, request.body))),
  );

  route(accessKeyEndpoints.accessKeyStatus, { permission: 'accesskey:edit', summary: 'Disable or enable a key' }, async (request) =>
    ok(toKey(ctx, await setKeyDisabled(ctx, request.accountId, request.body.id, request.body.disabled))),
  );

  route(
    accessKeyEndpoints.accessKeyRotate,
    { permission: 'accesskey:edit', summary: 'A new secret (in this answer only); the old one ends now or after grace_seconds' },
    async (request) => {
      const { key, secret } = await rotateKey(ctx, request.accountId, request.body.id, request.body.grace_seconds ?? 0);
      return ok({ key: toKey(ctx, key), secret });
    },
  );

  route(accessKeyEndpoints.accessKeyDel, { permission: 'accesskey:del' }, async (request) => {
    await deleteKey(ctx, request.accountId, request.body.id);
    return ok(null);
  });

  route(accessKeyEndpoints.accessKeyLogList, { permission: 'accesskey:list' }, async (request) => {
    await flushKeyLog(ctx);
    return ok(await listKeyLog(ctx, request.accountId, request.query));
  });

  route(
    accessKeyEndpoints.accessKeyLogExport,
    { permission: 'accesskey:list', summary: 'The filtered key log as CSV', replies: {} },
    async (request, reply) => {
      await flushKeyLog(ctx);
      const rows = () =>
        pagedRows(keyLogPages(ctx, request.accountId, request.query), ({ entry: e }) => [
          e.created_at,
          e.key_name,
          e.key_prefix,
          e.method,
          e.path,
          e.status,
          e.ip,
          e.duration_ms,
          e.points,
        ]);
      return sendCsv(
        reply,
        `access_key_log_${dayjs(ctx.now()).format('YYYYMMDD_HHmmss')}.csv`,
        ['time', 'key', 'prefix', 'method', 'path', 'status', 'ip', 'duration_ms', 'points'],
        rows,
      );
    },
  );
};

export default accessKeyRoutes;

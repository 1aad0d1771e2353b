import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import dayjs from 'dayjs';
import { ApiPath } from '../../../contract/paths';
import { Empty, IdBody } from '../../../contract/schemas/common';
import {
  AccessKeyAddBody,
  AccessKeyEditBody,
  AccessKeyList,
  AccessKeyListQuery,
  AccessKeyRotateBody,
  AccessKeyStatusBody,
  AccessKeyWithSecret,
  AccessKey,
  KeyLogList,
  KeyLogExportQuery,
  KeyLogQuery,
} from '../../../contract/schemas/accessKey';
import { createKey, deleteKey, editKey, rotateKey, setKeyDisabled } from '../../domain/access/accessKeys';
import { keyLogPages, listKeyLog, listKeys, toKey } from '../../domain/access/accessKeyViews';
import { flushKeyLog } from '../authPlugin';
import { pagedRows, sendCsv } from '../csvReply';
import { ErrorReply, Reply, errorReplies, ok } from '../envelope';

const replies = { ...errorReplies, 404: ErrorReply };
const tags = ['accesskey'];

/**
 * API access keys: the account's keys, made, rotated and ended by a signed-in session
 * (no route here has a keyScope, so a key cannot mint or read keys), and the log of their calls.
 */
const accessKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    ApiPath.accessKeyList,
    {
      config: { permission: 'accesskey:list' },
      schema: { tags, querystring: AccessKeyListQuery, response: { 200: Reply(AccessKeyList), ...replies } },
    },
    async (request) => {
      await flushKeyLog(ctx);
      return ok(await listKeys(ctx, request.accountId, request.query));
    },
  );

  app.post(
    ApiPath.accessKeyAdd,
    {
      config: { permission: 'accesskey:add' },
      schema: {
        tags,
        summary: 'Create a key; its secret is in this answer only',
        body: AccessKeyAddBody,
        response: { 200: Reply(AccessKeyWithSecret), ...replies },
      },
    },
    async (request) => {
      const { key, secret } = await createKey(ctx, request.accountId, request.body);
      return ok({ key: toKey(ctx, key), secret });
    },
  );

  app.put(
    ApiPath.accessKeyEdit,
    {
      config: { permission: 'accesskey:edit' },
      schema: { tags, body: AccessKeyEditBody, response: { 200: Reply(AccessKey), ...replies } },
    },
    async (request) => ok(toKey(ctx, await editKey(ctx, request.accountId, request.body))),
  );

  app.post(
    ApiPath.accessKeyStatus,
    {
      config: { permission: 'accesskey:edit' },
      schema: { tags, summary: 'Disable or enable a key', body: AccessKeyStatusBody, response: { 200: Reply(AccessKey), ...replies } },
    },
    async (request) => ok(toKey(ctx, await setKeyDisabled(ctx, request.accountId, request.body.id, request.body.disabled))),
  );

  app.post(
    ApiPath.accessKeyRotate,
    {
      config: { permission: 'accesskey:edit' },
      schema: {
        tags,
        summary: 'A new secret (in this answer only); the old one ends now or after grace_seconds',
        body: AccessKeyRotateBody,
        response: { 200: Reply(AccessKeyWithSecret), ...replies },
      },
    },
    async (request) => {
      const { key, secret } = await rotateKey(ctx, request.accountId, request.body.id, request.body.grace_seconds ?? 0);
      return ok({ key: toKey(ctx, key), secret });
    },
  );

  app.delete(
    ApiPath.accessKeyDel,
    { config: { permission: 'accesskey:del' }, schema: { tags, body: IdBody, response: { 200: Reply(Empty), ...replies } } },
    async (request) => {
      await deleteKey(ctx, request.accountId, request.body.id);
      return ok(null);
    },
  );

  app.get(
    ApiPath.accessKeyLogList,
    {
      config: { permission: 'accesskey:list' },
      schema: { tags, querystring: KeyLogQuery, response: { 200: Reply(KeyLogList), ...replies } },
    },
    async (request) => {
      await flushKeyLog(ctx);
      return ok(await listKeyLog(ctx, request.accountId, request.query));
    },
  );

  app.get(
    ApiPath.accessKeyLogExport,
    { config: { permission: 'accesskey:list' }, schema: { tags, summary: 'The filtered key log as CSV', querystring: KeyLogExportQuery } },
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

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
  KeyLogQuery,
  type KeyScope,
} from '../../../contract/schemas/accessKey';
import * as q from '../../db/accessKeys';
import { createKey, deleteKey, editKey, rotateKey, setKeyDisabled, statusOf, type AccessKeyRow } from '../../domain/accessKeys';
import type { Ctx } from '../../domain/context';
import { authOf, flushKeyLog } from '../authPlugin';
import { pagedRows, sendCsv } from '../csvReply';
import { dateTime } from '../../../contract/dateTime';
import { ErrorReply, Reply, errorReplies, ok } from '../envelope';

const replies = { ...errorReplies, 404: ErrorReply };
const tags = ['accesskey'];

const toKey = (ctx: Ctx, row: AccessKeyRow, usage?: { lastUsedAt: Date | null; lastUsedIp: string | null }): AccessKey => {
  const now = ctx.now();
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as KeyScope[],
    allowed_ips: row.allowedIps,
    rate_limit: row.rateLimit ?? ctx.config.keys.rateLimit,
    expires_at: row.expiresAt ? dateTime(row.expiresAt) : null,
    status: statusOf(row, now),
    old_secret_ends_at: row.oldSecretEndsAt && row.oldSecretEndsAt > now ? dateTime(row.oldSecretEndsAt) : null,
    created_at: dateTime(row.createdAt),
    last_used_at: usage?.lastUsedAt ? dateTime(usage.lastUsedAt) : null,
    last_used_ip: usage?.lastUsedIp ?? null,
  };
};

/** The log filter of a query: dates as days (`to` takes the whole day) or exact times, in server time. */
const logFilter = (accountId: number, query: KeyLogQuery): q.KeyLogFilter => ({
  accountId,
  keyId: query.key_id,
  status: query.status,
  from: query.from ? dayjs(query.from).toDate() : undefined,
  to: query.to ? (query.to.length === 10 ? dayjs(query.to).endOf('day').toDate() : dayjs(query.to).toDate()) : undefined,
});

const toLogEntry = ({ log, keyName, keyPrefix }: q.KeyLogEntry) => ({
  id: log.id,
  created_at: dateTime(log.createdAt),
  key_id: log.keyId,
  key_name: keyName,
  key_prefix: keyPrefix,
  method: log.method,
  path: log.path,
  status: log.status,
  ip: log.ip,
  duration_ms: log.durationMs,
  points: log.points,
});

/**
 * API access keys (issue 15): the account's keys, made, rotated and ended by a signed-in session
 * (no route here has a keyScope, so a key cannot mint or read keys), and the log of their calls.
 */
const accessKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(ApiPath.accessKeyList, { config: { permission: 'signedIn' }, schema: { tags, querystring: AccessKeyListQuery, response: { 200: Reply(AccessKeyList), ...replies } } }, async (request) => {
    const { page = 1, page_size = 20 } = request.query;
    await flushKeyLog(ctx);
    const { rows, total } = await q.listKeys(ctx.db, authOf(request).account.id, { limit: page_size, offset: (page - 1) * page_size });
    return ok({ list: rows.map((r) => toKey(ctx, r.key, r)), total });
  });

  app.post(
    ApiPath.accessKeyAdd,
    { config: { permission: 'accesskey:add' }, schema: { tags, summary: 'Create a key; its secret is in this answer only', body: AccessKeyAddBody, response: { 200: Reply(AccessKeyWithSecret), ...replies } } },
    async (request) => {
      const { key, secret } = await createKey(ctx, authOf(request).account.id, request.body);
      return ok({ key: toKey(ctx, key), secret });
    },
  );

  app.put(ApiPath.accessKeyEdit, { config: { permission: 'accesskey:edit' }, schema: { tags, body: AccessKeyEditBody, response: { 200: Reply(AccessKey), ...replies } } }, async (request) =>
    ok(toKey(ctx, await editKey(ctx, authOf(request).account.id, request.body))),
  );

  app.post(
    ApiPath.accessKeyStatus,
    { config: { permission: 'accesskey:edit' }, schema: { tags, summary: 'Disable or enable a key', body: AccessKeyStatusBody, response: { 200: Reply(AccessKey), ...replies } } },
    async (request) => ok(toKey(ctx, await setKeyDisabled(ctx, authOf(request).account.id, request.body.id, request.body.disabled))),
  );

  app.post(
    ApiPath.accessKeyRotate,
    {
      config: { permission: 'accesskey:edit' },
      schema: { tags, summary: 'A new secret (in this answer only); the old one ends now or after grace_seconds', body: AccessKeyRotateBody, response: { 200: Reply(AccessKeyWithSecret), ...replies } },
    },
    async (request) => {
      const { key, secret } = await rotateKey(ctx, authOf(request).account.id, request.body.id, request.body.grace_seconds ?? 0);
      return ok({ key: toKey(ctx, key), secret });
    },
  );

  app.delete(ApiPath.accessKeyDel, { config: { permission: 'accesskey:del' }, schema: { tags, body: IdBody, response: { 200: Reply(Empty), ...replies } } }, async (request) => {
    await deleteKey(ctx, authOf(request).account.id, request.body.id);
    return ok(null);
  });

  app.get(ApiPath.accessKeyLogList, { config: { permission: 'signedIn' }, schema: { tags, querystring: KeyLogQuery, response: { 200: Reply(KeyLogList), ...replies } } }, async (request) => {
    const { page = 1, page_size = 20 } = request.query;
    await flushKeyLog(ctx);
    const { rows, total } = await q.listKeyLog(ctx.db, logFilter(authOf(request).account.id, request.query), { limit: page_size, offset: (page - 1) * page_size });
    return ok({ list: rows.map(toLogEntry), total, retention_days: ctx.config.keys.logRetentionDays });
  });

  app.get(ApiPath.accessKeyLogExport, { config: { permission: 'signedIn' }, schema: { tags, summary: 'The filtered key log as CSV', querystring: KeyLogQuery } }, async (request, reply) => {
    await flushKeyLog(ctx);
    const filter = logFilter(authOf(request).account.id, request.query);
    const rows = pagedRows(
      (after, limit) => q.keyLogPage(ctx.db, filter, after, limit),
      (r) => {
        const e = toLogEntry(r);
        return [e.created_at, e.key_name, e.key_prefix, e.method, e.path, e.status, e.ip, e.duration_ms, e.points];
      },
    );
    return sendCsv(reply, `access_key_log_${dayjs(ctx.now()).format('YYYYMMDD_HHmmss')}.csv`, ['time', 'key', 'prefix', 'method', 'path', 'status', 'ip', 'duration_ms', 'points'], rows);
  });
};

export default accessKeyRoutes;

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPath } from '../../../contract/paths';
import { ErrorLogAddBody, ErrorLogAdded, ErrorLogList, ErrorLogListQuery } from '../../../contract/schemas/errorLog';
import { addErrorLogs, errorLogsOf } from '../../domain/system/errorLog';
import { authOf } from '../authPlugin';
import { dateTime } from '../../../contract/dateTime';
import { errorLogEntryOf } from '../../../contract/errorLogEntry';
import { Reply, errorReplies, ok } from '../envelope';

const tags = ['error-log'];

/** The console's error log (spec §3, §8): each browser reports its errors in batches. */
const errorLogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.post(
    ApiPath.errorLogAdd,
    // A locked screen still reports its errors.
    {
      config: { whileLocked: true, permission: 'signedIn' },
      schema: { tags, body: ErrorLogAddBody, response: { 200: Reply(ErrorLogAdded), ...errorReplies } },
    },
    async (request) => ok({ added: await addErrorLogs(ctx, authOf(request), request.body) }),
  );

  app.get(
    ApiPath.errorLogList,
    {
      config: { permission: 'signedIn' },
      schema: { tags, querystring: ErrorLogListQuery, response: { 200: Reply(ErrorLogList), ...errorReplies } },
    },
    async (request) => {
      const { page = 1, page_size = 20, all = 0, type, keyword } = request.query;
      const { rows, total } = await errorLogsOf(ctx, authOf(request), { all: all === 1, page, pageSize: page_size, type, keyword });
      return ok({
        list: rows.map(({ entry, username }) => ({
          id: entry.id,
          ...errorLogEntryOf(entry),
          type: entry.type as ErrorLogList['list'][number]['type'],
          username,
          created_at: dateTime(entry.createdAt),
        })),
        total,
      });
    },
  );
};

export default errorLogRoutes;

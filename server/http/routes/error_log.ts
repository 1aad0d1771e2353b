import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorLogList } from '../../../contract/schemas/errorLog';
import { addErrorLogs, errorLogsOf } from '../../domain/system/errorLog';
import { authOf } from '../authPlugin';
import { dateTime } from '../../../contract/dateTime';
import { errorLogEntryOf } from '../../../contract/errorLogEntry';
import { ok } from '../envelope';
import { errorLogEndpoints } from '../../../contract/endpoints/errorLog';
import { routesOf } from '../serve';

const tags = ['error-log'];

/** The console's error log (spec §3, §8): each browser reports its errors in batches. */
const errorLogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const route = routesOf(app, { tags });

  // A locked screen still reports its errors.
  route(errorLogEndpoints.errorLogAdd, { whileLocked: true, permission: 'signedIn' }, async (request) =>
    ok({ added: await addErrorLogs(ctx, authOf(request), request.body) }),
  );

  route(errorLogEndpoints.errorLogList, { permission: 'signedIn' }, async (request) => {
    const { all = 0, ...query } = request.query;
    const { rows, total } = await errorLogsOf(ctx, authOf(request), { ...query, all: all === 1 });
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
  });
};

export default errorLogRoutes;

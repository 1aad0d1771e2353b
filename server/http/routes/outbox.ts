import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPath } from '../../../contract/paths';
import { OutboxList, OutboxListQuery, type OutboxMessage } from '../../../contract/schemas/outbox';
import { readOutbox, type OutboxRow } from '../../domain/support/outbox';
import { requireAdmin } from '../../domain/access/permissions';
import { authOf } from '../authPlugin';
import { dateTime } from '../../../contract/dateTime';
import { Reply, errorReplies, ok } from '../envelope';

export const toOutboxMessage = (row: OutboxRow): OutboxMessage => ({
  id: row.id,
  channel: row.channel === 'sms' ? 'sms' : 'mail',
  recipient: row.recipient,
  subject: row.subject,
  body: row.body,
  delivered_via: row.deliveredVia,
  created_at: dateTime(row.createdAt),
});

/** The outbox for administrators: what `npm run outbox` reads while the server holds the embedded database. */
const outboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    ApiPath.outboxList,
    {
      config: { permission: 'admin' },
      schema: { tags: ['outbox'], querystring: OutboxListQuery, response: { 200: Reply(OutboxList), ...errorReplies } },
    },
    async (request) => {
      requireAdmin(authOf(request), 'adminOnly.readOutbox');
      const { list, total } = await readOutbox(app.ctx.db, { limit: request.query.page_size ?? 20, afterId: request.query.after_id });
      return ok({ list: list.map(toOutboxMessage), total });
    },
  );
};

export default outboxRoutes;

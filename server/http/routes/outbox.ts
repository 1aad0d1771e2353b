import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { OutboxMessage } from '../../../contract/schemas/outbox';
import { readOutbox, type OutboxRow } from '../../domain/support/outbox';
import { requireAdmin } from '../../domain/access/permissions';
import { authOf } from '../authPlugin';
import { dateTime } from '../../../contract/dateTime';
import { ok } from '../envelope';
import { outboxEndpoints } from '../../../contract/endpoints/outbox';
import { routesOf } from '../serve';

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
  const route = routesOf(app, { tags: ['outbox'] });
  route(outboxEndpoints.outboxList, { permission: 'admin' }, async (request) => {
    requireAdmin(authOf(request), 'adminOnly.readOutbox');
    const { list, total } = await readOutbox(app.ctx.db, { limit: request.query.page_size ?? 20, afterId: request.query.after_id });
    return ok({ list: list.map(toOutboxMessage), total });
  });
};

export default outboxRoutes;

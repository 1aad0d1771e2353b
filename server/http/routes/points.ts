import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { desc, eq, sql } from 'drizzle-orm';
import { ApiPath } from '../../../contract/paths';
import { PointsList, PointsListQuery } from '../../../contract/schemas/points';
import { pointsLedger } from '../../db/schema';
import { findAccountById } from '../../db/accounts';
import { authOf } from '../authPlugin';
import { dateTime } from '../dateTime';
import { Reply, errorReplies, ok } from '../envelope';

/** The account's points: its balance, what things cost, and its append-only ledger, newest first. */
const pointsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  app.get(ApiPath.pointsList, { config: { permission: 'signedIn' }, schema: { tags: ['points'], querystring: PointsListQuery, response: { 200: Reply(PointsList), ...errorReplies } } }, async (request) => {
    const accountId = authOf(request).account.id;
    const { page = 1, page_size = 20 } = request.query;
    const [rows, [{ total }], account] = await Promise.all([
      ctx.db
        .select()
        .from(pointsLedger)
        .where(eq(pointsLedger.accountId, accountId))
        .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
        .limit(page_size)
        .offset((page - 1) * page_size),
      ctx.db.select({ total: sql<number>`count(*)::int` }).from(pointsLedger).where(eq(pointsLedger.accountId, accountId)),
      findAccountById(ctx.db, accountId),
    ]);
    const g = ctx.config.generation;
    return ok({
      list: rows.map((r) => ({ id: r.id, delta: r.delta, balance_after: r.balanceAfter, reason: r.reason, reference: r.reference, created_at: dateTime(r.createdAt) })),
      total,
      balance: account?.points ?? 0,
      prices: { article: g.priceArticle, image: g.priceImage, images_per_article: g.imagesPerArticle },
    });
  });
};

export default pointsRoutes;

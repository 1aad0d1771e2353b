import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, desc, eq, gt, gte, lt, sql, type SQL } from 'drizzle-orm';
import dayjs from 'dayjs';
import { ApiPath } from '../../../contract/paths';
import { PointsExportQuery, PointsList, PointsListQuery } from '../../../contract/schemas/points';
import { Granted, GrantBody } from '../../../contract/schemas/topup';
import { pointsLedger } from '../../db/schema';
import { findAccountById } from '../../db/accounts';
import { requireAdmin } from '../../domain/permissions';
import { grantPoints } from '../../domain/topup';
import { invalid } from '../../domain/errors';
import type { Authenticated } from '../../domain/sessions';
import { authOf } from '../authPlugin';
import { dateTime } from '../dateTime';
import { pagedRows, sendCsv } from '../csvReply';
import { ErrorReply, Reply, errorReplies, ok } from '../envelope';

interface LedgerFilter {
  account_id?: number;
  reason?: string;
  date_from?: string;
  date_to?: string;
}

/** A `YYYY-MM-DD` day's start in the server's time (spec §5), or a 400 naming the field. */
function dayStart(field: string, value: string): Date {
  const day = dayjs(value);
  if (!day.isValid() || day.format('YYYY-MM-DD') !== value) throw invalid(`${field}: "${value}" is not a date`);
  return day.startOf('day').toDate();
}

/** Whose ledger: the caller's, or for an admin the one `account_id` names. */
function ledgerAccount(auth: Authenticated, accountId: number | undefined): number {
  if (accountId === undefined || accountId === auth.account.id) return auth.account.id;
  requireAdmin(auth, "read another account's ledger");
  return accountId;
}

function ledgerWhere(accountId: number, f: LedgerFilter): SQL | undefined {
  const from = f.date_from ? dayStart('date_from', f.date_from) : null;
  const to = f.date_to ? dayjs(dayStart('date_to', f.date_to)).add(1, 'day').toDate() : null;
  if (from && to && from >= to) throw invalid('date_from: must not be after date_to');
  return and(
    eq(pointsLedger.accountId, accountId),
    f.reason ? eq(pointsLedger.reason, f.reason) : undefined,
    from ? gte(pointsLedger.createdAt, from) : undefined,
    to ? lt(pointsLedger.createdAt, to) : undefined,
  );
}

/** The account's points: its balance, what things cost, and its append-only ledger, newest first. */
const pointsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  app.get(
    ApiPath.pointsList,
    { config: { permission: 'signedIn', keyScope: 'read' }, schema: { tags: ['points'], querystring: PointsListQuery, response: { 200: Reply(PointsList), ...errorReplies } } },
    async (request) => {
      const accountId = ledgerAccount(authOf(request), request.query.account_id);
      const { page = 1, page_size = 20 } = request.query;
      const where = ledgerWhere(accountId, request.query);
      const [rows, [{ total }], account] = await Promise.all([
        ctx.db
          .select()
          .from(pointsLedger)
          .where(where)
          .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
          .limit(page_size)
          .offset((page - 1) * page_size),
        ctx.db.select({ total: sql<number>`count(*)::int` }).from(pointsLedger).where(where),
        findAccountById(ctx.db, accountId),
      ]);
      const g = ctx.config.generation;
      return ok({
        list: rows.map((r) => ({ id: r.id, delta: r.delta, balance_after: r.balanceAfter, reason: r.reason, reference: r.reference, created_at: dateTime(r.createdAt) })),
        total,
        balance: account?.points ?? 0,
        prices: { article: g.priceArticle, image: g.priceImage, images_per_article: g.imagesPerArticle },
      });
    },
  );

  /* The ledger as a spreadsheet, with the list's filters (issue 13). */
  app.get(
    ApiPath.pointsExport,
    { config: { permission: 'signedIn' }, schema: { tags: ['points'], summary: 'The ledger as CSV', querystring: PointsExportQuery, response: { ...errorReplies } } },
    async (request, reply) => {
      const accountId = ledgerAccount(authOf(request), request.query.account_id);
      const where = ledgerWhere(accountId, request.query);
      const page = (afterId: number, limit: number) =>
        ctx.db.select().from(pointsLedger).where(and(where, gt(pointsLedger.id, afterId))).orderBy(asc(pointsLedger.id)).limit(limit);
      return sendCsv(
        reply,
        `points_ledger_${accountId}.csv`,
        ['id', 'time', 'reason', 'reference', 'delta', 'balance_after'],
        pagedRows(page, (r) => [r.id, dateTime(r.createdAt), r.reason, r.reference, r.delta, r.balanceAfter]),
      );
    },
  );

  /* The operator adds or takes away points (issue 13). */
  app.post(
    ApiPath.pointsGrant,
    { config: { permission: 'admin' }, schema: { tags: ['points'], summary: 'Add or take away points (admin)', body: GrantBody, response: { 200: Reply(Granted), ...errorReplies, 404: ErrorReply } } },
    async (request) => {
      const auth = authOf(request);
      requireAdmin(auth, 'grant points');
      return ok(await grantPoints(ctx, auth.account, request.body));
    },
  );
};

export default pointsRoutes;

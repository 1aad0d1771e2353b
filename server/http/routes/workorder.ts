import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiPath } from '../../../contract/paths';
import { IdBody, ListOf } from '../../../contract/schemas/common';
import {
  AdminWorkorderListQuery,
  Workorder,
  WorkorderAddBody,
  WorkorderAssignBody,
  WorkorderDetail,
  WorkorderIdQuery,
  WorkorderListQuery,
  WorkorderReplyBody,
  WorkorderSubject,
  WorkorderSubjectsQuery,
} from '../../../contract/schemas/workorder';
import { listWorkOrders, messagesOf, subjectsOf, type WorkOrderListRow } from '../../db/workorders';
import { requireAdmin } from '../../domain/permissions';
import {
  anyWorkOrder,
  assignWorkOrder,
  canReopen,
  closeWorkOrder,
  ownWorkOrder,
  reopenWorkOrder,
  replyAsOperator,
  replyAsUser,
  submitWorkOrder,
} from '../../domain/workorders';
import { authOf } from '../authPlugin';
import { dateTime } from '../../../contract/dateTime';
import { ErrorReply, Reply, errorReplies, ok } from '../envelope';

const replies = { ...errorReplies, 404: ErrorReply };
const tags = ['workorder'];
const signedIn = { permission: 'signedIn' };
const admin = { permission: 'admin' };

/** Work orders (spec §2 /workorder): a customer's requests to the operator, and the operator's queue. */
const workorderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  const toWorkorder = ({ order, username, assignee, subjectName }: WorkOrderListRow): Workorder => ({
    id: order.id,
    account_id: order.accountId,
    username,
    category: order.category as Workorder['category'],
    title: order.title,
    status: order.status as Workorder['status'],
    subject_type: order.subjectType as Workorder['subject_type'],
    subject_id: order.subjectId,
    subject_name: subjectName,
    assignee_id: order.assigneeId,
    assignee,
    message_count: order.messageCount,
    last_reply_at: dateTime(order.lastReplyAt),
    last_reply_by_operator: order.lastReplyByOperator,
    closed_at: order.closedAt ? dateTime(order.closedAt) : null,
    can_reopen: canReopen(order, ctx.now()),
    created_at: dateTime(order.createdAt),
  });

  async function detailOf(row: WorkOrderListRow) {
    const messages = await messagesOf(ctx.db, row.order.id);
    return ok({
      workorder: toWorkorder(row),
      messages: messages.map(({ message, author }) => ({
        id: message.id,
        from_operator: message.fromOperator,
        author,
        body: message.body,
        attachments: message.attachments,
        created_at: dateTime(message.createdAt),
      })),
    });
  }

  /* The customer's side: their own work orders only. */

  app.get(ApiPath.workorderList, { config: signedIn, schema: { tags, querystring: WorkorderListQuery, response: { 200: Reply(ListOf(Workorder)), ...replies } } }, async (request) => {
    const { page = 1, page_size = 20, status, category, keyword } = request.query;
    const { rows, total } = await listWorkOrders(ctx.db, { accountId: authOf(request).account.id, status, category, keyword }, { limit: page_size, offset: (page - 1) * page_size, queue: false });
    return ok({ list: rows.map(toWorkorder), total });
  });

  app.get(ApiPath.workorderDetail, { config: signedIn, schema: { tags, querystring: WorkorderIdQuery, response: { 200: Reply(WorkorderDetail), ...replies } } }, async (request) =>
    detailOf(await ownWorkOrder(ctx, authOf(request).account.id, request.query.id)),
  );

  app.post(ApiPath.workorderAdd, { config: signedIn, schema: { tags, body: WorkorderAddBody, response: { 200: Reply(WorkorderDetail), ...replies } } }, async (request) => {
    const accountId = authOf(request).account.id;
    const order = await submitWorkOrder(ctx, accountId, request.body);
    return detailOf(await ownWorkOrder(ctx, accountId, order.id));
  });

  app.post(ApiPath.workorderReply, { config: signedIn, schema: { tags, body: WorkorderReplyBody, response: { 200: Reply(WorkorderDetail), ...replies } } }, async (request) => {
    const accountId = authOf(request).account.id;
    await replyAsUser(ctx, accountId, request.body);
    return detailOf(await ownWorkOrder(ctx, accountId, request.body.id));
  });

  app.post(ApiPath.workorderClose, { config: signedIn, schema: { tags, body: IdBody, response: { 200: Reply(WorkorderDetail), ...replies } } }, async (request) => {
    const accountId = authOf(request).account.id;
    await closeWorkOrder(ctx, (await ownWorkOrder(ctx, accountId, request.body.id)).order);
    return detailOf(await ownWorkOrder(ctx, accountId, request.body.id));
  });

  app.post(ApiPath.workorderReopen, { config: signedIn, schema: { tags, body: IdBody, response: { 200: Reply(WorkorderDetail), ...replies } } }, async (request) => {
    const accountId = authOf(request).account.id;
    await reopenWorkOrder(ctx, accountId, request.body.id);
    return detailOf(await ownWorkOrder(ctx, accountId, request.body.id));
  });

  app.get(
    ApiPath.workorderSubjects,
    { config: signedIn, schema: { tags, querystring: WorkorderSubjectsQuery, response: { 200: Reply(Type.Array(WorkorderSubject)), ...replies } } },
    async (request) => ok(await subjectsOf(ctx.db, authOf(request).account.id, request.query.type, request.query.keyword)),
  );

  /* The operator's queue. */

  app.get(ApiPath.adminWorkorderList, { config: admin, schema: { tags, querystring: AdminWorkorderListQuery, response: { 200: Reply(ListOf(Workorder)), ...replies } } }, async (request) => {
    requireAdmin(authOf(request), 'read the work order queue');
    const { page = 1, page_size = 20, status, category, keyword, account, older_than_hours, assignee_id } = request.query;
    const quietSince = older_than_hours ? new Date(ctx.now().getTime() - older_than_hours * 3600_000) : undefined;
    const { rows, total } = await listWorkOrders(ctx.db, { status, category, keyword, account, quietSince, assigneeId: assignee_id }, { limit: page_size, offset: (page - 1) * page_size, queue: true });
    return ok({ list: rows.map(toWorkorder), total });
  });

  app.get(ApiPath.adminWorkorderDetail, { config: admin, schema: { tags, querystring: WorkorderIdQuery, response: { 200: Reply(WorkorderDetail), ...replies } } }, async (request) => {
    requireAdmin(authOf(request), 'read work orders');
    return detailOf(await anyWorkOrder(ctx, request.query.id));
  });

  app.post(ApiPath.adminWorkorderReply, { config: admin, schema: { tags, body: WorkorderReplyBody, response: { 200: Reply(WorkorderDetail), ...replies } } }, async (request) => {
    const auth = authOf(request);
    requireAdmin(auth, 'answer work orders');
    await replyAsOperator(ctx, auth.account.id, request.body);
    return detailOf(await anyWorkOrder(ctx, request.body.id));
  });

  app.post(ApiPath.adminWorkorderAssign, { config: admin, schema: { tags, body: WorkorderAssignBody, response: { 200: Reply(WorkorderDetail), ...replies } } }, async (request) => {
    requireAdmin(authOf(request), 'assign work orders');
    await assignWorkOrder(ctx, request.body.id, request.body.assignee_id);
    return detailOf(await anyWorkOrder(ctx, request.body.id));
  });

  app.post(ApiPath.adminWorkorderClose, { config: admin, schema: { tags, body: IdBody, response: { 200: Reply(WorkorderDetail), ...replies } } }, async (request) => {
    requireAdmin(authOf(request), 'close work orders');
    await closeWorkOrder(ctx, (await anyWorkOrder(ctx, request.body.id)).order);
    return detailOf(await anyWorkOrder(ctx, request.body.id));
  });
};

export default workorderRoutes;

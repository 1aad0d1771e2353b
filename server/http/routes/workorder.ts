import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
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
import { anyDetail, listOwn, listQueue, ownDetail, subjectsOf } from '../../domain/support/workorderViews';
import { requireAdmin } from '../../domain/access/permissions';
import {
  anyWorkOrder,
  assignWorkOrder,
  closeWorkOrder,
  ownWorkOrder,
  reopenWorkOrder,
  replyAsOperator,
  replyAsUser,
  submitWorkOrder,
} from '../../domain/support/workorders';
import { authOf } from '../authPlugin';
import { ErrorReply, Reply, errorReplies, ok } from '../envelope';

const replies = { ...errorReplies, 404: ErrorReply };
const tags = ['workorder'];
const signedIn = { permission: 'signedIn' } as const;
const admin = { permission: 'admin' } as const;

/** The account the caller works in, and who the caller is (a sub-account is named as itself). */
const actingOf = (request: FastifyRequest) => ({ accountId: request.accountId, userId: authOf(request).user.id });

/** Work orders (spec §2 /workorder): a customer's requests to the operator, and the operator's queue. */
const workorderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  /* The customer's side: their own work orders only. */

  app.get(
    ApiPath.workorderList,
    { config: signedIn, schema: { tags, querystring: WorkorderListQuery, response: { 200: Reply(ListOf(Workorder)), ...replies } } },
    async (request) => {
      return ok(await listOwn(ctx, request.accountId, request.query));
    },
  );

  app.get(
    ApiPath.workorderDetail,
    { config: signedIn, schema: { tags, querystring: WorkorderIdQuery, response: { 200: Reply(WorkorderDetail), ...replies } } },
    async (request) => ok(await ownDetail(ctx, request.accountId, request.query.id)),
  );

  app.post(
    ApiPath.workorderAdd,
    { config: signedIn, schema: { tags, body: WorkorderAddBody, response: { 200: Reply(WorkorderDetail), ...replies } } },
    async (request) => {
      const order = await submitWorkOrder(ctx, actingOf(request), request.body);
      return ok(await ownDetail(ctx, request.accountId, order.id));
    },
  );

  app.post(
    ApiPath.workorderReply,
    { config: signedIn, schema: { tags, body: WorkorderReplyBody, response: { 200: Reply(WorkorderDetail), ...replies } } },
    async (request) => {
      await replyAsUser(ctx, actingOf(request), request.body);
      return ok(await ownDetail(ctx, request.accountId, request.body.id));
    },
  );

  app.post(
    ApiPath.workorderClose,
    { config: signedIn, schema: { tags, body: IdBody, response: { 200: Reply(WorkorderDetail), ...replies } } },
    async (request) => {
      await closeWorkOrder(ctx, (await ownWorkOrder(ctx, request.accountId, request.body.id)).order);
      return ok(await ownDetail(ctx, request.accountId, request.body.id));
    },
  );

  app.post(
    ApiPath.workorderReopen,
    { config: signedIn, schema: { tags, body: IdBody, response: { 200: Reply(WorkorderDetail), ...replies } } },
    async (request) => {
      await reopenWorkOrder(ctx, request.accountId, request.body.id);
      return ok(await ownDetail(ctx, request.accountId, request.body.id));
    },
  );

  app.get(
    ApiPath.workorderSubjects,
    {
      config: signedIn,
      schema: { tags, querystring: WorkorderSubjectsQuery, response: { 200: Reply(Type.Array(WorkorderSubject)), ...replies } },
    },
    async (request) => ok(await subjectsOf(ctx, request.accountId, request.query.type, request.query.keyword)),
  );

  /* The operator's queue. */

  app.get(
    ApiPath.adminWorkorderList,
    { config: admin, schema: { tags, querystring: AdminWorkorderListQuery, response: { 200: Reply(ListOf(Workorder)), ...replies } } },
    async (request) => {
      requireAdmin(authOf(request), 'adminOnly.readWorkOrderQueue');
      return ok(await listQueue(ctx, request.query));
    },
  );

  app.get(
    ApiPath.adminWorkorderDetail,
    { config: admin, schema: { tags, querystring: WorkorderIdQuery, response: { 200: Reply(WorkorderDetail), ...replies } } },
    async (request) => {
      requireAdmin(authOf(request), 'adminOnly.readWorkOrders');
      return ok(await anyDetail(ctx, request.query.id));
    },
  );

  app.post(
    ApiPath.adminWorkorderReply,
    { config: admin, schema: { tags, body: WorkorderReplyBody, response: { 200: Reply(WorkorderDetail), ...replies } } },
    async (request) => {
      const auth = authOf(request);
      requireAdmin(auth, 'adminOnly.answerWorkOrders');
      await replyAsOperator(ctx, request.accountId, request.body, request.language);
      return ok(await anyDetail(ctx, request.body.id));
    },
  );

  app.post(
    ApiPath.adminWorkorderAssign,
    { config: admin, schema: { tags, body: WorkorderAssignBody, response: { 200: Reply(WorkorderDetail), ...replies } } },
    async (request) => {
      requireAdmin(authOf(request), 'adminOnly.assignWorkOrders');
      await assignWorkOrder(ctx, request.body.id, request.body.assignee_id);
      return ok(await anyDetail(ctx, request.body.id));
    },
  );

  app.post(
    ApiPath.adminWorkorderClose,
    { config: admin, schema: { tags, body: IdBody, response: { 200: Reply(WorkorderDetail), ...replies } } },
    async (request) => {
      requireAdmin(authOf(request), 'adminOnly.closeWorkOrders');
      await closeWorkOrder(ctx, (await anyWorkOrder(ctx, request.body.id)).order);
      return ok(await anyDetail(ctx, request.body.id));
    },
  );
};

export default workorderRoutes;

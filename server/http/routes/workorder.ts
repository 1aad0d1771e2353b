import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
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
import { ok, withNotFound } from '../envelope';
import { workorderEndpoints } from '../../../contract/endpoints/workorder';
import { routesOf } from '../serve';

const tags = ['workorder'];
const signedIn = { permission: 'signedIn' } as const;
const admin = { permission: 'admin' } as const;

/** The account the caller works in, and who the caller is (a sub-account is named as itself). */
const actingOf = (request: FastifyRequest) => ({ accountId: request.accountId, userId: authOf(request).user.id });

/** Work orders (spec §2 /workorder): a customer's requests to the operator, and the operator's queue. */
const workorderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const route = routesOf(app, { tags, replies: withNotFound });

  /* The customer's side: their own work orders only. */

  route(workorderEndpoints.workorderList, { ...signedIn }, async (request) => {
    return ok(await listOwn(ctx, request.accountId, request.query));
  });

  route(workorderEndpoints.workorderDetail, { ...signedIn }, async (request) =>
    ok(await ownDetail(ctx, request.accountId, request.query.id)),
  );

  route(workorderEndpoints.workorderAdd, { ...signedIn }, async (request) => {
    const order = await submitWorkOrder(ctx, actingOf(request), request.body);
    return ok(await ownDetail(ctx, request.accountId, order.id));
  });

  route(workorderEndpoints.workorderReply, { ...signedIn }, async (request) => {
    await replyAsUser(ctx, actingOf(request), request.body);
    return ok(await ownDetail(ctx, request.accountId, request.body.id));
  });

  route(workorderEndpoints.workorderClose, { ...signedIn }, async (request) => {
    await closeWorkOrder(ctx, (await ownWorkOrder(ctx, request.accountId, request.body.id)).order);
    return ok(await ownDetail(ctx, request.accountId, request.body.id));
  });

  route(workorderEndpoints.workorderReopen, { ...signedIn }, async (request) => {
    await reopenWorkOrder(ctx, request.accountId, request.body.id);
    return ok(await ownDetail(ctx, request.accountId, request.body.id));
  });

  route(workorderEndpoints.workorderSubjects, { ...signedIn }, async (request) =>
    ok(await subjectsOf(ctx, request.accountId, request.query.type, request.query.keyword)),
  );

  /* The operator's queue. */

  route(workorderEndpoints.adminWorkorderList, { ...admin }, async (request) => {
    requireAdmin(authOf(request), 'adminOnly.readWorkOrderQueue');
    return ok(await listQueue(ctx, request.query));
  });

  route(workorderEndpoints.adminWorkorderDetail, { ...admin }, async (request) => {
    requireAdmin(authOf(request), 'adminOnly.readWorkOrders');
    return ok(await anyDetail(ctx, request.query.id));
  });

  route(workorderEndpoints.adminWorkorderReply, { ...admin }, async (request) => {
    const auth = authOf(request);
    requireAdmin(auth, 'adminOnly.answerWorkOrders');
    await replyAsOperator(ctx, request.accountId, request.body, request.language);
    return ok(await anyDetail(ctx, request.body.id));
  });

  route(workorderEndpoints.adminWorkorderAssign, { ...admin }, async (request) => {
    requireAdmin(authOf(request), 'adminOnly.assignWorkOrders');
    await assignWorkOrder(ctx, request.body.id, request.body.assignee_id);
    return ok(await anyDetail(ctx, request.body.id));
  });

  route(workorderEndpoints.adminWorkorderClose, { ...admin }, async (request) => {
    requireAdmin(authOf(request), 'adminOnly.closeWorkOrders');
    await closeWorkOrder(ctx, (await anyWorkOrder(ctx, request.body.id)).order);
    return ok(await anyDetail(ctx, request.body.id));
  });
};

export default workorderRoutes;

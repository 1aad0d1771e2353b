import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  accountPages,
  addRole,
  addSubAccount,
  adminLogPages,
  deleteRole,
  editRole,
  editSubAccount,
  listAccounts,
  listAdminLogs,
  roleNamesByCode,
  listRoles,
  removeSubAccount,
  resetAccountPassword,
  setAccountStatus,
} from '../../domain/system/system';
import { authOf } from '../authPlugin';
import { sendCsv, pagedRows, type CsvColumn } from '../csvReply';
import { ok, withNotFound } from '../envelope';
import { systemEndpoints } from '../../../contract/endpoints/system';
import { routesOf } from '../serve';

/** Sub-accounts (and every account for the operator), roles, and the admin log. */
const systemRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const tags = ['system'];
  const route = routesOf(app, { tags, replies: withNotFound });

  route(systemEndpoints.subAccountList, { permission: 'subaccount:list' }, async (request) => {
    return ok(await listAccounts(ctx, authOf(request), request.query));
  });

  route(systemEndpoints.subAccountExport, { permission: 'subaccount:list', replies: {} }, async (request, reply) => {
    const header: CsvColumn[] = ['id', 'username', 'real_name', 'owner', 'roles', 'points', 'status', 'created_at', 'last_login_at'];
    const roleNames = await roleNamesByCode(ctx);
    return sendCsv(reply, 'account_list.csv', header, (words) =>
      pagedRows(accountPages(ctx, authOf(request), request.query), ({ account: r }) => [
        r.id,
        r.username,
        r.real_name,
        r.owner_name ?? '',
        words.roles(r.roles, roleNames),
        r.points,
        words.accountStatus(r.status),
        r.created_at,
        r.last_login_at ?? '',
      ]),
    );
  });

  route(systemEndpoints.subAccountAdd, { permission: 'subaccount:add' }, async (request) => {
    const account = await addSubAccount(ctx, authOf(request), request.body);
    return ok({ id: account.id });
  });

  route(systemEndpoints.subAccountEdit, { permission: 'subaccount:edit' }, async (request) => {
    await editSubAccount(ctx, authOf(request), request.body);
    return ok(null);
  });

  route(systemEndpoints.subAccountStatus, { permission: 'subaccount:edit' }, async (request) => {
    await setAccountStatus(ctx, authOf(request), request.body.id, request.body.status === 'disabled');
    return ok(null);
  });

  route(systemEndpoints.subAccountResetPassword, { permission: 'subaccount:edit' }, async (request) => {
    await resetAccountPassword(ctx, authOf(request), request.body.id, request.body.password);
    return ok(null);
  });

  route(systemEndpoints.subAccountDel, { permission: 'subaccount:del' }, async (request) => {
    await removeSubAccount(ctx, authOf(request), request.body.id);
    return ok(null);
  });

  route(systemEndpoints.roleList, { permission: 'signedIn' }, async () => {
    const roles = await listRoles(ctx);
    return ok({
      list: roles.map((r) => ({
        id: r.id,
        code: r.code,
        name: r.name,
        built_in: r.builtIn,
        holders: r.holders,
        menu_ids: r.menuIds,
        access_ids: r.accessIds,
      })),
      total: roles.length,
    });
  });

  route(systemEndpoints.roleAdd, { permission: 'admin' }, async (request) => {
    const role = await addRole(ctx, request.body);
    return ok({ id: role.id });
  });

  route(systemEndpoints.roleEdit, { permission: 'admin' }, async (request) => {
    await editRole(ctx, request.body);
    return ok(null);
  });

  route(systemEndpoints.roleDel, { permission: 'admin' }, async (request) => {
    await deleteRole(ctx, request.body.id);
    return ok(null);
  });

  route(systemEndpoints.adminLogList, { permission: 'admin_log:list' }, async (request) => {
    return ok(await listAdminLogs(ctx, authOf(request), request.query, request.language));
  });

  route(systemEndpoints.adminLogExport, { permission: 'admin_log:list', replies: {} }, async (request, reply) => {
    const header: CsvColumn[] = [
      'id',
      'created_at',
      'user',
      'action',
      'method',
      'route',
      'resource',
      'resource_id',
      'status',
      'code',
      'ip',
      'user_agent',
      'before',
      'after',
    ];
    return sendCsv(reply, 'admin_log.csv', header, (words) =>
      pagedRows(adminLogPages(ctx, authOf(request), request.query, request.language), ({ entry: r }) => [
        r.id,
        r.created_at,
        r.actor_name,
        words.logAction(r.action),
        r.method,
        r.route,
        words.logResource(r.resource),
        r.resource_id ?? '',
        r.status,
        r.code ?? '',
        r.ip ?? '',
        r.user_agent ?? '',
        JSON.stringify(r.before),
        JSON.stringify(r.after),
      ]),
    );
  });
};

export default systemRoutes;

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiPath } from '../../../contract/paths';
import { Empty, IdBody, ListOf } from '../../../contract/schemas/common';
import {
  AdminLogEntry,
  AdminLogExportQuery,
  AdminLogListQuery,
  RoleAddBody,
  RoleEditBody,
  RoleItem,
  SubAccount,
  SubAccountAddBody,
  SubAccountEditBody,
  SubAccountExportQuery,
  SubAccountListQuery,
  SubAccountResetBody,
  SubAccountStatusBody,
} from '../../../contract/schemas/system';
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
import { ErrorReply, Reply, errorReplies, ok } from '../envelope';

const replies = { ...errorReplies, 404: ErrorReply };
const Created = Type.Object({ id: Type.Integer() });

/** Sub-accounts (and every account for the operator), roles, and the admin log. */
const systemRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const tags = ['system'];

  app.get(
    ApiPath.subAccountList,
    {
      config: { permission: 'subaccount:list' },
      schema: { tags, querystring: SubAccountListQuery, response: { 200: Reply(ListOf(SubAccount)), ...replies } },
    },
    async (request) => {
      return ok(await listAccounts(ctx, authOf(request), request.query));
    },
  );

  app.get(
    ApiPath.subAccountExport,
    { config: { permission: 'subaccount:list' }, schema: { tags, querystring: SubAccountExportQuery } },
    async (request, reply) => {
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
    },
  );

  app.post(
    ApiPath.subAccountAdd,
    { config: { permission: 'subaccount:add' }, schema: { tags, body: SubAccountAddBody, response: { 200: Reply(Created), ...replies } } },
    async (request) => {
      const account = await addSubAccount(ctx, authOf(request), request.body);
      return ok({ id: account.id });
    },
  );

  app.put(
    ApiPath.subAccountEdit,
    { config: { permission: 'subaccount:edit' }, schema: { tags, body: SubAccountEditBody, response: { 200: Reply(Empty), ...replies } } },
    async (request) => {
      await editSubAccount(ctx, authOf(request), request.body);
      return ok(null);
    },
  );

  app.post(
    ApiPath.subAccountStatus,
    {
      config: { permission: 'subaccount:edit' },
      schema: { tags, body: SubAccountStatusBody, response: { 200: Reply(Empty), ...replies } },
    },
    async (request) => {
      await setAccountStatus(ctx, authOf(request), request.body.id, request.body.status === 'disabled');
      return ok(null);
    },
  );

  app.post(
    ApiPath.subAccountResetPassword,
    { config: { permission: 'subaccount:edit' }, schema: { tags, body: SubAccountResetBody, response: { 200: Reply(Empty), ...replies } } },
    async (request) => {
      await resetAccountPassword(ctx, authOf(request), request.body.id, request.body.password);
      return ok(null);
    },
  );

  app.delete(
    ApiPath.subAccountDel,
    { config: { permission: 'subaccount:del' }, schema: { tags, body: IdBody, response: { 200: Reply(Empty), ...replies } } },
    async (request) => {
      await removeSubAccount(ctx, authOf(request), request.body.id);
      return ok(null);
    },
  );

  app.get(
    ApiPath.roleList,
    { config: { permission: 'signedIn' }, schema: { tags, response: { 200: Reply(ListOf(RoleItem)), ...replies } } },
    async () => {
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
    },
  );

  app.post(
    ApiPath.roleAdd,
    { config: { permission: 'admin' }, schema: { tags, body: RoleAddBody, response: { 200: Reply(Created), ...replies } } },
    async (request) => {
      const role = await addRole(ctx, request.body);
      return ok({ id: role.id });
    },
  );

  app.put(
    ApiPath.roleEdit,
    { config: { permission: 'admin' }, schema: { tags, body: RoleEditBody, response: { 200: Reply(Empty), ...replies } } },
    async (request) => {
      await editRole(ctx, request.body);
      return ok(null);
    },
  );

  app.delete(
    ApiPath.roleDel,
    { config: { permission: 'admin' }, schema: { tags, body: IdBody, response: { 200: Reply(Empty), ...replies } } },
    async (request) => {
      await deleteRole(ctx, request.body.id);
      return ok(null);
    },
  );

  app.get(
    ApiPath.adminLogList,
    {
      config: { permission: 'admin_log:list' },
      schema: { tags, querystring: AdminLogListQuery, response: { 200: Reply(ListOf(AdminLogEntry)), ...replies } },
    },
    async (request) => {
      return ok(await listAdminLogs(ctx, authOf(request), request.query, request.language));
    },
  );

  app.get(
    ApiPath.adminLogExport,
    { config: { permission: 'admin_log:list' }, schema: { tags, querystring: AdminLogExportQuery } },
    async (request, reply) => {
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
    },
  );
};

export default systemRoutes;

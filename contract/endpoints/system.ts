import { Type } from 'typebox';
import { endpoint } from '../endpoint';
import {
  AdminLogEntry,
  AdminLogExportQuery,
  AdminLogListQuery,
  RoleAddBody,
  RoleEditBody,
  RoleItem,
  SignInAsBody,
  SubAccount,
  SubAccountAddBody,
  SubAccountEditBody,
  SubAccountExportQuery,
  SubAccountListQuery,
  SubAccountResetBody,
  SubAccountStatusBody,
  UserSession,
  UserSessionsQuery,
} from '../schemas/system';
import { Empty, IdBody, ListOf } from '../schemas/common';
import { LoginResult } from '../schemas/auth';
import { ApiPath } from '../paths';

/** The id of the account or role an add created. */
const Created = Type.Object({ id: Type.Integer() });

/** Sub-accounts (every account for the operator), roles, the admin log, signing in as a user and sessions. */
export const systemEndpoints = {
  subAccountList: endpoint.get(ApiPath.subAccountList, { query: SubAccountListQuery, reply: ListOf(SubAccount) }),
  subAccountExport: endpoint.get(ApiPath.subAccountExport, { query: SubAccountExportQuery }),
  subAccountAdd: endpoint.post(ApiPath.subAccountAdd, { body: SubAccountAddBody, reply: Created }),
  subAccountEdit: endpoint.put(ApiPath.subAccountEdit, { body: SubAccountEditBody, reply: Empty }),
  subAccountStatus: endpoint.post(ApiPath.subAccountStatus, { body: SubAccountStatusBody, reply: Empty }),
  subAccountResetPassword: endpoint.post(ApiPath.subAccountResetPassword, { body: SubAccountResetBody, reply: Empty }),
  subAccountDel: endpoint.delete(ApiPath.subAccountDel, { body: IdBody, reply: Empty }),
  roleList: endpoint.get(ApiPath.roleList, { reply: ListOf(RoleItem) }),
  roleAdd: endpoint.post(ApiPath.roleAdd, { body: RoleAddBody, reply: Created }),
  roleEdit: endpoint.put(ApiPath.roleEdit, { body: RoleEditBody, reply: Empty }),
  roleDel: endpoint.delete(ApiPath.roleDel, { body: IdBody, reply: Empty }),
  adminLogList: endpoint.get(ApiPath.adminLogList, { query: AdminLogListQuery, reply: ListOf(AdminLogEntry) }),
  adminLogExport: endpoint.get(ApiPath.adminLogExport, { query: AdminLogExportQuery }),
  subAccountSignInAs: endpoint.post(ApiPath.subAccountSignInAs, { body: SignInAsBody, reply: LoginResult }),
  userSessions: endpoint.get(ApiPath.userSessions, { query: UserSessionsQuery, reply: ListOf(UserSession) }),
};

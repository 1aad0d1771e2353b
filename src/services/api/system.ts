import { ApiPath } from '../../../contract/paths';
import { ResultCode } from '../../../contract/codes';
import type {
  AccountStatus,
  AdminLogEntry,
  AdminLogListQuery,
  RoleAddBody,
  RoleEditBody,
  SubAccountAddBody,
  SubAccountEditBody,
  SubAccountListQuery,
} from '../../../contract/schemas/system';
import type { Static } from 'typebox';
import { http, type CallOptions } from '../http';
import { saveDownload } from './topup';

/** Sub-accounts (every account for the operator), roles and the admin log. Forms show their own failures. */
const FORM: CallOptions = { errorMessageMode: 'none' };

export type SubAccountFilters = Pick<SubAccountListQuery, 'keyword' | 'status' | 'role' | 'kind'>;
export type AdminLogFilters = Pick<AdminLogListQuery, 'user' | 'action' | 'resource' | 'from' | 'to'>;

export const subAccountList = (query: { page: number; page_size: number } & SubAccountFilters) =>
  http.get(ApiPath.subAccountList, { ...query });
export const subAccountAdd = (body: SubAccountAddBody) => http.post(ApiPath.subAccountAdd, body, FORM);
export const subAccountEdit = (body: SubAccountEditBody) => http.put(ApiPath.subAccountEdit, body, FORM);
export const subAccountStatus = (id: number, status: Static<typeof AccountStatus>) => http.post(ApiPath.subAccountStatus, { id, status });
export const subAccountResetPassword = (body: { id: number; password: string }) => http.post(ApiPath.subAccountResetPassword, body, FORM);
export const subAccountDel = (id: number) => http.delete(ApiPath.subAccountDel, { id });
export const exportSubAccounts = async (filters: SubAccountFilters) =>
  saveDownload(await http.download(ApiPath.subAccountExport, { ...filters }));

export const roleList = () => http.get(ApiPath.roleList);

export const adminLogList = (query: { page: number; page_size: number } & AdminLogFilters) => http.get(ApiPath.adminLogList, { ...query });
export const exportAdminLog = async (filters: AdminLogFilters) => saveDownload(await http.download(ApiPath.adminLogExport, { ...filters }));

/** Whether a logged request succeeded: an HTTP success whose envelope code (if any) is a success code. */
export const logSucceeded = (entry: Pick<AdminLogEntry, 'status' | 'code'>) =>
  entry.status < 400 && (entry.code === null || entry.code === ResultCode.SUCCESS || entry.code === ResultCode.SUCCESS_ALT);

/* Roles: add, rename and set the menus and access entries they hold (the role tree). */
export const roleAdd = (body: RoleAddBody) => http.post(ApiPath.roleAdd, body, FORM);
export const roleEdit = (body: RoleEditBody) => http.put(ApiPath.roleEdit, body, FORM);
/** A refusal (built-in, held by accounts) shows in the confirmation dialog, in the server's words. */
export const roleDel = (id: number) => http.delete(ApiPath.roleDel, { id }, FORM);

/* The operator signs in as a user (the dialog shows a refusal); the user's sessions. */
export const signInAs = (id: number) => http.post(ApiPath.subAccountSignInAs, { id }, FORM);
export const userSessions = () => http.get(ApiPath.userSessions);

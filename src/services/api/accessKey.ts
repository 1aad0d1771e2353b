import { ApiPath } from '../../../contract/paths';
import type { AccessKeyAddBody } from '../../../contract/schemas/accessKey';
import { http, type CallOptions } from '../http';

/** API access keys and their log. Forms show the server's refusal inline. */
const FORM: CallOptions = { errorMessageMode: 'none' };

export interface KeyLogFilters {
  key_id?: number;
  status?: number;
  from?: string;
  to?: string;
}

export const accessKeyList = (query: { page: number; page_size: number }) => http.get(ApiPath.accessKeyList, { ...query });
export const accessKeyAdd = (body: AccessKeyAddBody) => http.post(ApiPath.accessKeyAdd, body, FORM);
export const accessKeyStatus = (id: number, disabled: boolean) => http.post(ApiPath.accessKeyStatus, { id, disabled });
export const accessKeyRotate = (id: number, grace_seconds: number) => http.post(ApiPath.accessKeyRotate, { id, grace_seconds });
export const accessKeyDel = (id: number) => http.delete(ApiPath.accessKeyDel, { id });
export const keyLogList = (query: { page: number; page_size: number } & KeyLogFilters) => http.get(ApiPath.accessKeyLogList, { ...query });
/** The filtered log as a CSV file named by the server. */
export const keyLogExport = (filters: KeyLogFilters) => http.download(ApiPath.accessKeyLogExport, { ...filters });

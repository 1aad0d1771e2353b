import { ApiPath } from '../../../contract/paths';
import type { Static } from 'typebox';
import type { Workorder, WorkorderAddBody, WorkorderDetail } from '../../../contract/schemas/workorder';
import { http, type CallOptions } from '../http';
import type { Paged } from './site';

/** Work orders: a user's own, and the operator's queue. */
const FORM: CallOptions = { errorMessageMode: 'none' };

export interface WorkorderQuery {
  page: number;
  page_size: number;
  status?: string;
  category?: string;
  keyword?: string;
}

export const workorderList = (query: WorkorderQuery) => http.get<Paged<Workorder>>(ApiPath.workorderList, { ...query });
export const workorderDetail = (id: number) => http.get<WorkorderDetail>(ApiPath.workorderDetail, { id });
export const workorderAdd = (body: Static<typeof WorkorderAddBody>) => http.post<WorkorderDetail>(ApiPath.workorderAdd, body, FORM);
export const workorderReply = (body: { id: number; body: string; attachments?: string[] }) =>
  http.post<WorkorderDetail>(ApiPath.workorderReply, body, FORM);
export const workorderClose = (id: number) => http.post<WorkorderDetail>(ApiPath.workorderClose, { id });
export const workorderReopen = (id: number) => http.post<WorkorderDetail>(ApiPath.workorderReopen, { id });
export const workorderSubjects = (type: string) => http.get<{ id: number; name: string }[]>(ApiPath.workorderSubjects, { type });

export const adminWorkorderList = (query: WorkorderQuery & { account?: string; older_than_hours?: number }) =>
  http.get<Paged<Workorder>>(ApiPath.adminWorkorderList, { ...query });
export const adminWorkorderDetail = (id: number) => http.get<WorkorderDetail>(ApiPath.adminWorkorderDetail, { id });
export const adminWorkorderReply = (body: { id: number; body: string; attachments?: string[] }) =>
  http.post<WorkorderDetail>(ApiPath.adminWorkorderReply, body, FORM);
export const adminWorkorderClose = (id: number) => http.post<WorkorderDetail>(ApiPath.adminWorkorderClose, { id });

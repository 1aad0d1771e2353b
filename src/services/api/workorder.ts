import { ApiPath } from '../../../contract/paths';
import type { Static } from 'typebox';
import type { WorkorderAddBody } from '../../../contract/schemas/workorder';
import { http, type CallOptions } from '../http';
import type { ReplyOf } from '../../../contract/endpoint';
import type { workorderEndpoints } from '../../../contract/endpoints/workorder';

/** Work orders: a user's own, and the operator's queue. */
const FORM: CallOptions = { errorMessageMode: 'none' };

export interface WorkorderQuery {
  page: number;
  page_size: number;
  status?: string;
  category?: string;
  keyword?: string;
}

export const workorderList = (query: WorkorderQuery) =>
  http.get<ReplyOf<typeof workorderEndpoints.workorderList>>(ApiPath.workorderList, { ...query });
export const workorderDetail = (id: number) =>
  http.get<ReplyOf<typeof workorderEndpoints.workorderDetail>>(ApiPath.workorderDetail, { id });
export const workorderAdd = (body: Static<typeof WorkorderAddBody>) =>
  http.post<ReplyOf<typeof workorderEndpoints.workorderAdd>>(ApiPath.workorderAdd, body, FORM);
export const workorderReply = (body: { id: number; body: string; attachments?: string[] }) =>
  http.post<ReplyOf<typeof workorderEndpoints.workorderReply>>(ApiPath.workorderReply, body, FORM);
export const workorderClose = (id: number) => http.post<ReplyOf<typeof workorderEndpoints.workorderClose>>(ApiPath.workorderClose, { id });
export const workorderReopen = (id: number) =>
  http.post<ReplyOf<typeof workorderEndpoints.workorderReopen>>(ApiPath.workorderReopen, { id });
export const workorderSubjects = (type: string) =>
  http.get<ReplyOf<typeof workorderEndpoints.workorderSubjects>>(ApiPath.workorderSubjects, { type });

export const adminWorkorderList = (query: WorkorderQuery & { account?: string; older_than_hours?: number }) =>
  http.get<ReplyOf<typeof workorderEndpoints.adminWorkorderList>>(ApiPath.adminWorkorderList, { ...query });
export const adminWorkorderDetail = (id: number) =>
  http.get<ReplyOf<typeof workorderEndpoints.adminWorkorderDetail>>(ApiPath.adminWorkorderDetail, { id });
export const adminWorkorderReply = (body: { id: number; body: string; attachments?: string[] }) =>
  http.post<ReplyOf<typeof workorderEndpoints.adminWorkorderReply>>(ApiPath.adminWorkorderReply, body, FORM);
export const adminWorkorderClose = (id: number) =>
  http.post<ReplyOf<typeof workorderEndpoints.adminWorkorderClose>>(ApiPath.adminWorkorderClose, { id });

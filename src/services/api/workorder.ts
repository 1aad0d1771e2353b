import { ApiPath } from '../../../contract/paths';
import type { Static } from 'typebox';
import type {
  AdminWorkorderListQuery,
  WorkorderAddBody,
  WorkorderListQuery,
  WorkorderSubjectsQuery,
} from '../../../contract/schemas/workorder';
import { http, type CallOptions } from '../http';

/** Work orders: a user's own, and the operator's queue. */
const FORM: CallOptions = { errorMessageMode: 'none' };

export const workorderList = (query: WorkorderListQuery) => http.get(ApiPath.workorderList, { ...query });
export const workorderDetail = (id: number) => http.get(ApiPath.workorderDetail, { id });
export const workorderAdd = (body: Static<typeof WorkorderAddBody>) => http.post(ApiPath.workorderAdd, body, FORM);
export const workorderReply = (body: { id: number; body: string; attachments?: string[] }) => http.post(ApiPath.workorderReply, body, FORM);
export const workorderClose = (id: number) => http.post(ApiPath.workorderClose, { id });
export const workorderReopen = (id: number) => http.post(ApiPath.workorderReopen, { id });
export const workorderSubjects = (type: WorkorderSubjectsQuery['type']) => http.get(ApiPath.workorderSubjects, { type });

export const adminWorkorderList = (query: AdminWorkorderListQuery) => http.get(ApiPath.adminWorkorderList, { ...query });
export const adminWorkorderDetail = (id: number) => http.get(ApiPath.adminWorkorderDetail, { id });
export const adminWorkorderReply = (body: { id: number; body: string; attachments?: string[] }) =>
  http.post(ApiPath.adminWorkorderReply, body, FORM);
export const adminWorkorderClose = (id: number) => http.post(ApiPath.adminWorkorderClose, { id });

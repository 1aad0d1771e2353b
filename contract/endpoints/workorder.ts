import { Type } from 'typebox';
import { endpoint } from '../endpoint';
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
} from '../schemas/workorder';
import { IdBody, ListOf } from '../schemas/common';
import { ApiPath } from '../paths';

/** Work orders: the user's and the operator's lists, details, replies, assignment, closing and reopening. */
export const workorderEndpoints = {
  workorderList: endpoint.get(ApiPath.workorderList, { query: WorkorderListQuery, reply: ListOf(Workorder) }),
  workorderDetail: endpoint.get(ApiPath.workorderDetail, { query: WorkorderIdQuery, reply: WorkorderDetail }),
  workorderAdd: endpoint.post(ApiPath.workorderAdd, { body: WorkorderAddBody, reply: WorkorderDetail }),
  workorderReply: endpoint.post(ApiPath.workorderReply, { body: WorkorderReplyBody, reply: WorkorderDetail }),
  workorderClose: endpoint.post(ApiPath.workorderClose, { body: IdBody, reply: WorkorderDetail }),
  workorderReopen: endpoint.post(ApiPath.workorderReopen, { body: IdBody, reply: WorkorderDetail }),
  workorderSubjects: endpoint.get(ApiPath.workorderSubjects, { query: WorkorderSubjectsQuery, reply: Type.Array(WorkorderSubject) }),
  adminWorkorderList: endpoint.get(ApiPath.adminWorkorderList, { query: AdminWorkorderListQuery, reply: ListOf(Workorder) }),
  adminWorkorderDetail: endpoint.get(ApiPath.adminWorkorderDetail, { query: WorkorderIdQuery, reply: WorkorderDetail }),
  adminWorkorderReply: endpoint.post(ApiPath.adminWorkorderReply, { body: WorkorderReplyBody, reply: WorkorderDetail }),
  adminWorkorderAssign: endpoint.post(ApiPath.adminWorkorderAssign, { body: WorkorderAssignBody, reply: WorkorderDetail }),
  adminWorkorderClose: endpoint.post(ApiPath.adminWorkorderClose, { body: IdBody, reply: WorkorderDetail }),
};

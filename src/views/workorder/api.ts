import { useCall, type HandlersOf } from '../../app/useCall';
import { upload } from '../../services/api/upload';
import {
  adminWorkorderClose,
  adminWorkorderDetail,
  adminWorkorderList,
  adminWorkorderReply,
  workorderAdd,
  workorderClose,
  workorderDetail,
  workorderList,
  workorderReopen,
  workorderReply,
  workorderSubjects,
} from '../../services/api/workorder';
import { workorderListServices } from './workorderListServices';

/** The user's own work orders, a page at a time. */
export const myWorkorderRows = workorderListServices(workorderList);

/** One of the user's work orders, and what the user does in its thread. */
export const myWorkorderCalls = {
  fetchDetail: workorderDetail,
  thread: { reply: workorderReply, close: workorderClose, reopen: workorderReopen },
};

/** Every customer's work orders, for the operator. */
export const workorderQueueRows = workorderListServices(adminWorkorderList);

/** A customer's work order, and what the operator does in its thread. */
export const queuedWorkorderCalls = {
  fetchDetail: adminWorkorderDetail,
  thread: { reply: adminWorkorderReply, close: adminWorkorderClose },
};

/** The user's own things of a kind (sites, tasks, …) a new work order may be about. */
export const subjectsOf = workorderSubjects;

/** An attached file, its type checked by content on the server. */
export const uploadAttachment = (file: File) => upload(file, file.type.startsWith('image/') ? 'image' : 'file', file.name);

export const useSubmitWorkorder = (handlers?: HandlersOf<typeof workorderAdd>) => useCall(workorderAdd, handlers);

import type {
  Workorder,
  WorkorderDetail,
  WorkorderListQuery,
  AdminWorkorderListQuery,
  WorkorderSubject,
} from '../../../contract/schemas/workorder';
import type { List } from '../../../contract/schemas/common';
import { dateTime } from '../../../contract/dateTime';
import * as q from '../../db/workorders';
import type { Ctx } from '../context';
import { anyWorkOrder, canReopen, ownWorkOrder } from './workorders';
import { pageWindow } from '../pageWindow';

/** Work orders as the API shows them: the customer's own, and the operator's queue. */

const toWorkorder = (ctx: Pick<Ctx, 'now'>, { order, username, author, assignee, subjectName }: q.WorkOrderListRow): Workorder => ({
  id: order.id,
  account_id: order.accountId,
  username,
  author,
  category: order.category as Workorder['category'],
  title: order.title,
  status: order.status,
  subject_type: order.subjectType as Workorder['subject_type'],
  subject_id: order.subjectId,
  subject_name: subjectName,
  assignee_id: order.assigneeId,
  assignee,
  message_count: order.messageCount,
  last_reply_at: dateTime(order.lastReplyAt),
  last_reply_by_operator: order.lastReplyByOperator,
  closed_at: order.closedAt ? dateTime(order.closedAt) : null,
  can_reopen: canReopen(order, ctx.now()),
  created_at: dateTime(order.createdAt),
});

async function detailOf(ctx: Pick<Ctx, 'db' | 'now'>, row: q.WorkOrderListRow): Promise<WorkorderDetail> {
  const messages = await q.messagesOf(ctx.db, row.order.id);
  return {
    workorder: toWorkorder(ctx, row),
    messages: messages.map(({ message, author }) => ({
      id: message.id,
      from_operator: message.fromOperator,
      author,
      body: message.body,
      attachments: message.attachments,
      created_at: dateTime(message.createdAt),
    })),
  };
}

/** One of the account's own work orders with its messages. */
export async function ownDetail(ctx: Pick<Ctx, 'db' | 'now'>, accountId: number, id: number) {
  return detailOf(ctx, await ownWorkOrder(ctx, accountId, id));
}

/** Any work order with its messages (the operator's). */
export async function anyDetail(ctx: Pick<Ctx, 'db' | 'now'>, id: number) {
  return detailOf(ctx, await anyWorkOrder(ctx, id));
}

export async function listOwn(ctx: Pick<Ctx, 'db' | 'now'>, accountId: number, query: WorkorderListQuery): Promise<List<Workorder>> {
  const { status, category, keyword } = query;
  const { rows, total } = await q.listWorkOrders(ctx.db, { accountId, status, category, keyword }, { ...pageWindow(query), queue: false });
  return { list: rows.map((r) => toWorkorder(ctx, r)), total };
}

/** The operator's queue: every account's, filtered; `older_than_hours` finds the ones left quiet. */
export async function listQueue(ctx: Pick<Ctx, 'db' | 'now'>, query: AdminWorkorderListQuery): Promise<List<Workorder>> {
  const { status, category, keyword, account, older_than_hours, assignee_id } = query;
  const quietSince = older_than_hours ? new Date(ctx.now().getTime() - older_than_hours * 3600_000) : undefined;
  const { rows, total } = await q.listWorkOrders(
    ctx.db,
    { status, category, keyword, account, quietSince, assigneeId: assignee_id },
    { ...pageWindow(query), queue: true },
  );
  return { list: rows.map((r) => toWorkorder(ctx, r)), total };
}

/** What a work order can be about: the account's sites, articles or tasks matching `keyword`. */
export const subjectsOf = (
  ctx: Pick<Ctx, 'db'>,
  accountId: number,
  type: Parameters<typeof q.subjectsOf>[2],
  keyword: string | undefined,
): Promise<WorkorderSubject[]> => q.subjectsOf(ctx.db, accountId, type, keyword);

import { WORKORDER_REOPEN_DAYS, type Attachment } from '../../../contract/schemas/workorder';
import type { Ctx } from '../context';
import * as q from '../../db/workorders';
import { holdsRole, mailContactOf } from '../../db/accounts';
import { ADMIN_ROLE } from '../access/permissions';
import { isLanguage, type Language } from '../../../contract/languages';
import { label, message, render, type MessageKey } from '../../i18n/messages';
import { invalid, notFound } from '../errors';
import { notify } from './notices';

type WorkOrderCtx = Pick<Ctx, 'db' | 'now' | 'mail' | 'log' | 'config'>;

const REOPEN_MS = WORKORDER_REOPEN_DAYS * 24 * 3600 * 1000;

export const canReopen = (row: q.WorkOrderRow, now: Date) =>
  row.status === 'closed' && !!row.closedAt && now.getTime() - row.closedAt.getTime() <= REOPEN_MS;

/** Text as typed, without control characters (line breaks and tabs kept); the console shows it as text. */
function cleanText(text: string, field: string, max: number) {
  // eslint-disable-next-line no-control-regex
  const cleaned = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();
  if (!cleaned) throw invalid('workorder.blank', { field: label(field) });
  return cleaned.slice(0, max);
}

/**
 * The attachments named by their upload urls (`/uploads/<name>`): each must be an upload of
 * `accountId` (its type was checked by content when it was uploaded).
 */
async function attachmentsOf(ctx: WorkOrderCtx, accountId: number, urls: string[] | undefined): Promise<Attachment[]> {
  const wanted = [...new Set(urls ?? [])];
  if (!wanted.length) return [];
  const names = wanted.map((url) => url.slice('/uploads/'.length));
  const found = new Map((await q.uploadsNamed(ctx.db, accountId, names)).map((u) => [u.storedName, u]));
  return names.map((name) => {
    const upload = found.get(name);
    if (!upload) throw invalid('workorder.notYourUpload', { name });
    return { url: `/uploads/${name}`, name: upload.name, size: upload.size, mime: upload.mime };
  });
}

export interface WorkOrderInput {
  category: string;
  title: string;
  description: string;
  attachments?: string[];
  subject_type?: string;
  subject_id?: number;
}

/** The account the work order is for, and the user who acts in it (a sub-account acts in its owner's). */
export interface Acting {
  accountId: number;
  userId: number;
}

export async function submitWorkOrder(ctx: WorkOrderCtx, { accountId, userId }: Acting, input: WorkOrderInput) {
  const title = cleanText(input.title, 'title', 200);
  const body = cleanText(input.description, 'description', 10_000);
  if ((input.subject_type === undefined) !== (input.subject_id === undefined)) throw invalid('workorder.subjectPair');
  if (input.subject_type && !(await q.ownsSubject(ctx.db, accountId, input.subject_type, input.subject_id as number))) {
    throw invalid('workorder.noSubject', {
      type: message(`workorder.subject.${input.subject_type}` as MessageKey),
      id: input.subject_id as number,
    });
  }
  const attachments = await attachmentsOf(ctx, accountId, input.attachments);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const order = await q.insertWorkOrder(tx, {
      accountId,
      authorId: userId,
      category: input.category,
      title,
      subjectType: input.subject_type ?? null,
      subjectId: input.subject_id ?? null,
      lastReplyAt: now,
      createdAt: now,
    });
    await q.insertMessage(tx, { workOrderId: order.id, authorId: userId, fromOperator: false, body, attachments, createdAt: now });
    return order;
  });
}

/** The work order of the account: another account's is not found. */
export async function ownWorkOrder(ctx: Pick<Ctx, 'db'>, accountId: number, id: number) {
  const row = await q.findWorkOrder(ctx.db, id, accountId);
  if (!row) throw notFound('workorder.notFound', { id });
  return row;
}

export async function anyWorkOrder(ctx: Pick<Ctx, 'db'>, id: number) {
  const row = await q.findWorkOrder(ctx.db, id);
  if (!row) throw notFound('workorder.notFound', { id });
  return row;
}

/** The author adds to the thread: the work order waits for the operator again. */
export async function replyAsUser(
  ctx: WorkOrderCtx,
  { accountId, userId }: Acting,
  input: { id: number; body: string; attachments?: string[] },
) {
  const { order } = await ownWorkOrder(ctx, accountId, input.id);
  if (order.status === 'closed') throw invalid('workorder.closedReopen');
  const body = cleanText(input.body, 'body', 10_000);
  const attachments = await attachmentsOf(ctx, accountId, input.attachments);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await q.insertMessage(tx, { workOrderId: order.id, authorId: userId, fromOperator: false, body, attachments, createdAt: now });
    await q.countMessage(tx, order.id, { status: 'open', lastReplyAt: now, lastReplyByOperator: false });
  });
}

/** The operator answers: the work order is answered, and its author hears of it (a notice, and mail when the account has an address). */
export async function replyAsOperator(
  ctx: WorkOrderCtx,
  operatorId: number,
  input: { id: number; body: string; attachments?: string[] },
  language: Language,
) {
  const { order, author } = await anyWorkOrder(ctx, input.id);
  if (order.status === 'closed') throw invalid('workorder.closed');
  const body = cleanText(input.body, 'body', 10_000);
  const attachments = await attachmentsOf(ctx, operatorId, input.attachments);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await q.insertMessage(tx, { workOrderId: order.id, authorId: operatorId, fromOperator: true, body, attachments, createdAt: now });
    await q.countMessage(tx, order.id, {
      status: 'answered',
      lastReplyAt: now,
      lastReplyByOperator: true,
      assigneeId: order.assigneeId ?? operatorId,
    });
  });
  const link = `/workorder/myworkorder?id=${order.id}`;
  // A sub-account's work order reaches the account under its author's name.
  const bySubAccount = order.authorId !== null && order.authorId !== order.accountId;
  await notify(ctx, order.accountId, 'workorder', {
    title: bySubAccount ? `${author}'s work order #${order.id} was answered` : `Your work order #${order.id} was answered`,
    body: `"${order.title}" has a new reply:\n\n${body.slice(0, 500)}`,
    link,
    event: 'workorder_answered',
    // reply: the excerpt, so a reader's console words the notice in its own language around it.
    params: { id: order.id, title: order.title, reply: body.slice(0, 500), ...(bySubAccount ? { author } : {}) },
  });
  const owner = await mailContactOf(ctx.db, order.accountId);
  if (owner?.email) {
    // The owner reads it in their account's language; one who never chose one, in the answering request's.
    const mailLanguage = isLanguage(owner.language) ? owner.language : language;
    const params = { app: ctx.config.appName, id: order.id, title: order.title, reply: body, url: `${ctx.config.publicUrl}${link}` };
    try {
      await ctx.mail.send({
        to: owner.email,
        subject: render(mailLanguage, message('mail.workOrderAnsweredSubject', params)),
        text: render(mailLanguage, message('mail.workOrderAnsweredText', params)),
      });
    } catch (error) {
      // The notice is there; a mail server that is down must not undo the reply.
      ctx.log.error({ err: error, workOrderId: order.id }, 'work order: the reply mail could not be sent');
    }
  }
}

export async function closeWorkOrder(ctx: WorkOrderCtx, row: q.WorkOrderRow) {
  if (row.status === 'closed') return row;
  return q.updateWorkOrder(ctx.db, row.id, { status: 'closed', closedAt: ctx.now() });
}

export async function reopenWorkOrder(ctx: WorkOrderCtx, accountId: number, id: number) {
  const { order } = await ownWorkOrder(ctx, accountId, id);
  if (order.status !== 'closed') throw invalid('workorder.notClosed');
  if (!canReopen(order, ctx.now())) throw invalid('workorder.reopenWindow', { days: WORKORDER_REOPEN_DAYS });
  return q.updateWorkOrder(ctx.db, order.id, { status: 'open', closedAt: null });
}

/** Gives the work order to an operator (an administrator), or to nobody. */
export async function assignWorkOrder(ctx: WorkOrderCtx, id: number, assigneeId: number | null) {
  const { order } = await anyWorkOrder(ctx, id);
  if (assigneeId !== null) {
    if (!(await holdsRole(ctx.db, assigneeId, ADMIN_ROLE))) throw invalid('workorder.notAdmin', { id: assigneeId });
  }
  return q.updateWorkOrder(ctx.db, order.id, { assigneeId });
}

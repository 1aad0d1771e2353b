import type { TaskStatus } from '../../../contract/statuses';
import type { Ctx } from '../context';
import type { DbOrTx } from '../../db/types';
import * as tasks from '../../db/tasks';
import { TASK_TRANSITIONS, type TaskAction } from '../../../contract/taskTransitions';
import { message, type MessageKey } from '../../i18n/messages';
import { invalid, notFound } from '../errors';
import type { TaskKind, TaskRowOf } from '../../db/tasks';

/** The error of each refused action (the retry refusal says what to add instead) (contract/taskTransitions.ts says when). */
const refusals: Record<TaskAction, (kind: TaskKind) => MessageKey> = {
  pause: () => 'task.cannotPause',
  resume: () => 'task.cannotResume',
  cancel: () => 'task.cannotCancel',
  retry: (kind) => (kind === 'generation' ? 'task.cannotRetryGeneration' : 'task.cannotRetryPublishing'),
};

/**
 * Checks `action` on a task in `status` against the transition table: true when it changes the
 * task, false when the task already is as asked (answer it unchanged); a refused action throws
 * the invalid-input error.
 */
export function checkTaskAction(kind: TaskKind, action: TaskAction, status: TaskStatus): boolean {
  const step = TASK_TRANSITIONS[action][status];
  if (step === 'refused') throw invalid(refusals[action](kind), { status: message(`status.${status}`) });
  return step === 'apply';
}

/** What each kind's task is called when the account has none of that id. */
const notFoundKey: Record<TaskKind, MessageKey> = { generation: 'generation.notFound', publishing: 'publishing.notFound' };

/**
 * The account's task locked for `action` (same transaction), and whether the action changes it;
 * a task that is not the account's, or an action the table refuses, throws.
 */
export async function lockForAction<K extends TaskKind>(tx: DbOrTx, kind: K, action: TaskAction, accountId: number, id: number) {
  const task = await tasks.lockTask(tx, kind, accountId, id);
  if (!task) throw notFound(notFoundKey[kind], { id });
  return { task, changes: checkTaskAction(kind, action, task.status) };
}

/** Pauses a running task: its items' jobs find it paused and do nothing until it resumes. */
export async function pauseTask<K extends TaskKind>(ctx: Pick<Ctx, 'db'>, kind: K, accountId: number, id: number): Promise<TaskRowOf<K>> {
  return ctx.db.transaction(async (tx) => {
    const { task, changes } = await lockForAction(tx, kind, 'pause', accountId, id);
    return changes ? tasks.updateTask(tx, kind, task.id, { status: 'paused' }) : task;
  });
}

/** What resuming needs of a task kind: when its items are all finished, and how its waiting items get their jobs again. */
export interface Resumption<K extends TaskKind> {
  finished: (task: TaskRowOf<K>) => boolean;
  requeue: (tx: DbOrTx, task: TaskRowOf<K>, running: boolean) => Promise<void>;
}

/**
 * Resumes a paused task: completed when its items are all finished already, running again
 * otherwise, and its waiting items get their jobs again (a job of a paused task does nothing).
 */
export async function resumeTask<K extends TaskKind>(
  ctx: Pick<Ctx, 'db' | 'now'>,
  kind: K,
  accountId: number,
  id: number,
  resumption: Resumption<K>,
): Promise<TaskRowOf<K>> {
  return ctx.db.transaction(async (tx) => {
    const { task, changes } = await lockForAction(tx, kind, 'resume', accountId, id);
    if (!changes) return task;
    const finished = resumption.finished(task);
    const row = await tasks.updateTask(
      tx,
      kind,
      task.id,
      finished ? { status: 'completed', finishedAt: ctx.now() } : { status: 'running' },
    );
    await resumption.requeue(tx, task, !finished);
    return row;
  });
}

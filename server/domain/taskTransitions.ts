import type { TaskStatus } from '../../contract/statuses';
import { TASK_TRANSITIONS, type TaskAction } from '../../contract/taskTransitions';
import { invalid } from './errors';

/** Which kind of task an action is asked of: the retry refusal says what to add instead. */
export type TaskKind = 'generation' | 'publishing';

/** The error of each refused action (contract/taskTransitions.ts says when), worded as clients have always read it. */
const refusals: Record<TaskAction, (status: TaskStatus, kind: TaskKind) => string> = {
  pause: (status) => `The task is ${status}; only a running task can be paused`,
  resume: (status) => `The task is ${status}; only a paused task can be resumed`,
  cancel: (status) => `The task is ${status}; there is nothing left to cancel`,
  retry: (status, kind) => `The task was ${status}; add a new task for ${kind === 'generation' ? 'this keyword' : 'these articles'}`,
};

/**
 * Checks `action` on a task in `status` against the transition table: true when it changes the
 * task, false when the task already is as asked (answer it unchanged); a refused action throws
 * the invalid-input error.
 */
export function checkTaskAction(kind: TaskKind, action: TaskAction, status: TaskStatus): boolean {
  const step = TASK_TRANSITIONS[action][status];
  if (step === 'refused') throw invalid(refusals[action](status, kind));
  return step === 'apply';
}

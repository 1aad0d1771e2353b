import type { TaskStatus } from '../../contract/statuses';
import { TASK_TRANSITIONS, type TaskAction } from '../../contract/taskTransitions';
import { message, type MessageKey } from '../i18n/messages';
import { invalid } from './errors';

/** Which kind of task an action is asked of: the retry refusal says what to add instead. */
export type TaskKind = 'generation' | 'publishing';

/** The error of each refused action (contract/taskTransitions.ts says when). */
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

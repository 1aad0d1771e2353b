import type { TaskStatus } from './statuses';

/** What a user can ask of a generation or publishing task (`retry`: its failed items again). */
export type TaskAction = 'pause' | 'resume' | 'cancel' | 'retry';

/**
 * What an action does from a status: `apply` changes the task; `unchanged` answers it as it is,
 * since the action already holds (pausing a paused task); `refused` answers an error naming the
 * status.
 */
export type TaskStep = 'apply' | 'unchanged' | 'refused';

/**
 * Which task action is allowed from which status, said once for generation and publishing tasks
 * (they share one lifecycle): the server checks every action against it, and the console offers
 * an action's button only where it applies. A retry that applies to a completed task reopens it.
 */
export const TASK_TRANSITIONS = {
  pause: { running: 'apply', paused: 'unchanged', cancelled: 'refused', completed: 'refused' },
  resume: { running: 'unchanged', paused: 'apply', cancelled: 'refused', completed: 'refused' },
  cancel: { running: 'apply', paused: 'apply', cancelled: 'unchanged', completed: 'refused' },
  retry: { running: 'apply', paused: 'apply', cancelled: 'refused', completed: 'apply' },
} as const satisfies Record<TaskAction, Record<TaskStatus, TaskStep>>;

/** Whether `action` changes a task in `status`: what the console offers. */
export const taskActionApplies = (action: TaskAction, status: TaskStatus): boolean => TASK_TRANSITIONS[action][status] === 'apply';

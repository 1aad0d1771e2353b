import type { Language } from '../../../contract/languages';
import type { TaskKind } from '../../db/tasks';
import { message, render } from '../../i18n/messages';

/** The longest name a task keeps. */
const NAME_MAX = 100;

/**
 * A task's name when its starter gave none, in the starter's language: the site and what it starts
 * with ("我的咖啡博客：手冲咖啡 及另外 2 个关键词"). It is the task's stored name from then on, as a typed one.
 */
export function defaultTaskName(language: Language, kind: TaskKind, site: string, first: string, total: number): string {
  const key = total === 1 ? 'task.nameOne' : kind === 'generation' ? 'task.nameGeneration' : 'task.namePublishing';
  const name = render(language, message(key, { site, first, more: total - 1 }));
  return [...name].slice(0, NAME_MAX).join('');
}

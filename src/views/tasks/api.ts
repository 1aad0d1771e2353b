import { useState } from 'react';
import type { GenerationTask, GenerationTaskDetail, TaskItem } from '../../../contract/schemas/generationTask';
import type { PublishItem, PublishingTask } from '../../../contract/schemas/publishingTask';
import type { TaskQuoteBody } from '../../../contract/schemas/quote';
import type { TaskStatus } from '../../../contract/statuses';
import type { TaskAction } from '../../../contract/taskTransitions';
import { useCall, type CallHandlers } from '../../app/useCall';
import { firstPageOf, useListActor, type ListServices } from '../../app/useListActor';
import { useLoad } from '../../app/useLoad';
import { useQuote } from '../../app/useQuote';
import type { ListDialog, ListFilters, ListPage } from '../../machines/list.machine';
import {
  generationTaskCancel,
  generationTaskDetail,
  generationTaskList,
  generationTaskPause,
  generationTaskResume,
  generationTaskRetryItem,
} from '../../services/api/generationTask';
import {
  publishingTaskCancel,
  publishingTaskDetail,
  publishingTaskGenerate,
  publishingTaskList,
  publishingTaskPause,
  publishingTaskResume,
  publishingTaskRetry,
} from '../../services/api/publishingTask';
import { taskQuote } from '../../services/api/quote';
import { keywordList, siteList } from '../../services/api/site';
import type { TaskKindName, TaskRow } from './taskKind';

/** The calls of the tasks section: what the views of both task kinds ask the server for. */

/** Both kinds' task lists: one page of tasks, live while one of them runs. */
function liveTasks<Task extends { status: TaskStatus }>(
  fetch: (query: { page: number; page_size: number }) => Promise<ListPage<Task>>,
): ListServices<Task> {
  return {
    fetchPage: ({ page, page_size }) => fetch({ page, page_size }),
    pollWhile: (tasks) => tasks.some((task) => task.status === 'running'),
    pollMs: 1500,
  };
}
const generationTasks = liveTasks(generationTaskList);
const publishingTasks = liveTasks(publishingTaskList);

/** The sites of the task forms and the site column. */
const SITES = { page: 1, page_size: 100 };
export const useTaskSites = () => useLoad(siteList, SITES).result?.list ?? [];

export const useGenerationTasks = <Dialog extends ListDialog>() => useListActor<GenerationTask, Dialog>(generationTasks);
export const usePublishingTasks = <Dialog extends ListDialog>() => useListActor<PublishingTask, Dialog>(publishingTasks);
/** What each kind's page asks for when it opens (sent at the click). */
export const generationTasksAhead = () => [firstPageOf(generationTasks), siteList(SITES)];
export const publishingTasksAhead = () => [firstPageOf(publishingTasks), siteList(SITES)];

/** The calls behind a row's actions, by kind: a kind without a call for an action does not offer it. */
const ROW_CALLS: Record<TaskKindName, Partial<Record<TaskAction, (id: number) => Promise<unknown>>>> = {
  // Generation retries per item, in the task's detail.
  generation: { pause: generationTaskPause, resume: generationTaskResume, cancel: generationTaskCancel },
  publishing: {
    pause: publishingTaskPause,
    resume: publishingTaskResume,
    cancel: publishingTaskCancel,
    retry: (id) => publishingTaskRetry({ id }),
  },
};
export const hasRowAction = (kind: TaskKindName, action: TaskAction) => ROW_CALLS[kind][action] !== undefined;
export const useRowAction = (kind: TaskKindName, handlers: CallHandlers<unknown>) =>
  useCall(({ name, id }: { name: TaskAction; id: number }) => ROW_CALLS[kind][name]!(id), handlers);

/** One task by its id, by kind: the one a link names (`?task=<id>`), which the list's page may not hold. */
const ONE_TASK: Record<TaskKindName, (id: number) => Promise<TaskRow>> = {
  generation: async (id) => (await generationTaskDetail({ id, page: 1, page_size: 1 })).task,
  publishing: async (id) => (await publishingTaskDetail({ id, page: 1, page_size: 1 })).task,
};
export const useOneTask = (kind: TaskKindName) => useCall(ONE_TASK[kind]);

/** A task's items, one page at a time, live while one of them is still to finish. */
function useLiveItems<Item extends { id: number; status: string }>(
  fetch: (page: { page: number; page_size: number }) => Promise<ListPage<Item>>,
  live: readonly string[],
) {
  const [services] = useState<ListServices<Item>>(() => ({
    fetchPage: ({ page, page_size }) => fetch({ page, page_size }),
    pollWhile: (items) => items.some((item) => live.includes(item.status)),
    pollMs: 1500,
  }));
  return useListActor<Item>(services, { pageSize: 10 });
}
/** A generation task's items; its economy batches come with each page (and so stay live while it runs). */
export const useGenerationItems = (id: number, onEconomy: (economy: GenerationTaskDetail['economy']) => void) =>
  useLiveItems<TaskItem>(
    async (page) => {
      const detail = await generationTaskDetail({ id, ...page });
      onEconomy(detail.economy);
      return detail.items;
    },
    ['queued', 'running', 'waiting'],
  );
export const usePublishingItems = (id: number) =>
  useLiveItems<PublishItem>(async (page) => (await publishingTaskDetail({ id, ...page })).items, ['queued', 'running']);
/** The calls that send one failed item again, by kind. */
const RETRY_ITEM: Record<TaskKindName, (item: { taskId: number; itemId: number }) => Promise<unknown>> = {
  generation: ({ itemId }) => generationTaskRetryItem(itemId),
  publishing: ({ taskId, itemId }) => publishingTaskRetry({ id: taskId, item_id: itemId }),
};
export const useRetryItem = (kind: TaskKindName, handlers: CallHandlers<unknown>) => useCall(RETRY_ITEM[kind], handlers);

/** The generate dialog: its one call, its quote, and the keywords it picks from. */
export const usePublishGenerate = (handlers: CallHandlers<Awaited<ReturnType<typeof publishingTaskGenerate>>>) =>
  useCall(publishingTaskGenerate, handlers);
export const useGenerateQuote = (body: TaskQuoteBody | null) => useQuote(taskQuote, body);
export const siteKeywords = (siteId: number, query: { page: number; page_size: number; filters: ListFilters }) =>
  keywordList({ site_id: siteId, page: query.page, page_size: query.page_size, ...keywordQueryOf(query.filters) });
/** The picker's filters as the keyword list's query: unused or used, and a search. */
const keywordQueryOf = (filters: ListFilters): { used?: 0 | 1; keyword?: string } => ({
  ...(filters.used === '0' || filters.used === '1' ? { used: Number(filters.used) as 0 | 1 } : {}),
  ...(filters.keyword ? { keyword: String(filters.keyword) } : {}),
});

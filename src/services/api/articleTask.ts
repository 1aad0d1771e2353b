import { ApiPath } from '../../../contract/paths';
import type { Static } from 'typebox';
import type { ArticleTask, ArticleTaskAddBody, ArticleTaskAdded, ArticleTaskDetail } from '../../../contract/schemas/articleTask';
import { http, type CallOptions } from '../http';
import type { Paged } from './site';

/**
 * Generation tasks. Adding one may be refused with 100146 (not enough points): the
 * request layer then shows the spec's dialog with its button to /account, so the form keeps quiet
 * only about the other failures it shows itself.
 */
const FORM: CallOptions = { errorMessageMode: 'none' };

export type TaskStatus = ArticleTask['status'];

export const articleTaskList = (query: { page: number; page_size: number; status?: TaskStatus; site_id?: number }) =>
  http.get<Paged<ArticleTask>>(ApiPath.articleTaskList, { ...query });
export const articleTaskAdd = (body: ArticleTaskAddBody) => http.post<ArticleTaskAdded>(ApiPath.articleTaskAdd, body, FORM);
export const articleTaskDetail = (query: { id: number; page: number; page_size: number }) =>
  http.get<Static<typeof ArticleTaskDetail>>(ApiPath.articleTaskDetail, { ...query });
export const articleTaskPause = (id: number) => http.post<ArticleTask>(ApiPath.articleTaskPause, { id });
export const articleTaskResume = (id: number) => http.post<ArticleTask>(ApiPath.articleTaskResume, { id });
export const articleTaskCancel = (id: number) => http.post<ArticleTask>(ApiPath.articleTaskCancel, { id });
/** Queues a failed item again. */
export const articleTaskRetryItem = (itemId: number) => http.post<ArticleTask>(ApiPath.articleTaskRetryItem, { id: itemId });

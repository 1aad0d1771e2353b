import { ApiPath } from '../../../contract/paths';
import type { GenerationTask, GenerationTaskAddBody } from '../../../contract/schemas/generationTask';
import { http, type CallOptions } from '../http';

/**
 * Generation tasks. Adding one may be refused with 100146 (not enough points): the
 * request layer then shows the spec's dialog with its button to /account, so the form keeps quiet
 * only about the other failures it shows itself.
 */
const FORM: CallOptions = { errorMessageMode: 'none' };

export type TaskStatus = GenerationTask['status'];

export const generationTaskList = (query: { page: number; page_size: number; status?: TaskStatus; site_id?: number }) =>
  http.get(ApiPath.articleTaskList, { ...query });
export const generationTaskAdd = (body: GenerationTaskAddBody) => http.post(ApiPath.articleTaskAdd, body, FORM);
export const generationTaskDetail = (query: { id: number; page: number; page_size: number }) =>
  http.get(ApiPath.articleTaskDetail, { ...query });
export const generationTaskPause = (id: number) => http.post(ApiPath.articleTaskPause, { id });
export const generationTaskResume = (id: number) => http.post(ApiPath.articleTaskResume, { id });
export const generationTaskCancel = (id: number) => http.post(ApiPath.articleTaskCancel, { id });
/** Queues a failed item again. */
export const generationTaskRetryItem = (itemId: number) => http.post(ApiPath.articleTaskRetryItem, { id: itemId });

import { ApiPath } from '../../../contract/paths';
import type {
  PublishGenerateBody,
  PublishRetryBody,
  PublishingTask,
  PublishingTaskAddBody,
} from '../../../contract/schemas/publishingTask';
import type { ExportQuery } from '../../../contract/schemas/publishExport';
import { http, type CallOptions } from '../http';
import { saveDownload } from './topup';

/**
 * Publishing tasks. Adding one may be refused with 100146 (not enough points): the
 * request layer then shows its dialog, so the form shows only the other failures itself.
 */
const FORM: CallOptions = { errorMessageMode: 'none' };

export type PublishingTaskStatus = PublishingTask['status'];

export const publishingTaskList = (query: { page: number; page_size: number; status?: PublishingTaskStatus; site_id?: number }) =>
  http.get(ApiPath.taskList, { ...query });
export const publishingTaskAdd = (body: PublishingTaskAddBody) => http.post(ApiPath.taskAdd, body, FORM);
/** The generate dialog: a generation task for the chosen keywords and the publishing task of its articles, in one call. */
export const publishingTaskGenerate = (body: PublishGenerateBody) => http.post(ApiPath.taskGenerate, body, FORM);
export const publishingTaskDetail = (query: { id: number; page: number; page_size: number }) => http.get(ApiPath.taskDetail, { ...query });
export const publishingTaskPause = (id: number) => http.post(ApiPath.taskPause, { id });
export const publishingTaskResume = (id: number) => http.post(ApiPath.taskResume, { id });
export const publishingTaskCancel = (id: number) => http.post(ApiPath.taskCancel, { id });
/** Sends a task's failed items again, or one of them. */
export const publishingTaskRetry = (body: PublishRetryBody) => http.post(ApiPath.taskRetry, body);
/** Where an article is published: site, remote URL, status, last sync. */
export const articlePublications = (articleId: number) => http.get(ApiPath.taskPublications, { article_id: articleId });
/** Export: the articles downloaded as a ZIP (HTML, Markdown, images) or a WordPress WXR file, saved under the server's file name. */
export const exportArticles = async (query: ExportQuery) => saveDownload(await http.download(ApiPath.taskExport, { ...query }, FORM));

import { ApiPath } from '../../../contract/paths';
import type { Static } from 'typebox';
import type { ArticleAddBody, ArticleDetail, ArticleEditBody, ArticleImportBody } from '../../../contract/schemas/article';
import { http, type CallOptions } from '../http';

/** Articles: list with filters, detail with SEO checks, add, edit, import, code. */
const FORM: CallOptions = { errorMessageMode: 'none' };

export interface ArticleListQuery {
  page: number;
  page_size: number;
  title?: string;
  site_id?: number;
  task_id?: number;
  status?: ArticleDetail['status'];
  date_from?: string;
  date_to?: string;
}

export const articleList = (query: ArticleListQuery) => http.get(ApiPath.articleList, { ...query });
export const articleDetail = (id: number) => http.get(ApiPath.articleDetail, { id });
/** The same for the article's own page, which shows a failure (not found above all) itself rather than as a message. */
export const articleDetailForPage = (id: number) => http.get(ApiPath.articleDetail, { id }, FORM);
export const articleAdd = (body: ArticleAddBody) => http.post(ApiPath.articleAdd, body, FORM);
export const articleEdit = (body: ArticleEditBody) => http.put(ApiPath.articleEdit, body, FORM);
export const articleDel = (id: number) => http.delete(ApiPath.articleDel, { id });
/** A Markdown or HTML document (its text, or an upload's url) becomes a draft. */
export const articleImport = (body: Static<typeof ArticleImportBody>) => http.post(ApiPath.articleImport, body, FORM);
export const articleCode = (id: number) => http.get(ApiPath.articleCode, { id });

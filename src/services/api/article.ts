import { ApiPath } from '../../../contract/paths';
import type { Static } from 'typebox';
import type { ArticleAddBody, ArticleDetail, ArticleEditBody, ArticleImportBody } from '../../../contract/schemas/article';
import { http, type CallOptions } from '../http';
import type { ReplyOf } from '../../../contract/endpoint';
import type { articleEndpoints } from '../../../contract/endpoints/article';

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

export const articleList = (query: ArticleListQuery) =>
  http.get<ReplyOf<typeof articleEndpoints.articleList>>(ApiPath.articleList, { ...query });
export const articleDetail = (id: number) => http.get<ReplyOf<typeof articleEndpoints.articleDetail>>(ApiPath.articleDetail, { id });
/** The same for the article's own page, which shows a failure (not found above all) itself rather than as a message. */
export const articleDetailForPage = (id: number) =>
  http.get<ReplyOf<typeof articleEndpoints.articleDetail>>(ApiPath.articleDetail, { id }, FORM);
export const articleAdd = (body: ArticleAddBody) => http.post<ReplyOf<typeof articleEndpoints.articleAdd>>(ApiPath.articleAdd, body, FORM);
export const articleEdit = (body: ArticleEditBody) =>
  http.put<ReplyOf<typeof articleEndpoints.articleEdit>>(ApiPath.articleEdit, body, FORM);
export const articleDel = (id: number) => http.delete<ReplyOf<typeof articleEndpoints.articleDel>>(ApiPath.articleDel, { id });
/** A Markdown or HTML document (its text, or an upload's url) becomes a draft. */
export const articleImport = (body: Static<typeof ArticleImportBody>) =>
  http.post<ReplyOf<typeof articleEndpoints.articleImport>>(ApiPath.articleImport, body, FORM);
export const articleCode = (id: number) => http.get<ReplyOf<typeof articleEndpoints.articleCode>>(ApiPath.articleCode, { id });

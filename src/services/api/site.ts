import { ApiPath } from '../../../contract/paths';
import type { Static } from 'typebox';
import type { CategoryAddBody, SiteAddBody, SiteEditBody } from '../../../contract/schemas/site';
import { http, type CallOptions } from '../http';

/** Sites, their keywords and categories. Forms show their own failures. */
const FORM: CallOptions = { errorMessageMode: 'none' };

export interface Paged<Row> {
  list: Row[];
  total: number;
}

export const siteList = (query: { page: number; page_size: number; name?: string }) => http.get(ApiPath.siteList, { ...query });
export const siteAdd = (body: SiteAddBody) => http.post(ApiPath.siteAdd, body, FORM);
export const siteEdit = (body: SiteEditBody) => http.put(ApiPath.siteEdit, body, FORM);
export const siteDel = (id: number) => http.delete(ApiPath.siteDel, { id });
export const siteTest = (id: number) => http.post(ApiPath.siteTest, { id }, FORM);

export const keywordList = (query: { site_id: number; page: number; page_size: number; used?: 0 | 1; keyword?: string }) =>
  http.get(ApiPath.siteKeywordList, { ...query });
/** One keyword or a pasted list, one per line. */
export const keywordAdd = (body: { site_id: number; keywords: string }) => http.post(ApiPath.siteKeywordAdd, body, FORM);
/** A CSV or text file uploaded before (`upload`: the url the upload call returned). */
export const keywordImport = (body: { site_id: number; upload: string }) => http.post(ApiPath.siteKeywordImport, body, FORM);
export const keywordDel = (body: { site_id: number; ids: number[] }) => http.delete(ApiPath.siteKeywordDel, body);

export const categoryList = (siteId: number) => http.get(ApiPath.siteCategoryList, { site_id: siteId });
export const categoryAdd = (body: Static<typeof CategoryAddBody>) => http.post(ApiPath.siteCategoryAdd, body, FORM);
/** WordPress: the site's users, an article's author chosen from them (a failure only leaves the author typed in). */
export const siteUsers = (siteId: number) => http.get(ApiPath.siteUsers, { site_id: siteId }, FORM);
/** WordPress: reads the site's categories. */
export const categoryFetch = (siteId: number) => http.post(ApiPath.siteCategoryFetch, { site_id: siteId }, FORM);
/** The site's live pages no other page links to, and its links to pages no longer live. */
export const siteLinkReport = (siteId: number) => http.get(ApiPath.siteLinkReport, { site_id: siteId });
/** The links made on the site's posts, newest first, undone ones included. */
export const siteLinkList = (siteId: number) => http.get(ApiPath.siteLinkList, { site_id: siteId });
/** Takes a link out of its post (the post updated on the site); a refusal is shown by the view. */
export const siteLinkUndo = (id: number) => http.post(ApiPath.siteLinkUndo, { id }, FORM);

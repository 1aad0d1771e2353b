import type { Keyword, Site, SiteAddBody } from '../../../contract/schemas/site';
import { useCall, type HandlersOf } from '../../app/useCall';
import { useLoad } from '../../app/useLoad';
import {
  categoryAdd,
  categoryFetch,
  categoryList,
  keywordAdd,
  keywordDel,
  keywordImport,
  keywordList,
  siteAdd,
  siteDel,
  siteEdit,
  siteLinkList,
  siteLinkReport,
  siteLinkUndo,
  siteList,
  siteTest,
} from '../../services/api/site';
import { upload } from '../../services/api/upload';

/** The account's sites, a page at a time, by name; a removed row is a deleted site. */
export const siteRows = {
  fetchPage: ({ page, page_size, filters }: { page: number; page_size: number; filters: Record<string, unknown> }) =>
    siteList({ page, page_size, ...(filters.name ? { name: String(filters.name) } : {}) }),
  removeRow: (site: Site) => siteDel(site.id),
};

/** A new site, or an edit of the one with `id`. */
const saveSite = (input: { id: number | null; body: SiteAddBody }) =>
  input.id ? siteEdit({ id: input.id, ...input.body }) : siteAdd(input.body);

export const useSaveSite = (handlers?: HandlersOf<typeof saveSite>) => useCall(saveSite, handlers);

export const useTestSite = (handlers?: HandlersOf<typeof siteTest>) => useCall(siteTest, handlers);

/** A site's categories, all on one page. */
export const categoryRowsOf = (siteId: number) => ({ fetchPage: () => categoryList(siteId) });

export const useAddCategory = (handlers?: HandlersOf<typeof categoryAdd>) => useCall(categoryAdd, handlers);

/** Reads the site's categories from the site itself. */
export const useFetchCategories = (handlers?: HandlersOf<typeof categoryFetch>) => useCall(categoryFetch, handlers);

/** Makes a category the one the site's articles go to unless told otherwise. */
export const useChooseDefaultCategory = (handlers?: HandlersOf<typeof siteEdit>) => useCall(siteEdit, handlers);

/** A site's keywords, a page at a time, used or unused; a removed row is a deleted keyword. */
export const keywordRowsOf = (siteId: number) => ({
  fetchPage: ({ page, page_size, filters }: { page: number; page_size: number; filters: Record<string, unknown> }) =>
    keywordList({ site_id: siteId, page, page_size, ...(filters.used === undefined ? {} : { used: filters.used as 0 | 1 }) }),
  removeRow: (keyword: Keyword) => keywordDel({ site_id: siteId, ids: [keyword.id] }),
});

export const useAddKeywords = (handlers?: HandlersOf<typeof keywordAdd>) => useCall(keywordAdd, handlers);

/** Uploads a keyword file, then imports it into the site. */
const importKeywordFile = async ({ siteId, file }: { siteId: number; file: File }) => {
  const uploaded = await upload(file, 'keywords', file.name);
  return keywordImport({ site_id: siteId, upload: uploaded.url });
};

export const useImportKeywords = (handlers?: HandlersOf<typeof importKeywordFile>) => useCall(importKeywordFile, handlers);

/** The links Inkpress added to a site's older posts. */
export const useSiteLinkChanges = (siteId: number) => useLoad(siteLinkList, siteId);

export const useUndoSiteLink = (handlers?: HandlersOf<typeof siteLinkUndo>) => useCall(siteLinkUndo, handlers);

/** How the site's posts link to one another. */
export const useSiteLinkReport = (siteId: number) => useLoad(siteLinkReport, siteId);

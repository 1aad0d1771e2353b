import type { ArticleAddBody, ArticleSummary } from '../../../contract/schemas/article';
import { useCall, type HandlersOf } from '../../app/useCall';
import { useLoad } from '../../app/useLoad';
import { useQuote } from '../../app/useQuote';
import { filtersSet, type ListFilters, type ListQuery } from '../../machines/list.machine';
import {
  articleAdd,
  articleCode,
  articleDel,
  articleDetail,
  articleDetailForPage,
  articleEdit,
  articleImport,
  articleList,
  type ArticleListQuery,
} from '../../services/api/article';
import { articleBulkRefresh, articleRefresh, articleRefreshList, articleRefreshQuote } from '../../services/api/articleRefresh';
import { articleVersionDetail, articleVersionList, articleVersionRestore } from '../../services/api/articleVersion';
import { siteList, siteUsers } from '../../services/api/site';

/** The account's articles, a page at a time, filtered; a removed row is a deleted article. */
export const articleRows = {
  fetchPage: ({ page, page_size, filters }: { page: number; page_size: number; filters: ListFilters }) =>
    articleList({
      page,
      page_size,
      ...(filtersSet(filters) as Partial<ArticleListQuery>),
    }),
  removeRow: (article: ArticleSummary) => articleDel(article.id),
};

/** The sites of the site filter and the forms. */
const SITES = { page: 1, page_size: 100 };

/** The sites, loaded ahead at the click that opens the articles. */
export const sitesAhead = () => siteList(SITES);

export const useSites = () => useLoad(siteList, SITES);

export const useArticleDetail = (articleId: number) => useLoad(articleDetail, articleId);

/** The article with what its own page shows besides (its versions' count, its publications). */
export const useArticlePage = (articleId: number) => useLoad(articleDetailForPage, articleId);

/** The article's embed code blocks. */
export const useArticleCode = (articleId: number) => useLoad(articleCode, articleId);

/** Changes an article's fields: its status, from its row. */
export const useEditArticle = (handlers?: HandlersOf<typeof articleEdit>) => useCall(articleEdit, handlers);

/** A new article, or an edit of the one with `id`. */
const saveArticle = ({ id, body }: { id: number | null; body: ArticleAddBody }) => (id ? articleEdit({ id, ...body }) : articleAdd(body));

export const useSaveArticle = (handlers?: HandlersOf<typeof saveArticle>) => useCall(saveArticle, handlers);

/** A WordPress site's users to choose the author from; none for no site or another kind of site. */
const usersOf = async (siteId: number | null) => (siteId ? (await siteUsers(siteId)).list : []);

export const useSiteAuthors = (siteId: number | null) => useLoad(usersOf, siteId);

export const useDeleteArticle = (handlers?: HandlersOf<typeof articleDel>) => useCall(articleDel, handlers);

/** Each Markdown or HTML file becomes a draft (its first heading is the title). */
const importFiles = async ({ files, siteId }: { files: File[]; siteId: number | null }) => {
  const imported = [];
  for (const file of files) {
    const format = /\.html?$/i.test(file.name) ? 'html' : 'markdown';
    imported.push(await articleImport({ content: await file.text(), format, site_id: siteId }));
  }
  return imported;
};

export const useImportArticles = (handlers?: HandlersOf<typeof importFiles>) => useCall(importFiles, handlers);

/** What refreshing `input.count` articles costs; nothing asked while `input` is null. */
export const useRefreshQuote = (input: Parameters<typeof articleRefreshQuote>[0] | null) => useQuote(articleRefreshQuote, input);

export const useRefreshArticle = (handlers?: HandlersOf<typeof articleRefresh>) => useCall(articleRefresh, handlers);

export const useRefreshArticles = () => useCall(articleBulkRefresh);

/** Published articles a refresh may pick, by age or score. */
export const refreshCandidateRows = {
  fetchPage: ({ page, page_size, filters }: ListQuery) => articleRefreshList({ page, page_size, ...filters }),
};

/** The articles being refreshed, followed until none is running. */
export const refreshingRows = {
  fetchPage: ({ page, page_size }: ListQuery) => articleRefreshList({ page, page_size, refreshing: true }),
  pollWhile: (rows: ArticleSummary[]) => rows.length > 0,
  pollMs: 2000,
};

export const useArticleVersions = (query: Parameters<typeof articleVersionList>[0]) => useLoad(articleVersionList, query);

export const useCompareVersion = () => useCall(articleVersionDetail);

export const useRestoreVersion = (handlers?: HandlersOf<typeof articleVersionRestore>) => useCall(articleVersionRestore, handlers);

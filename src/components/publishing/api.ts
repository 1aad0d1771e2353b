import { useCall, type HandlersOf } from '../../app/useCall';
import { useLoad } from '../../app/useLoad';
import { useQuote } from '../../app/useQuote';
import { filtersSet, type ListFilters } from '../../machines/list.machine';
import { articleList, type ArticleListQuery } from '../../services/api/article';
import { articlePublications, exportArticles, publishingTaskAdd } from '../../services/api/publishingTask';
import { taskQuote } from '../../services/api/quote';
import { categoryList } from '../../services/api/site';

/** The articles to pick from, a page at a time, filtered. */
export const pickableArticles = ({ page, page_size, filters }: { page: number; page_size: number; filters: ListFilters }) =>
  articleList({ page, page_size, ...(filtersSet(filters) as Partial<ArticleListQuery>) });

/** Where an article is published: one row a site. */
export const publicationRowsOf = async (articleId: number) => {
  const page = await articlePublications(articleId);
  return { ...page, list: page.list.map((p) => ({ ...p, id: p.site_id })) };
};

/** Publishes articles to a site, or takes them off it: a publishing task. */
export const usePublish = (handlers?: HandlersOf<typeof publishingTaskAdd>) => useCall(publishingTaskAdd, handlers);

/** What a publishing task costs; nothing asked while `input` is null. */
export const usePublishQuote = (input: Parameters<typeof taskQuote>[0] | null) => useQuote(taskQuote, input);

export const useExportArticles = (handlers?: HandlersOf<typeof exportArticles>) => useCall(exportArticles, handlers);

/** The categories of the chosen site (none before a site is chosen). */
const categoriesOf = (siteId: string) => (siteId ? categoryList(Number(siteId)) : Promise.resolve({ list: [], total: 0 }));

export const useSiteCategories = (siteId: string) => useLoad(categoriesOf, siteId);

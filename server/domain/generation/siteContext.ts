import type { Ctx } from '../context';
import { siteArticleBodies, siteArticleHeads, siteSlugsLike } from '../../db/articles';
import { livePages } from '../../db/internalLinks';
import type { RelatedArticle } from '../../providers/llm/types';
import { chooseRelated } from '../links/linkRelevance';

/** An article of the site a new one is written for. */
export interface SiteArticleHead {
  title: string;
  slug: string;
  keyword: string;
  writer: string;
}

/** A page of the site live now: what a new article may link to. */
export interface SitePage {
  title: string;
  keyword: string;
  url: string;
}

/** How many of a site's articles a new one is compared with (titles, links; bodies for duplicates). */
const HEADS = 500;
const BODIES = 30;

/**
 * What a new article of a site is written against: the site's other articles (their titles are
 * not reused), its live pages (the related ones are linked, by the addresses they have), the
 * newest bodies (duplicate content) and its slugs.
 */
export async function siteContextOf(ctx: Pick<Ctx, 'db'>, accountId: number, siteId: number) {
  const [heads, pages, bodies] = await Promise.all([
    siteArticleHeads(ctx.db, accountId, siteId, HEADS),
    livePages(ctx.db, siteId),
    siteArticleBodies(ctx.db, accountId, siteId, BODIES),
  ]);
  return {
    siteArticles: heads as SiteArticleHead[],
    sitePages: pages.slice(0, HEADS).map(({ title, keyword, url }): SitePage => ({ title, keyword, url })),
    siteBodies: bodies,
    slugsLike: (base: string) => siteSlugsLike(ctx.db, siteId, base),
  };
}

/**
 * The site's live pages related to a keyword, most related first, at most `limit`: chosen by the
 * score the internal links are chosen by, and named by the address each page has on the site (a
 * model told them links real posts, never an address guessed from a slug).
 */
export function relatedArticles(keyword: string, pages: SitePage[], limit = 5): RelatedArticle[] {
  return chooseRelated({ keyword, title: '', headings: '' }, pages, 0, limit).map(({ title, url }) => ({ title, url }));
}

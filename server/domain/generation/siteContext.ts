import type { Ctx } from '../context';
import { siteArticleBodies, siteArticleHeads, siteSlugsLike } from '../../db/articles';
import type { RelatedArticle } from '../../providers/llm/types';

/** An article of the site a new one is written for. */
export interface SiteArticleHead {
  title: string;
  slug: string;
  keyword: string;
  writer: string;
}

/** How many of a site's articles a new one is compared with (titles, links; bodies for duplicates). */
const HEADS = 500;
const BODIES = 30;

/**
 * What a new article of a site is written against: the site's other articles (their titles are
 * not reused, the related ones are linked), the newest bodies (duplicate content) and its slugs.
 */
export async function siteContextOf(ctx: Pick<Ctx, 'db'>, accountId: number, siteId: number) {
  const [heads, bodies] = await Promise.all([
    siteArticleHeads(ctx.db, accountId, siteId, HEADS),
    siteArticleBodies(ctx.db, accountId, siteId, BODIES),
  ]);
  return { siteArticles: heads as SiteArticleHead[], siteBodies: bodies, slugsLike: (base: string) => siteSlugsLike(ctx.db, siteId, base) };
}

const STOP = new Set([
  'the',
  'and',
  'for',
  'with',
  'how',
  'what',
  'why',
  'your',
  'you',
  'are',
  'best',
  'guide',
  'from',
  'that',
  'this',
  'into',
  'about',
]);

/** Words of a phrase (3+ letters, not function words) and, for CJK, its character pairs. */
export function topicTokens(text: string): Set<string> {
  const tokens = new Set<string>();
  const lower = text.toLowerCase();
  for (const w of lower.split(/[^\p{L}\p{N}]+/u)) {
    if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(w)) {
      const chars = [...w];
      for (let i = 0; i + 1 < chars.length; i++) tokens.add(chars[i] + chars[i + 1]);
    } else if (w.length >= 3 && !STOP.has(w)) tokens.add(w.replace(/s$/, ''));
  }
  return tokens;
}

/**
 * The site's articles related to a keyword (sharing a word, or for CJK a pair of characters, with
 * its keyword or title), most related first, at most `limit`. Briefs (never published) and articles
 * on the same keyword are not linked.
 */
export function relatedArticles(keyword: string, heads: SiteArticleHead[], siteUrl: string, limit = 5): RelatedArticle[] {
  const mine = topicTokens(keyword);
  if (mine.size === 0) return [];
  const base = siteUrl.replace(/\/+$/, '');
  return heads
    .filter((h) => h.writer !== 'offline' && h.slug && h.keyword.trim().toLowerCase() !== keyword.trim().toLowerCase())
    .map((h) => {
      const theirs = topicTokens(`${h.keyword} ${h.title}`);
      let shared = 0;
      for (const t of mine) if (theirs.has(t)) shared++;
      return { h, shared };
    })
    .filter((x) => x.shared > 0)
    .sort((a, b) => b.shared - a.shared)
    .slice(0, limit)
    .map(({ h }) => ({ title: h.title, url: `${base}/${h.slug}/` }));
}

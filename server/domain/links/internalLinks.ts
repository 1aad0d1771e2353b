import type { Ctx } from '../context';
import type { ArticleRow } from '../../db/articles';
import * as q from '../../db/internalLinks';
import { chooseRelated, headingsOf, relevance } from './linkRelevance';
import { placeLinks, type LinkToPlace } from './linkPlacement';
import { message, render } from '../../i18n/messages';
import { sameAddress } from './sameAddress';

/*
 * Internal links both ways. A post sent to a site is the article's body with its internal links
 * (those not undone, to pages still live), placed by linkPlacement. When an article is published
 * to a site, it first links to related pages of the site (at least the operator's `least` when the
 * site has them, unrelated ones topping up, at most `most`); once live, older related pages get a
 * link to it, each at most `addedPerPost` times in all, so an old post is not filled with links
 * (Config.generation.internalLinks).
 */

/** The most older posts given a link to one new article. */
export const BACKLINKS_PER_PUBLISH = 3;

type LinkCtx = Pick<Ctx, 'db' | 'config'>;
type Article = Pick<ArticleRow, 'id' | 'accountId' | 'keyword' | 'title' | 'body' | 'language'>;

/** The lead-in of a link's own sentence, in the article's language. */
const relatedLeadIn = (language: string) =>
  render(language.toLowerCase().startsWith('zh') ? 'zh_CN' : 'en', message('internalLinks.related'));

const toPlace = (page: q.LivePage): LinkToPlace => ({ url: page.url, phrases: [page.keyword, page.title], title: page.title });

/** The article's body with its links placed (`extra` ones last, their anchors returned). */
function withLinks(article: Article, links: q.InternalLinkRow[], pages: Map<number, q.LivePage>, extra: q.LivePage[]) {
  const kept = links.filter((l) => l.targetArticleId !== null && pages.has(l.targetArticleId));
  const placed = placeLinks(
    article.body,
    [...kept.map((l) => ({ ...toPlace(pages.get(l.targetArticleId!)!), phrases: [l.anchor] })), ...extra.map(toPlace)],
    relatedLeadIn(article.language),
  );
  return { html: placed.html, anchors: placed.anchors.slice(kept.length) };
}

/**
 * The HTML an article's post on a site carries: its body with its links. Publishing it (`choose`)
 * first adds related live pages (never itself, never twice, never one whose link was undone) while
 * it links to fewer than the least the operator set. The choice is recorded, so a retry or an update
 * sends the same links.
 */
export async function linkedBody(ctx: LinkCtx, article: Article, siteId: number, choose: boolean): Promise<string> {
  const { least, most } = ctx.config.generation.internalLinks;
  const live = (await q.livePages(ctx.db, siteId)).filter((p) => p.articleId !== article.id);
  const pages = new Map(live.map((p) => [p.articleId, p]));
  const all = await q.linksFrom(ctx.db, siteId, article.id);
  const links = all.filter((l) => !l.undoneAt);
  const linked = new Set(all.map((l) => l.targetArticleId));
  const have = links.filter((l) => l.kind === 'related' && l.targetArticleId !== null && pages.has(l.targetArticleId)).length;
  const fresh =
    !choose || have >= least
      ? []
      : chooseRelated(
          { keyword: article.keyword, title: article.title, headings: headingsOf(article.body) },
          live.filter((p) => !linked.has(p.articleId)),
          least - have,
          most - have,
        );
  const { html, anchors } = withLinks(article, links, pages, fresh);
  await q.insertLinks(
    ctx.db,
    fresh.flatMap((p, i) => {
      const anchor = anchors[i];
      // Already linked by the body itself: nothing was added.
      if (anchor === null) return [];
      return [
        {
          accountId: article.accountId,
          siteId,
          sourceArticleId: article.id,
          targetArticleId: p.articleId,
          targetUrl: p.url,
          anchor,
          kind: 'related',
        },
      ];
    }),
  );
  return html;
}

/** Sends an older article's post again (the same remote post, updated in place), with its links as recorded. */
export type Republish = (articleId: number) => Promise<void>;

/**
 * After `articleId` went live on the site: the related older pages (by the same score, above 0)
 * that never linked to it and have had fewer links added than the operator's `addedPerPost` get one,
 * recorded, then their posts are sent again. A post that cannot be updated loses its record again.
 * Returns the links added.
 */
export async function linkBack(ctx: LinkCtx & Pick<Ctx, 'log'>, articleId: number, siteId: number, republish: Republish) {
  const live = await q.livePages(ctx.db, siteId);
  const target = live.find((p) => p.articleId === articleId);
  if (!target) return [];
  const candidates = live
    .filter((p) => p.articleId !== articleId)
    .map((p) => ({ p, score: relevance({ keyword: p.keyword, title: p.title, headings: headingsOf(p.body) }, target) }))
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score);
  const pages = new Map(live.map((p) => [p.articleId, p]));
  const added: q.InternalLinkRow[] = [];
  for (const { p } of candidates) {
    if (added.length >= BACKLINKS_PER_PUBLISH) break;
    const all = await q.linksFrom(ctx.db, siteId, p.articleId);
    // Linked already, or linked once and undone by a person: left as it is.
    if (all.some((l) => l.targetArticleId === articleId)) continue;
    const links = all.filter((l) => !l.undoneAt);
    if ((await q.backlinksAddedTo(ctx.db, siteId, p.articleId)) >= ctx.config.generation.internalLinks.addedPerPost) continue;
    const source = { id: p.articleId, accountId: p.accountId, keyword: p.keyword, title: p.title, body: p.body, language: p.language };
    const [anchor] = withLinks(source, links, pages, [target]).anchors;
    if (anchor === null) continue;
    const [row] = await q.insertLinks(ctx.db, [
      {
        accountId: p.accountId,
        siteId,
        sourceArticleId: p.articleId,
        targetArticleId: articleId,
        targetUrl: target.url,
        anchor,
        kind: 'backlink',
      },
    ]);
    try {
      await republish(p.articleId);
      added.push(row);
    } catch (error) {
      await q.deleteLink(ctx.db, row.id);
      ctx.log.warn({ err: error, articleId: p.articleId }, 'internal links: an older post could not be given its link');
    }
  }
  return added;
}

/**
 * After `articleId` left the site (unpublished, deleted, or sent back as a draft) or came back: the
 * live posts that link to it and, as last read back, do not hold what they should (the link while it
 * is live, no link once it left) are sent again with their links placed as recorded. A post that
 * cannot be updated stays as it is, and while it points at a page that left, the site's report
 * lists the link as broken. Returns the posts mended.
 */
export async function mendLinksTo(ctx: Pick<Ctx, 'db' | 'log'>, articleId: number, siteId: number, republish: Republish) {
  const target = (await q.livePages(ctx.db, siteId)).find((p) => p.articleId === articleId);
  const mended: number[] = [];
  for (const source of await q.livePostsLinkingTo(ctx.db, siteId, articleId)) {
    if (mended.includes(source.articleId)) continue;
    const address = sameAddress(target?.url ?? source.targetUrl);
    if (source.holds && source.holds.some((url) => sameAddress(url) === address) === !!target) continue;
    try {
      await republish(source.articleId);
      mended.push(source.articleId);
    } catch (error) {
      ctx.log.warn(
        { err: error, articleId: source.articleId },
        'internal links: a post linking to a page that left or came back could not be updated',
      );
    }
  }
  return mended;
}

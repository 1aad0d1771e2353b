import type { Ctx } from '../context';
import * as q from '../../db/internalLinks';
import { siteOf } from '../sites/sites';
import { notFound, refused } from '../errors';
import { ResultCode } from '../../../contract/codes';
import { dateTime } from '../../../contract/dateTime';
import type { InternalLink, InternalLinkListQuery, LinkReport } from '../../../contract/schemas/internalLink';
import { postWay, updateLivePost } from '../publishing/wordpressArticle';
import { reasonOf } from '../../i18n/wordedError';
import { sameAddress } from './sameAddress';

/* What an account sees and does with its sites' internal links: the changes made, undoing one, the report. */

const toInternalLink = (row: q.LinkWithSource): InternalLink => ({
  id: row.id,
  site_id: row.siteId,
  source_article_id: row.sourceArticleId,
  source_title: row.sourceTitle,
  target_article_id: row.targetArticleId,
  target_title: row.targetTitle,
  target_url: row.targetUrl,
  anchor: row.anchor,
  kind: row.kind === 'backlink' ? 'backlink' : 'related',
  created_at: dateTime(row.createdAt),
  undone_at: row.undoneAt ? dateTime(row.undoneAt) : null,
  on_site: row.sourceHolds ? row.sourceHolds.some((url) => sameAddress(url) === sameAddress(row.targetUrl)) : null,
});

/** The internal links made on a site (of one article's post, when asked), newest first, undone ones included. */
export async function listInternalLinks(ctx: Pick<Ctx, 'db'>, accountId: number, query: InternalLinkListQuery) {
  const site = await siteOf(ctx, accountId, query.site_id);
  const list = (await q.linksOfSite(ctx.db, site.id, query.article_id)).map(toInternalLink);
  return { list, total: list.length };
}

/**
 * Undoes a link: it is marked undone and its source's post is sent again without it (the same
 * post, updated in place). When the post cannot be updated, the link stays and the reason is said.
 */
export async function undoInternalLink(ctx: Pick<Ctx, 'db' | 'config' | 'now'>, accountId: number, id: number): Promise<InternalLink> {
  const link = await q.findLink(ctx.db, accountId, id);
  if (!link) throw notFound('internalLinks.notFound');
  if (!(await q.markUndone(ctx.db, link.id, ctx.now()))) throw refused(ResultCode.ERROR, 'internalLinks.alreadyUndone');
  try {
    await updateLivePost(ctx, accountId, link.siteId, link.sourceArticleId, postWay(ctx.config));
  } catch (error) {
    await q.restoreLink(ctx.db, link.id);
    throw refused(ResultCode.ERROR, 'internalLinks.updateFailed', { reason: reasonOf(error as Error) });
  }
  return toInternalLink((await q.findLinkWithSource(ctx.db, accountId, id))!);
}

/** A site's live pages that no other page links to, and its links to pages no longer live. */
export async function linkReport(ctx: Pick<Ctx, 'db'>, accountId: number, siteId: number): Promise<LinkReport> {
  const site = await siteOf(ctx, accountId, siteId);
  const [orphans, broken] = await Promise.all([q.orphanPages(ctx.db, site.id), q.brokenLinks(ctx.db, site.id)]);
  return {
    orphans: orphans.map((o) => ({ article_id: o.articleId, title: o.title, url: o.url })),
    broken: broken.map((b) => ({
      link_id: b.id,
      source_article_id: b.sourceArticleId,
      source_title: b.sourceTitle,
      source_url: b.sourceUrl,
      target_article_id: b.targetArticleId,
      target_title: b.targetTitle,
      target_url: b.targetUrl,
      anchor: b.anchor,
    })),
  };
}

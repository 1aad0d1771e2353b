import fs from 'node:fs/promises';
import path from 'node:path';
import type { Ctx } from '../context';
import type { ArticleRow } from '../../db/articles';
import type { SiteRow } from '../../db/sites';
import { findSite } from '../../db/sites';
import { findArticle, wordpressChoices } from '../../db/articles';
import * as q from '../../db/publishingTasks';
import { credentialsOf, type SiteCredentials } from '../sites/sites';
import { linkedBody } from '../links/internalLinks';
import { message } from '../../i18n/messages';
import { PublishError } from '../../providers/publish/publishError';
import { publishToWordPress, type LocalImage, type PostInput, type PublishResult } from '../../providers/publish/wordpressPost';
import type { RemoteTarget } from '../../providers/publish/remoteCall';
import { accountFetch } from '../../providers/net/accountFetch';
import type { WordPressCredentials } from '../../providers/publish/wordpress';

/* An article as a WordPress post: what the publishing worker sends, and what updates a live post in place. */

const MIME: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
};

/** This server's image bytes for a local URL (`/uploads/…`); null for another site's URL. */
export function uploadedImages(dataDir: string) {
  const uploadsDir = path.join(dataDir, 'uploads');
  return async function readImage(url: string): Promise<LocalImage | null> {
    if (!url.startsWith('/uploads/')) return null;
    const file = path.resolve(uploadsDir, decodeURIComponent(url.slice('/uploads/'.length)));
    if (!file.startsWith(uploadsDir + path.sep)) return null;
    try {
      return {
        bytes: await fs.readFile(file),
        filename: path.basename(file),
        mime: MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      };
    } catch {
      throw new PublishError(message('failure.imageMissing', { url }), false);
    }
  };
}

/** How a post reaches the site: the remote target and the article's images. */
export interface PostWay {
  target: RemoteTarget;
  readImage(url: string): Promise<LocalImage | null>;
}

/** The way a request (not a worker) reaches a site: the publishing timeout, private networks only when allowed. */
export const postWay = (config: Ctx['config'], signal?: AbortSignal): PostWay => ({
  target: { timeoutMs: config.generation.publishTimeoutMs, fetch: accountFetch(config.allowPrivateTargets), signal },
  readImage: uploadedImages(config.dataDir),
});

/** What the post is besides the article: its status, date and terms (none: the post keeps its own). */
export type PostSettings = Pick<PostInput, 'status' | 'dateGmt' | 'categories' | 'tags'>;

/** A WordPress site's user and application password: without them nothing is sent to it, and trying again will not help. */
export function wordpressSignIn(credentials: SiteCredentials | null): WordPressCredentials {
  if (!credentials?.username || !credentials.app_password) throw new PublishError(message('publishing.noWordPressCredentials'), false);
  return { username: credentials.username, app_password: credentials.app_password };
}

/** Sends the article (its body with its internal links) as the publication's post, exactly once. */
export async function sendArticlePost(
  ctx: Pick<Ctx, 'db' | 'config'>,
  site: SiteRow,
  credentials: WordPressCredentials,
  article: ArticleRow,
  publication: q.PublicationRow,
  settings: PostSettings,
  way: PostWay,
  rememberPost: (id: string, url: string) => Promise<void>,
  /** Publishing (not updating its links): related pages are chosen when it links to too few. */
  chooseLinks: boolean,
): Promise<PublishResult> {
  const alts = Object.fromEntries(article.images.map((i) => [i.url, i.alt]));
  const chosen = wordpressChoices(article);
  return publishToWordPress(
    site.url,
    credentials,
    {
      key: publication.idempotencyKey,
      title: article.title,
      html: await linkedBody(ctx, article, site.id, chooseLinks),
      excerpt: chosen.excerpt || article.metaDescription,
      slug: article.slug,
      ...settings,
      coverUrl: article.coverUrl,
      alts,
      metaTitle: article.metaTitle || article.title,
      metaDescription: article.metaDescription,
      focusKeyword: article.keyword,
      author: chosen.author,
      // Chosen, even empty (cleared): the site's is replaced; never chosen: the site's is left.
      canonicalUrl: article.wordpress.canonical_url ?? null,
    },
    {
      remoteId: publication.remoteId,
      media: publication.media,
      rememberPost,
      rememberMedia: (url, media) => q.rememberMedia(ctx.db, publication.id, url, media),
      readImage: way.readImage,
    },
    way.target,
  );
}

/**
 * Updates an article's live post on a site in place (the same remote post, its status, categories
 * and tags kept), with its internal links as now recorded. Fails when it is not live there or a
 * publishing item is sending it right now.
 */
export async function updateLivePost(ctx: Pick<Ctx, 'db' | 'config'>, accountId: number, siteId: number, articleId: number, way: PostWay) {
  const site = await findSite(ctx.db, accountId, siteId);
  const article = await findArticle(ctx.db, accountId, articleId);
  const publication = await q.findPublication(ctx.db, articleId, siteId);
  if (!site || site.type !== 'wordpress' || !article || !publication?.remoteId || publication.status !== 'publish')
    throw new PublishError(message('failure.neverPublishedHere'), false);
  if (await q.heldUntil(ctx.db, -1, articleId, siteId)) throw new PublishError(message('failure.waitingForOtherTask'), true);
  const result = await sendArticlePost(
    ctx,
    site,
    wordpressSignIn(credentialsOf(ctx, site)),
    article,
    publication,
    { status: 'publish', dateGmt: null, categories: [], tags: [] },
    way,
    (id, url) => q.updatePublication(ctx.db, publication.id, { remoteId: id, remoteUrl: url }),
    false,
  );
  const at = new Date();
  await q.updatePublication(ctx.db, publication.id, {
    remoteUrl: result.remoteUrl,
    status: result.status,
    lastSyncAt: at,
    // Read back like a publish: what the post now holds, its internal links above all.
    verification: { checkedAt: at.toISOString(), differences: result.differences, unsupported: result.unsupported, links: result.links },
  });
}

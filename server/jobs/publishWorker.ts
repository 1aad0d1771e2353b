import { randomUUID } from 'node:crypto';
import type { Ctx } from '../domain/context';
import { findSite, findCategory } from '../db/sites';
import { findArticle, wordpressChoices } from '../db/articles';
import * as q from '../db/publishingTasks';
import { credentialsOf } from '../domain/sites/sites';
import { SecretUnreadableError } from '../domain/secrets';
import { htmlToMarkdown } from '../domain/articles/htmlMarkdown';
import { articleJsonLd, faqJsonLd } from '../domain/articles/jsonLd';
import {
  claimPublishItem,
  completePublishItem,
  failPublishItem,
  LostPublishClaim,
  noteRemotePost,
  renewPublishClaim,
  requeuePublishOrphans,
  retryPublishItemLater,
  type PublishClaim,
  type Published,
} from '../domain/publishing/publishItems';
import { noticePublishOutcome } from '../domain/support/notices';
import { feedAllPublishing } from '../domain/publishing/publishSource';
import { asPublishError, PublishError } from '../providers/publish/publishError';
import { publishToWebhook } from '../providers/publish/webhook';
import { takeOffWordPress } from '../providers/publish/wordpressPostStatus';
import { rootMessage } from '../db/errors';
import { message } from '../i18n/messages';
import { reasonOf } from '../i18n/wordedError';
import { absoluteUrl, withAbsoluteImages } from '../domain/articles/absoluteImages';
import { linkBack, linkedBody, mendLinksTo } from '../domain/links/internalLinks';
import { postWay, sendArticlePost, updateLivePost, wordpressSignIn } from '../domain/publishing/wordpressArticle';

type WorkerCtx = Pick<Ctx, 'db' | 'config' | 'jobs' | 'now' | 'log'>;

export interface PublishWorkers {
  stop(): Promise<void>;
}

/** The wait before a transient fault's next try: what the site asked for, else doubling from PUBLISH_RETRY_SECONDS, at most an hour. */
export function backoffMs(baseSeconds: number, attempt: number, retryAfterMs: number | null): number {
  const doubling = baseSeconds * 1000 * 2 ** Math.max(0, attempt - 1);
  return Math.min(3_600_000, Math.max(retryAfterMs ?? 0, doubling));
}

/**
 * Sends publishing items: claims one (and debits it), publishes its article to the task's site
 * (WordPress or webhook), and records where it is; a transient fault (timeout, 429, 5xx) puts the
 * item back with backoff until PUBLISH_MAX_ATTEMPTS, any other fails it with its reason. A worker
 * stopped mid-item leaves its claim to lapse: the item runs again and finds the post it made.
 */
export async function startPublishWorkers(ctx: WorkerCtx, kind: 'pglite' | 'postgres'): Promise<PublishWorkers> {
  const g = ctx.config.generation;
  const stopping = new AbortController();
  const way = postWay(ctx.config, stopping.signal);
  const { target } = way;

  const recovered = await requeuePublishOrphans(ctx, kind === 'pglite' ? 'all' : 'expired');
  if (recovered) ctx.log.info(`publishing: ${recovered} item(s) of a stopped worker queued again`);
  // Articles of generation tasks written while no worker added them (a crash) become items now, and on each sweep.
  const fed = await feedAllPublishing(ctx);
  if (fed) ctx.log.info(`publishing: ${fed} written article(s) added to their publishing tasks`);
  const sweeper = setInterval(
    () =>
      void requeuePublishOrphans(ctx, 'expired')
        .then(() => feedAllPublishing(ctx))
        .catch((error: Error) => ctx.log.error({ err: error }, 'publishing: sweeping lapsed claims failed')),
    Math.max(1000, (g.leaseSeconds * 1000) / 2),
  );
  sweeper.unref();

  async function run(claim: PublishClaim, onPublication: (id: number) => void): Promise<Published> {
    const { item, task } = claim;
    const site = task.siteId ? await findSite(ctx.db, item.accountId, task.siteId) : null;
    if (!site) throw new PublishError(message('failure.siteDeleted'), false);
    const article = item.articleId ? await findArticle(ctx.db, item.accountId, item.articleId) : null;
    if (!article) throw new PublishError(message('failure.articleDeleted'), false);
    let c;
    try {
      c = credentialsOf(ctx, site);
    } catch (error) {
      if (error instanceof SecretUnreadableError) throw new PublishError(reasonOf(error), false);
      throw error;
    }
    if (task.action !== 'publish') {
      if (site.type !== 'wordpress') throw new PublishError(message('failure.siteTypeNotTakenOff', { type: site.type }), false);
      const signIn = wordpressSignIn(c);
      const published = await q.findPublication(ctx.db, article.id, site.id);
      if (!published) throw new PublishError(message('failure.neverPublishedHere'), false);
      onPublication(published.id);
      const result = await takeOffWordPress(
        site.url,
        signIn,
        task.action,
        published.idempotencyKey,
        {
          remoteId: published.remoteId,
          rememberPost: (id, url) => q.updatePublication(ctx.db, published.id, { remoteId: id, remoteUrl: url }),
        },
        target,
      );
      return { publicationId: published.id, ...result };
    }
    const publication = await q.ensurePublication(ctx.db, {
      accountId: item.accountId,
      articleId: article.id,
      siteId: site.id,
      idempotencyKey: `ikp-${randomUUID()}`,
    });
    onPublication(publication.id);
    const rememberPost = async (id: string, url: string) => {
      await q.updatePublication(ctx.db, publication.id, { remoteId: id, remoteUrl: url });
      await noteRemotePost(ctx, claim, id, url);
    };

    if (site.type === 'wordpress') {
      const signIn = wordpressSignIn(c);
      // An article's own category is of the site it was written for; on another site, the site's default.
      const categoryId = task.categoryId ?? (article.siteId === site.id ? article.categoryId : null) ?? site.defaultCategoryId;
      const category = categoryId ? await findCategory(ctx.db, site.id, categoryId) : null;
      // The article's own choices, where made, before the task's.
      const chosen = wordpressChoices(article);
      const result = await sendArticlePost(
        ctx,
        site,
        signIn,
        article,
        publication,
        {
          status: task.postStatus as 'draft' | 'publish' | 'future',
          dateGmt: task.postDate,
          categories: chosen.categories.length
            ? chosen.categories.map((name) => ({ remoteId: null, name }))
            : category
              ? [{ remoteId: category.remoteId, name: category.name }]
              : [],
          tags: chosen.tags.length ? chosen.tags : task.tags,
        },
        way,
        rememberPost,
        true,
      );
      return { publicationId: publication.id, ...result };
    }
    if (site.type === 'webhook') {
      if (!c?.webhook_url || !c.secret) throw new PublishError(message('publishing.noWebhookCredentials'), false);
      const absolute = (url: string) => absoluteUrl(url, ctx.config.publicUrl);
      const html = withAbsoluteImages(await linkedBody(ctx, article, site.id, true), ctx.config.publicUrl);
      // The article's own choices, where made, before the task's: as a WordPress site gets them.
      const chosen = wordpressChoices(article);
      const sent = await publishToWebhook(
        { webhook_url: c.webhook_url, secret: c.secret },
        {
          idempotency_key: publication.idempotencyKey,
          site_id: site.id,
          article: {
            id: article.id,
            title: article.title,
            slug: article.slug,
            html,
            markdown: htmlToMarkdown(html),
            excerpt: chosen.excerpt || article.metaDescription,
            meta: { title: article.metaTitle || article.title, description: article.metaDescription },
            keyword: article.keyword,
            language: article.language,
            status: task.postStatus,
            post_date: task.postDate?.toISOString() ?? null,
            categories: chosen.categories,
            tags: chosen.tags.length ? chosen.tags : task.tags,
            author: chosen.author,
            canonical_url: chosen.canonical_url,
            cover: article.coverUrl
              ? { url: absolute(article.coverUrl), alt: article.images.find((i) => i.url === article.coverUrl)?.alt ?? '' }
              : null,
            images: article.images.map((i) => ({ url: absolute(i.url), alt: i.alt })),
            json_ld: [
              articleJsonLd({
                ...article,
                coverUrl: article.coverUrl ? absolute(article.coverUrl) : '',
                siteUrl: site.url,
                siteName: site.name,
              }),
              ...(article.faq.length ? [faqJsonLd(article.faq)] : []),
            ],
          },
        },
        ctx.now(),
        target,
      );
      if (sent.remoteId || sent.remoteUrl) await rememberPost(sent.remoteId ?? publication.remoteId ?? '', sent.remoteUrl);
      return {
        publicationId: publication.id,
        remoteId: sent.remoteId ?? publication.remoteId,
        remoteUrl: sent.remoteUrl || publication.remoteUrl,
        status: task.postStatus,
        notes: [],
        differences: null,
      };
    }
    throw new PublishError(message('failure.siteTypeNotPublished', { type: site.type }), false);
  }

  /** The account hears of its task when the last item ends (a notice). */
  const tellOutcome = (taskId: number) =>
    noticePublishOutcome(ctx, taskId).catch((error: Error) =>
      ctx.log.error({ err: error, taskId }, 'notices: publishing outcome notice failed'),
    );

  /**
   * The site's posts that link to the article are mended when it left (unpublished, deleted, sent
   * back as a draft) or came back; then, once live, older related posts get a link to it. A fault
   * there leaves this item done.
   */
  async function mendLinks({ item, task }: PublishClaim, live: boolean) {
    if (!item.articleId || !task.siteId) return;
    const [articleId, siteId] = [item.articleId, task.siteId];
    if ((await findSite(ctx.db, item.accountId, siteId))?.type !== 'wordpress') return;
    const republish = (source: number) => updateLivePost(ctx, item.accountId, siteId, source, way);
    try {
      await mendLinksTo(ctx, articleId, siteId, republish);
      if (live) await linkBack(ctx, articleId, siteId, republish);
    } catch (error) {
      ctx.log.error({ err: error, itemId: item.id }, 'internal links: mending links failed');
    }
  }

  async function handle(itemId: number) {
    if (stopping.signal.aborted) throw new Error('The worker is stopping');
    const claim = await claimPublishItem(ctx, itemId);
    if (!claim) return;
    let publicationId: number | null = null;
    const lease = setInterval(() => void renewPublishClaim(ctx, claim).catch(() => {}), Math.max(500, (g.leaseSeconds * 1000) / 3));
    try {
      const result = await run(claim, (id) => (publicationId = id));
      await completePublishItem(ctx, claim, result);
      await tellOutcome(claim.task.id);
      await mendLinks(claim, claim.task.action === 'publish' && result.status === 'publish');
    } catch (error) {
      // Stopping: the claim is left to lapse and the item runs again after restart.
      if (stopping.signal.aborted || error instanceof LostPublishClaim) return;
      const known = asPublishError(error);
      const reason = known ? known.reason : message('failure.internal', { detail: rootMessage(error) });
      if (!known) ctx.log.error({ err: error, itemId }, 'publishing: item failed');
      const again = known?.transient && claim.item.attempt < g.publishMaxAttempts;
      await (
        again
          ? retryPublishItemLater(ctx, claim, reason, backoffMs(g.publishRetrySeconds, claim.item.attempt, known.retryAfterMs))
          : failPublishItem(
              ctx,
              claim,
              again === false && known?.transient ? message('failure.gaveUp', { reason, attempts: claim.item.attempt }) : reason,
              publicationId,
            )
      ).catch((e: Error) => {
        if (!(e instanceof LostPublishClaim)) throw e;
      });
      if (!again) await tellOutcome(claim.task.id);
    } finally {
      clearInterval(lease);
    }
  }

  await ctx.jobs.workPublish(g.workerConcurrency, handle);
  return {
    async stop() {
      stopping.abort(new Error('The worker is stopping'));
      clearInterval(sweeper);
    },
  };
}

/**
 * The statuses a row can be in, each list said once: the contract's schemas build their enums
 * from these, and the database schema types its `status` columns with them (drizzle's
 * `text({ enum })`), so a row read from the database already carries the contract's union.
 * Plain lists, no TypeBox: the database schema imports them without the schema library.
 */

/** A site takes new work while enabled. */
export const SITE_STATUSES = ['enabled', 'disabled'] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];

export const ARTICLE_STATUSES = ['draft', 'ready', 'published', 'failed'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

/** What replaced a kept text of an article: an edit, a refresh by the model, or a restore of an older text. */
export const ARTICLE_VERSION_SOURCES = ['edit', 'refresh', 'restore'] as const;
export type ArticleVersionSource = (typeof ARTICLE_VERSION_SOURCES)[number];

/** A generation task and a publishing task share one lifecycle (see `taskTransitions.ts`). */
export const TASK_STATUSES = ['running', 'paused', 'cancelled', 'completed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** A generation item; `waiting`: back in the queue until the model service's limit allows it, its charge kept. */
export const TASK_ITEM_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled', 'waiting'] as const;
export type TaskItemStatus = (typeof TASK_ITEM_STATUSES)[number];

/** A publishing item; `skipped`: its article scored below the task's minimum SEO score; it stays a draft in Inkpress. */
export const PUBLISH_ITEM_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled', 'skipped'] as const;
export type PublishItemStatus = (typeof PUBLISH_ITEM_STATUSES)[number];

/** What a publishing task does to each article's post: publish (create or update), unpublish (back to draft), delete (to the site's trash). */
export const PUBLISH_ACTIONS = ['publish', 'unpublish', 'delete'] as const;
export type PublishAction = (typeof PUBLISH_ACTIONS)[number];

export const ORDER_STATUSES = ['pending', 'credited', 'expired', 'failed', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const WORKORDER_STATUSES = ['open', 'answered', 'closed'] as const;
export type WorkorderStatus = (typeof WORKORDER_STATUSES)[number];

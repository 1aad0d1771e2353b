import { Type, type Static } from 'typebox';
import { Body, CacheBust, DateTime, LiteralUnion } from './common';
import { PUBLISH_ACTIONS, PUBLISH_ITEM_STATUSES, TASK_STATUSES } from '../statuses';
import { Language } from './site';

/* Publishing tasks: articles sent to a site, now, at a time or drip-fed. */

export const PublishingTaskStatus = LiteralUnion(TASK_STATUSES);
/** `skipped`: its article scored below the task's minimum SEO score; it stays a draft in Inkpress. */
export const PublishItemStatus = LiteralUnion(PUBLISH_ITEM_STATUSES);
/** What the post becomes on the site: a draft (the default), published, or scheduled (`future`, at post_date). */
export const PostStatus = Type.Union([Type.Literal('draft'), Type.Literal('publish'), Type.Literal('future')]);
export const PublishAction = LiteralUnion(PUBLISH_ACTIONS);
export const ScheduleKind = Type.Union([Type.Literal('now'), Type.Literal('at'), Type.Literal('drip')]);

export const MAX_PUBLISH_ITEMS = 1000;

/** An ISO 8601 date-time with its offset (`2026-11-24T09:30:00Z`, `…+08:00`). */
const Instant = Type.String({ minLength: 10, maxLength: 40 });
const ClockTime = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', maxLength: 5 });

export const PublishSchedule = Type.Object({
  kind: ScheduleKind,
  /** kind `at`: when. */
  at: Type.Union([DateTime, Type.Null()]),
  /** kind `drip`: this many a day between start and end (HH:MM) in timezone. */
  per_day: Type.Union([Type.Integer(), Type.Null()]),
  start: Type.Union([Type.String(), Type.Null()]),
  end: Type.Union([Type.String(), Type.Null()]),
  timezone: Type.Union([Type.String(), Type.Null()]),
});

/** A publishing task with its progress: `done + failed + cancelled` of `total` items are finished. */
export const PublishingTask = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  site_id: Type.Union([Type.Integer(), Type.Null()]),
  site_name: Type.String(),
  site_type: Type.String(),
  /** publish (create or update each post), unpublish (back to draft) or delete (to the site's trash). */
  action: PublishAction,
  post_status: PostStatus,
  post_date: Type.Union([DateTime, Type.Null()]),
  category_id: Type.Union([Type.Integer(), Type.Null()]),
  tags: Type.Array(Type.String()),
  schedule: PublishSchedule,
  status: PublishingTaskStatus,
  total: Type.Integer(),
  done: Type.Integer(),
  failed: Type.Integer(),
  cancelled: Type.Integer(),
  progress: Type.Integer(),
  /** When the next waiting item is due; null when none waits. */
  next_run_at: Type.Union([DateTime, Type.Null()]),
  item_cost: Type.Integer(),
  created_at: DateTime,
  updated_at: DateTime,
  finished_at: Type.Union([DateTime, Type.Null()]),
  /** Items skipped: their article's SEO score was below `min_seo_score`. */
  skipped: Type.Integer(),
  /** The generation task whose articles it publishes as they are written; null for a fixed list. */
  source_task_id: Type.Union([Type.Integer(), Type.Null()]),
  /** True while that generation task may still write articles: `total` is not final yet. */
  awaiting_source: Type.Boolean(),
  min_seo_score: Type.Union([Type.Integer(), Type.Null()]),
});
export type PublishingTask = Static<typeof PublishingTask>;

/** What the site held when the post was read back after a publish; null when not read back (a webhook, or before this was checked). */
export const ReadBack = Type.Union([
  Type.Object({
    checked_at: DateTime,
    /** Each field the site holds differently from what was sent; empty: verified. */
    differences: Type.Array(Type.Object({ field: Type.String(), expected: Type.String(), actual: Type.String() })),
    /** Fields sent that the site has no place for (e.g. `canonical_url` without an SEO plugin exposing it). */
    unsupported: Type.Array(Type.String()),
  }),
  Type.Null(),
]);
export type ReadBack = Static<typeof ReadBack>;

export const PublishItem = Type.Object({
  id: Type.Integer(),
  article_id: Type.Union([Type.Integer(), Type.Null()]),
  title: Type.String(),
  status: PublishItemStatus,
  run_at: DateTime,
  attempt: Type.Integer(),
  /** Why it failed (or, while queued, the last transient fault it waits out). */
  error: Type.String(),
  /** What was not applied on a done item, e.g. "meta not applied". */
  note: Type.String(),
  remote_id: Type.Union([Type.String(), Type.Null()]),
  remote_url: Type.String(),
  started_at: Type.Union([DateTime, Type.Null()]),
  finished_at: Type.Union([DateTime, Type.Null()]),
  /** The article's SEO score when the item was added, for a task with a minimum. */
  seo_score: Type.Union([Type.Integer(), Type.Null()]),
  /** A done item's post as read back from the site after its article's last publish there. */
  verification: ReadBack,
});
export type PublishItem = Static<typeof PublishItem>;

export const PublishingTaskListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    status: Type.Optional(PublishingTaskStatus),
    site_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
    ...CacheBust,
  },
  { additionalProperties: false },
);
export type PublishingTaskListQuery = Static<typeof PublishingTaskListQuery>;

const SmallId = Type.Integer({ minimum: 1, maximum: 2147483647 });

/**
 * The articles: `article_ids` (the account's, of this site or of none), or `ready_of_site` (every
 * article of the site that is ready). The schedule: `now` (default), `at` (`run_at`, not in the
 * past), or `drip` (`per_day` between `drip_start` and `drip_end` in `timezone`, from today).
 */
const publishOptions = {
  site_id: SmallId,
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  /** Opt-in: an article scoring below this SEO score is not published; its item is `skipped` and says why. */
  min_seo_score: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  /** `unpublish` or `delete` the posts of `article_ids` already on the site (default `publish`); free of charge. */
  action: Type.Optional(PublishAction),
  post_status: Type.Optional(PostStatus),
  /** The post date of a `future` (scheduled) post. */
  post_date: Type.Optional(Instant),
  category_id: Type.Optional(Type.Union([SmallId, Type.Null()])),
  tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 20 })),
  schedule: Type.Optional(ScheduleKind),
  run_at: Type.Optional(Instant),
  per_day: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  drip_start: Type.Optional(ClockTime),
  drip_end: Type.Optional(ClockTime),
  /** An IANA time zone, e.g. `Asia/Shanghai`. */
  timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
};

/**
 * Or `article_task_id`: the articles of that generation task (of the same site), each added as an item
 * as soon as it is written (those written already at once); the total is final when that task ends.
 */
export const PublishingTaskAddBody = Body({
  ...publishOptions,
  article_ids: Type.Optional(Type.Array(SmallId, { minItems: 1, maxItems: MAX_PUBLISH_ITEMS })),
  ready_of_site: Type.Optional(Type.Boolean()),
  article_task_id: Type.Optional(SmallId),
});
export type PublishingTaskAddBody = Static<typeof PublishingTaskAddBody>;

/**
 * The generate dialog: write an article for each chosen keyword of the site (a generation task) and
 * publish each as it is written (a publishing task of that generation task), added together in one
 * transaction; the balance must cover both.
 */
export const PublishGenerateBody = Body({
  ...publishOptions,
  keyword_ids: Type.Array(SmallId, { minItems: 1, maxItems: MAX_PUBLISH_ITEMS }),
  language: Type.Optional(Language),
  word_count: Type.Optional(Type.Integer({ minimum: 300, maximum: 5000 })),
  images: Type.Optional(Type.Boolean()),
  include_written: Type.Optional(Type.Boolean()),
  /** Economy mode for the writing (the generation task's `economy`). */
  economy: Type.Optional(Type.Boolean()),
  /** With `economy`: the generation task's `interactive_fallback`. */
  interactive_fallback: Type.Optional(Type.Boolean()),
});
export type PublishGenerateBody = Static<typeof PublishGenerateBody>;

/** Both tasks the generate dialog added, and the keywords left out because they already have an article. */
export const PublishGenerated = Type.Object({
  task: PublishingTask,
  article_task_id: Type.Integer(),
  skipped: Type.Array(Type.String()),
});
export type PublishGenerated = Static<typeof PublishGenerated>;

export const PublishingTaskDetailQuery = Type.Object(
  {
    id: SmallId,
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    status: Type.Optional(PublishItemStatus),
    ...CacheBust,
  },
  { additionalProperties: false },
);
export type PublishingTaskDetailQuery = Static<typeof PublishingTaskDetailQuery>;

export const PublishingTaskDetail = Type.Object({
  task: PublishingTask,
  queued: Type.Integer(),
  running: Type.Integer(),
  items: Type.Object({ list: Type.Array(PublishItem), total: Type.Integer() }),
});
export type PublishingTaskDetail = Static<typeof PublishingTaskDetail>;

/** Retry a task's failed items, or one (`item_id`). */
export const PublishRetryBody = Body({ id: SmallId, item_id: Type.Optional(SmallId) });
export type PublishRetryBody = Static<typeof PublishRetryBody>;

export const PublicationQuery = Type.Object({ article_id: SmallId, ...CacheBust }, { additionalProperties: false });

/** Where an article is published: one row per site it was sent to. */
export const Publication = Type.Object({
  site_id: Type.Integer(),
  site_name: Type.String(),
  site_type: Type.String(),
  remote_id: Type.Union([Type.String(), Type.Null()]),
  remote_url: Type.String(),
  /** pending | draft | publish | future | failed */
  status: Type.String(),
  error: Type.String(),
  last_sync_at: Type.Union([DateTime, Type.Null()]),
  /** The post read back after the last publish: null when not read back (a webhook, or before this was checked). */
  verification: ReadBack,
});
export type Publication = Static<typeof Publication>;

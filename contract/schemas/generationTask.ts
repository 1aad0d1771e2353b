import { Type, type Static } from 'typebox';
import { Body, CacheBust, DateTime, Id, LiteralUnion } from './common';
import { TASK_ITEM_STATUSES, TASK_STATUSES } from '../statuses';
import { Language } from './site';

export const TaskStatus = LiteralUnion(TASK_STATUSES);
/** `waiting`: back in the queue until the model service's limit allows it, its charge kept. */
export const ItemStatus = LiteralUnion(TASK_ITEM_STATUSES);

/** A generation task with its progress: `done + failed + cancelled` of `total` items are finished. */
export const GenerationTask = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  site_id: Type.Union([Type.Integer(), Type.Null()]),
  language: Type.String(),
  word_count: Type.Integer(),
  images: Type.Boolean(),
  category_id: Type.Union([Type.Integer(), Type.Null()]),
  /** The prompt of each kind the task uses (its own, or the built-in default). */
  prompt_ids: Type.Object({ article: Type.Integer(), outline: Type.Integer(), meta: Type.Integer(), faq: Type.Integer() }),
  status: TaskStatus,
  total: Type.Integer(),
  done: Type.Integer(),
  failed: Type.Integer(),
  cancelled: Type.Integer(),
  /** Percent of items finished (done, failed or cancelled). */
  progress: Type.Integer(),
  /** Points one article costs (article + its images), fixed when the task was added. */
  item_cost: Type.Integer(),
  created_at: DateTime,
  updated_at: DateTime,
  finished_at: Type.Union([DateTime, Type.Null()]),
  /** Articles written a minute since the task was added; null before the first. */
  articles_per_minute: Type.Union([Type.Number(), Type.Null()]),
  /** When the rest should be written at that pace; null when unknown or finished. */
  estimated_finish: Type.Union([DateTime, Type.Null()]),
  /** Items waiting for the model service's limit, and when the first of them runs again. */
  waiting: Type.Integer(),
  waiting_until: Type.Union([DateTime, Type.Null()]),
  /** An article still waiting then fails (refunded). */
  deadline_at: Type.Union([DateTime, Type.Null()]),
});
export type GenerationTask = Static<typeof GenerationTask>;

export const TaskItem = Type.Object({
  id: Type.Integer(),
  keyword: Type.String(),
  status: ItemStatus,
  /** Why it failed. */
  error: Type.String(),
  article_id: Type.Union([Type.Integer(), Type.Null()]),
  attempt: Type.Integer(),
  started_at: Type.Union([DateTime, Type.Null()]),
  finished_at: Type.Union([DateTime, Type.Null()]),
  /** A waiting item runs again at this time, and why it waits. */
  wait_until: Type.Union([DateTime, Type.Null()]),
  wait_reason: Type.String(),
});
export type TaskItem = Static<typeof TaskItem>;

export const GenerationTaskListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    status: Type.Optional(TaskStatus),
    site_id: Type.Optional(Id),
    ...CacheBust,
  },
  { additionalProperties: false },
);
export type GenerationTaskListQuery = Static<typeof GenerationTaskListQuery>;

export const MAX_TASK_ITEMS = 10_000;

/**
 * Keywords come from `keyword_ids` (of the site), from `keywords` (a pasted list, one per line,
 * added to the site's keywords), or, with neither, the site's `count` oldest unused keywords.
 * `count` also caps a list.
 */
export const GenerationTaskAddBody = Body({
  site_id: Id,
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  keyword_ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: MAX_TASK_ITEMS })),
  keywords: Type.Optional(Type.String({ minLength: 1 })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_TASK_ITEMS })),
  prompt_ids: Type.Optional(
    Type.Object(
      { article: Type.Optional(Id), outline: Type.Optional(Id), meta: Type.Optional(Id), faq: Type.Optional(Id) },
      { additionalProperties: false },
    ),
  ),
  /** Defaults to the site's language. */
  language: Type.Optional(Language),
  /** Target length in words. */
  word_count: Type.Optional(Type.Integer({ minimum: 300, maximum: 5000, default: 1000 })),
  images: Type.Optional(Type.Boolean({ default: true })),
  /** Defaults to the site's default category. */
  category_id: Type.Optional(Type.Union([Id, Type.Null()])),
  /** Hours an article may wait for the model service's limit before it fails (refunded). */
  deadline_hours: Type.Optional(Type.Integer({ minimum: 1, maximum: 720, default: 24 })),
  /**
   * A keyword that already has an article on this site, or one on its way in another task,
   * is left out (and named in `skipped`) unless this is true: the same keyword twice is a duplicate page.
   */
  include_written: Type.Optional(Type.Boolean({ default: false })),
  /**
   * Economy mode: the model calls go through the provider's batch API, stage by stage (finished
   * within 24 hours), at the economy price.
   */
  economy: Type.Optional(Type.Boolean({ default: false })),
  /**
   * With `economy`: a call its batch left unanswered (a line's error, an expired batch) is made at
   * once through the interactive API instead of waiting for the next batch (at the economy price).
   */
  interactive_fallback: Type.Optional(Type.Boolean({ default: false })),
});
export type GenerationTaskAddBody = Static<typeof GenerationTaskAddBody>;

/** The task added, and the keywords it left out because they already have an article. */
export const GenerationTaskAdded = Type.Object({ ...GenerationTask.properties, skipped: Type.Array(Type.String()) });
export type GenerationTaskAdded = Static<typeof GenerationTaskAdded>;

export const GenerationTaskDetailQuery = Type.Object(
  {
    id: Id,
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    status: Type.Optional(ItemStatus),
    ...CacheBust,
  },
  { additionalProperties: false },
);
export type GenerationTaskDetailQuery = Static<typeof GenerationTaskDetailQuery>;

/** One batch of an economy task's stage at the provider. */
export const EconomyBatch = Type.Object({
  /** The stage its lines are (outline, article, faq, meta). */
  step: Type.String(),
  /** The provider's: validating, in_progress, finalizing, completed, failed, expired, cancelling, cancelled. */
  status: Type.String(),
  done: Type.Integer(),
  /** Its lines that failed (the provider's count while it runs): they go in the next batch (or, allowed, interactively). */
  failed: Type.Integer(),
  total: Type.Integer(),
  created_at: Type.String(),
  /** The end of its completion window (24 hours from its creation): the provider answers by then. */
  expected_by: Type.String(),
});
export type EconomyBatch = Static<typeof EconomyBatch>;

export const GenerationTaskDetail = Type.Object({
  task: GenerationTask,
  /** An economy task's batches, and the points it saved (the interactive minus the economy price, per item charged); null otherwise. */
  economy: Type.Union([Type.Object({ batches: Type.Array(EconomyBatch), saved: Type.Integer() }), Type.Null()]),
  /** Items waiting and being written now (`waiting`: for the model service's limit). */
  queued: Type.Integer(),
  waiting: Type.Integer(),
  running: Type.Integer(),
  items: Type.Object({ list: Type.Array(TaskItem), total: Type.Integer() }),
});
export type GenerationTaskDetail = Static<typeof GenerationTaskDetail>;

export const RetryItemBody = Body({ id: Id });

import type { List } from '../../../contract/schemas/common';
import type {
  Publication,
  PublishItem,
  PublishingTask,
  PublishingTaskDetail,
  PublishingTaskDetailQuery,
  PublishingTaskListQuery,
  ReadBack,
} from '../../../contract/schemas/publishingTask';
import { dateTime } from '../../../contract/dateTime';
import * as q from '../../db/publishingTasks';
import type { Ctx } from '../context';
import { articleOf } from '../articles/articleOf';
import { taskViewOf } from './tasks';
import { itemPage, taskPage } from '../tasks/taskList';
import type { Language } from '../../../contract/languages';
import { readReason } from '../../i18n/storedText';

/** Publishing tasks, their items and an article's publications as the API shows them. */

const stamp = (at: Date | null) => (at ? dateTime(at) : null);

export const toPublishingTask = ({ task: row, siteName, siteType, nextRunAt }: q.PublishingTaskView): PublishingTask => {
  const finished = row.done + row.failed + row.cancelled + row.skipped;
  return {
    id: row.id,
    name: row.name,
    site_id: row.siteId,
    site_name: siteName,
    site_type: siteType,
    action: row.action,
    post_status: row.postStatus as PublishingTask['post_status'],
    post_date: stamp(row.postDate),
    category_id: row.categoryId,
    tags: row.tags,
    schedule: {
      kind: row.scheduleKind as PublishingTask['schedule']['kind'],
      at: stamp(row.scheduleAt),
      per_day: row.dripPerDay,
      start: row.dripStart,
      end: row.dripEnd,
      timezone: row.timezone,
    },
    status: row.status,
    total: row.total,
    done: row.done,
    failed: row.failed,
    cancelled: row.cancelled,
    progress: row.total ? Math.floor((100 * finished) / row.total) : row.awaitingSource ? 0 : 100,
    next_run_at: row.status === 'running' || row.status === 'paused' ? stamp(nextRunAt) : null,
    item_cost: row.itemCost,
    created_at: dateTime(row.createdAt),
    updated_at: dateTime(row.updatedAt),
    finished_at: stamp(row.finishedAt),
    skipped: row.skipped,
    source_task_id: row.sourceTaskId,
    awaiting_source: row.awaitingSource,
    min_seo_score: row.minSeoScore,
  };
};

/** What the site held when a post was read back, as the console shows it. */
const readBack = (v: q.PublicationVerification | null): ReadBack =>
  v ? { checked_at: dateTime(new Date(v.checkedAt)), differences: v.differences, unsupported: v.unsupported ?? [] } : null;

/** An item as `language` reads it: why it failed and what was not applied, worded for the reader. */
const toItem =
  (language: Language) =>
  ({ item: row, verification }: { item: q.PublishItemRow; verification: q.PublicationVerification | null }): PublishItem => ({
    id: row.id,
    article_id: row.articleId,
    title: row.title,
    status: row.status,
    run_at: dateTime(row.runAt),
    attempt: row.attempt,
    error: readReason(language, row.error),
    note: readReason(language, row.note),
    remote_id: row.remoteId,
    remote_url: row.remoteUrl,
    started_at: stamp(row.startedAt),
    finished_at: stamp(row.finishedAt),
    seo_score: row.seoScore,
    verification: row.status === 'done' ? readBack(verification) : null,
  });

/** One of the account's publishing tasks. */
export async function publishingTaskView(ctx: Pick<Ctx, 'db'>, accountId: number, id: number): Promise<PublishingTask> {
  return toPublishingTask(await taskViewOf(ctx, accountId, id));
}

export async function listPublishingTasks(
  ctx: Pick<Ctx, 'db'>,
  accountId: number,
  query: PublishingTaskListQuery,
): Promise<List<PublishingTask>> {
  const { rows, total } = await taskPage(ctx, 'publishing', accountId, query);
  return { list: rows.map(toPublishingTask), total };
}

/** A task with a page of its items and how many are queued and running. */
export async function publishingTaskDetail(
  ctx: Pick<Ctx, 'db'>,
  accountId: number,
  query: PublishingTaskDetailQuery,
  language: Language,
): Promise<PublishingTaskDetail> {
  const found = await taskViewOf(ctx, accountId, query.id);
  const { items, queued, running } = await itemPage(ctx, 'publishing', found.task.id, query, q.itemsOfTask, toItem(language));
  return { task: toPublishingTask(found), queued, running, items };
}

/** Where one of the account's articles is published: site, remote link, status, last sync. */
export async function publicationsOf(
  ctx: Pick<Ctx, 'db'>,
  accountId: number,
  articleId: number,
  language: Language,
): Promise<List<Publication>> {
  const article = await articleOf(ctx, accountId, articleId);
  const rows = await q.publicationsOfArticle(ctx.db, accountId, article.id);
  return {
    list: rows.map(({ publication: p, siteName, siteType }) => ({
      site_id: p.siteId,
      site_name: siteName,
      site_type: siteType,
      remote_id: p.remoteId,
      remote_url: p.remoteUrl,
      status: p.status,
      error: readReason(language, p.error),
      last_sync_at: stamp(p.lastSyncAt),
      verification: readBack(p.verification),
    })),
    total: rows.length,
  };
}

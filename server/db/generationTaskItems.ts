import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from './connection';
import { articleItemProgress, articleTaskItems, articleTasks } from './schema';
import type { ItemRow, TaskRow } from './generationTasks';
import type { Hold } from './tasks';

/** The rows of a raw statement (PGlite and node-postgres both answer `{ rows }`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const stamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;
const leaseEnd = (leaseSeconds: number) => sql`now() + make_interval(secs => ${leaseSeconds})`;
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

export async function taskById(db: DbOrTx, taskId: number): Promise<TaskRow> {
  const [task] = await db.select().from(articleTasks).where(eq(articleTasks.id, taskId));
  return task;
}

/** What a claim statement answers: the item, whether its price was debited, and what earlier runs wrote. */
export interface ClaimedRow {
  item: Pick<ItemRow, 'id' | 'taskId' | 'accountId' | 'keywordId' | 'keyword' | 'attempt' | 'charged'>;
  debited: boolean;
  steps: Record<string, unknown>;
  waits: number;
}

/**
 * Claims a queued (or waiting) item of a running task and debits its price, in one statement: the
 * balance update is conditional (it never goes below zero, however many workers debit at once: the
 * row lock serialises them and each re-checks the balance). The price was fixed when the task was
 * added (charged = item_cost); the ledger splits it into the article's part (at `articlePrice`, at
 * most the whole) and the images' part (the rest). An item back from waiting for a provider's limit
 * was charged when it first ran: it keeps that charge.
 */
export async function claimItem(
  db: DbOrTx,
  itemId: number,
  opts: { reference: string; leaseSeconds: number; at: Date; articlePrice: { standard: number; economy: number } },
): Promise<ClaimedRow | null> {
  const result = await db.execute(sql`
      with prev as (
        select id, status from article_task_items where id = ${itemId}
      ),
      item as (
        update article_task_items i
        set status = 'running', attempt = i.attempt + 1, lease_until = ${leaseEnd(opts.leaseSeconds)}, started_at = ${stamp(opts.at)}, error = '',
          charged = case when i.status = 'waiting' then i.charged else t.item_cost end
        from article_tasks t, prev
        where i.id = ${itemId} and prev.id = i.id and i.status in ('queued', 'waiting') and t.id = i.task_id and t.status = 'running'
        returning i.id, i.task_id, i.account_id, i.keyword_id, i.keyword, i.attempt, i.charged, prev.status = 'waiting' as kept,
          case when t.images then least(t.item_cost, greatest(0, t.item_cost - case when t.economy then ${opts.articlePrice.economy}::int else ${opts.articlePrice.standard}::int end)) else 0 end as image_part
      ),
      debit as (
        update accounts a set points = a.points - item.charged
        from item where not item.kept and a.id = item.account_id and a.points >= item.charged
        returning a.points
      ),
      ledger as (
        insert into points_ledger (account_id, delta, balance_after, reason, reference)
        select item.account_id, -p.amount, debit.points + p.after, p.reason, ${opts.reference}
        from item, debit,
          lateral (values ('article_generation', item.charged - item.image_part, item.image_part), ('image_generation', item.image_part, 0)) as p (reason, amount, after)
        where p.amount > 0
      ),
      progress as (
        update article_item_progress set wait_until = null where item_id = (select id from item)
        returning steps, waits
      )
      select item.id, item.task_id, item.account_id, item.keyword_id, item.keyword, item.attempt, item.charged,
        (item.charged = 0 or item.kept or exists (select 1 from debit)) as debited,
        (select steps from progress) as steps, (select waits from progress) as waits
      from item`);
  const [row] = rowsOf<{
    id: number;
    task_id: number;
    account_id: number;
    keyword_id: number | null;
    keyword: string;
    attempt: number;
    charged: number;
    debited: boolean;
    steps: Record<string, unknown> | null;
    waits: number | null;
  }>(result);
  if (!row) return null;
  return {
    item: {
      id: Number(row.id),
      taskId: Number(row.task_id),
      accountId: Number(row.account_id),
      keywordId: row.keyword_id === null ? null : Number(row.keyword_id),
      keyword: row.keyword,
      attempt: Number(row.attempt),
      charged: Number(row.charged),
    },
    debited: row.debited,
    steps: row.steps ?? {},
    waits: Number(row.waits ?? 0),
  };
}

/** Pauses the task if it is running (an item found the balance dry). */
export async function pauseRunningTask(db: DbOrTx, taskId: number, at: Date) {
  await db
    .update(articleTasks)
    .set({ status: 'paused', updatedAt: at })
    .where(and(eq(articleTasks.id, taskId), eq(articleTasks.status, 'running')));
}

/** Keeps what a step wrote, while this hold is the item's. */
export async function saveStep(db: DbOrTx, hold: Hold, step: string, value: unknown) {
  await db.execute(sql`
    insert into article_item_progress (item_id, task_id, steps)
    select i.id, i.task_id, jsonb_build_object(${step}::text, ${JSON.stringify(value)}::jsonb)
    from article_task_items i where i.id = ${hold.id} and i.status = 'running' and i.attempt = ${hold.attempt}
    on conflict (item_id) do update set steps = article_item_progress.steps || excluded.steps`);
}

/** Records a wait: until when, why, and (`failed`: a call failed) one more wait for the backoff. */
export async function recordWait(db: DbOrTx, itemId: number, taskId: number, until: Date, reason: string, failed = true) {
  await db
    .insert(articleItemProgress)
    .values({ itemId, taskId, waitUntil: until, waitReason: reason, waits: failed ? 1 : 0 })
    .onConflictDoUpdate({
      target: articleItemProgress.itemId,
      set: { waitUntil: until, waitReason: reason, waits: sql`${articleItemProgress.waits} + ${failed ? 1 : 0}` },
    });
}

/** What a finished item writes as its article's draft. */
export interface DraftArticle {
  accountId: number;
  siteId: number | null;
  taskId: number;
  categoryId: number | null;
  keyword: string;
  language: string;
  title: string;
  slug: string;
  metaTitle: string;
  metaDescription: string;
  body: string;
  outline: unknown;
  faq: unknown;
  coverUrl: string | null;
  images: unknown;
  writer: string;
  wordCount: number;
  seoScore: number;
  seoChecks: unknown;
}

/**
 * Saves the article as a draft and marks the item done, in one statement: the item is done only
 * if this hold still has it; only then is the article inserted (the unique task_item_id makes a
 * second article for an item impossible), the task counts it (and completes after its last item),
 * and the keyword is marked used. Null when the hold was lost, else the article's id.
 */
export async function completeItem(db: DbOrTx, hold: Hold, a: DraftArticle, at: Date): Promise<number | null> {
  const now = stamp(at);
  const result = await db.execute(sql`
    with done as (
      update article_task_items set status = 'done', finished_at = ${now}, lease_until = null
      where id = ${hold.id} and status = 'running' and attempt = ${hold.attempt}
      returning id, keyword_id
    ),
    article as (
      insert into articles (account_id, site_id, task_id, task_item_id, category_id, keyword, language, title, slug, meta_title,
        meta_description, body, outline, faq, cover_url, images, status, source, writer, word_count, seo_score, seo_checks, created_at, updated_at)
      select ${a.accountId}, ${a.siteId}, ${a.taskId}, done.id, ${a.categoryId}, ${a.keyword}, ${a.language}, ${a.title}, ${a.slug}, ${a.metaTitle},
        ${a.metaDescription}, ${a.body}, ${json(a.outline)}, ${json(a.faq)}, ${a.coverUrl}, ${json(a.images)}, 'draft', 'generated', ${a.writer}, ${a.wordCount}, ${a.seoScore}, ${json(a.seoChecks)}, ${now}, ${now}
      from done
      on conflict (task_item_id) do nothing
      returning id
    ),
    counted as (
      update article_tasks set
        done = done + 1, updated_at = ${now},
        status = case when status = 'running' and done + 1 + failed + cancelled >= total then 'completed' else status end,
        finished_at = case when status = 'running' and done + 1 + failed + cancelled >= total then ${now} else finished_at end
      where id = ${a.taskId} and exists (select 1 from done)
    ),
    used as (
      update site_keywords set used_at = ${now} where id = (select keyword_id from done) and used_at is null
    ),
    cleared as (
      delete from article_item_progress where item_id = (select id from done)
    )
    select (select id from done) as item_id, coalesce((select id from article), (select id from articles where task_item_id = ${hold.id})) as article_id`);
  const [row] = rowsOf<{ item_id: number | null; article_id: number | null }>(result);
  return row?.item_id ? Number(row.article_id) : null;
}

export async function clearProgress(db: DbOrTx, itemId: number) {
  await db.delete(articleItemProgress).where(eq(articleItemProgress.itemId, itemId));
}

/** The queued items of running tasks. */
export async function queuedItemsOfRunningTasks(db: DbOrTx) {
  const rows = await db
    .select({ id: articleTaskItems.id })
    .from(articleTaskItems)
    .innerJoin(articleTasks, eq(articleTasks.id, articleTaskItems.taskId))
    .where(and(eq(articleTaskItems.status, 'queued'), eq(articleTasks.status, 'running')));
  return rows.map((r) => r.id);
}

/** The items waiting for a provider's limit, of one task or of every running task, and when each wait ends. */
export async function waitingItems(db: DbOrTx, of: { taskId: number } | 'running tasks') {
  return db
    .select({ id: articleTaskItems.id, until: articleItemProgress.waitUntil })
    .from(articleTaskItems)
    .innerJoin(articleTasks, eq(articleTasks.id, articleTaskItems.taskId))
    .leftJoin(articleItemProgress, eq(articleItemProgress.itemId, articleTaskItems.id))
    .where(
      and(
        eq(articleTaskItems.status, 'waiting'),
        of === 'running tasks' ? eq(articleTasks.status, 'running') : eq(articleTasks.id, of.taskId),
      ),
    );
}

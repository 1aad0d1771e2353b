import type { GenerationTaskAddBody } from '../../../contract/schemas/generationTask';
import { defaultTaskName } from '../tasks/taskName';
import { NOBODY, type Starter } from '../tasks/starter';
import { PROMPT_KINDS, type PromptKind } from '../../../contract/schemas/prompt';
import type { Ctx } from '../context';
import * as q from '../../db/generationTasks';
import * as tasks from '../../db/tasks';
import * as sitesDb from '../../db/sites';
import { builtInPrompts } from '../../db/prompts';
import { message } from '../../i18n/messages';
import { invalid, notFound } from '../errors';
import { checkTaskAction, lockForAction, resumeTask } from '../tasks/taskTransitions';
import { siteOf } from '../sites/sites';
import { plannedKeywords } from './taskKeywords';
import { usablePrompt } from './prompts';
import { ensureAffordable, lockedBalance, refund } from '../money/points';
import { articleLines, priceOf } from '../money/quote';
import { enqueueWaiting } from './taskItems';
import { cancelBatches } from './economy';

type TaskCtx = Pick<Ctx, 'db' | 'config' | 'jobs' | 'now'>;

export async function taskOf(ctx: Pick<Ctx, 'db'>, accountId: number, id: number) {
  const task = await q.findTask(ctx.db, accountId, id);
  if (!task) throw notFound('generation.notFound', { id });
  return task;
}

/** The template of each kind: the one named, which must be of that kind, or the built-in default. */
async function promptsFor(ctx: Pick<Ctx, 'db'>, accountId: number, ids: Partial<Record<PromptKind, number>> = {}) {
  const defaults = new Map((await builtInPrompts(ctx.db)).map((p) => [p.kind, p]));
  const chosen: Record<string, { id: number; content: string }> = {};
  for (const kind of PROMPT_KINDS) {
    const id = ids[kind];
    const row = id === undefined ? defaults.get(kind) : await usablePrompt(ctx, accountId, id);
    if (!row) throw new Error(`The built-in ${kind} prompt is missing`);
    if (row.kind !== kind) throw invalid('generation.promptKind', { kind, id: row.id, actual: row.kind });
    chosen[kind] = { id: row.id, content: row.content };
  }
  return chosen;
}

/**
 * Adds a task: one item per keyword, and a job per item, in one transaction. The whole task's
 * cost must be covered by the balance now (else code 100146); each item is debited when a worker
 * claims it, and refunded if it fails.
 */
export async function addTask(ctx: TaskCtx, accountId: number, body: GenerationTaskAddBody, starter: Starter = NOBODY) {
  const site = await siteOf(ctx, accountId, body.site_id);
  const categoryId = body.category_id === undefined ? site.defaultCategoryId : body.category_id;
  if (categoryId !== null && !(await sitesDb.findCategory(ctx.db, site.id, categoryId)))
    throw invalid('generation.noCategory', { id: categoryId });
  const prompts = await promptsFor(ctx, accountId, body.prompt_ids);
  const images = body.images ?? true;
  // The price its quote shows (domain/money/quote.ts): the embedded cover renderer's article pays for its cover only.
  const economy = body.economy ?? false;
  const cost = priceOf(await articleLines(ctx, accountId, images, economy));
  // One transaction for every write of the request: a refused add leaves no pasted keyword behind.
  return ctx.db.transaction(async (tx) => {
    // One add at a time per account: the keywords it takes and the points it promises are decided
    // under the account's lock, so concurrent adds never pick the same unused keywords.
    await lockedBalance(tx, accountId);
    const { keywords, skipped } = await plannedKeywords({ db: tx }, accountId, site.id, body, true);
    if (keywords.length === 0) {
      const list = skipped.slice(0, 5).join(', ');
      throw invalid('generation.allWritten', {
        keywords: skipped.length > 5 ? message('generation.andMore', { list, more: skipped.length - 5 }) : list,
      });
    }
    await ensureAffordable(tx, accountId, cost * keywords.length, message('points.forTask', { count: keywords.length, cost }));
    const task = await tasks.insertTask(tx, 'generation', {
      accountId,
      siteId: site.id,
      name: body.name?.trim() || defaultTaskName(starter.language, 'generation', site.name, keywords[0].keyword, keywords.length),
      language: body.language ?? site.language,
      wordCount: body.word_count ?? 1000,
      images,
      categoryId,
      prompts,
      itemCost: cost,
      economy,
      interactiveFallback: economy && (body.interactive_fallback ?? false),
      startedBy: starter.userId,
      total: keywords.length,
      deadlineAt: new Date(ctx.now().getTime() + (body.deadline_hours ?? 24) * 3_600_000),
    });
    const itemIds = await q.insertItems(
      tx,
      keywords.map((k) => ({ taskId: task.id, accountId, keywordId: k.id, keyword: k.keyword })),
    );
    await ctx.jobs.enqueueItems(tx, itemIds);
    return { task, skipped };
  });
}

/** Resumes a paused generation task; items that were waiting for a provider's limit start when their wait ends. */
export async function resumeGenerationTask(ctx: TaskCtx, accountId: number, id: number) {
  return resumeTask(ctx, 'generation', accountId, id, {
    finished: (task) => task.done + task.failed + task.cancelled >= task.total,
    requeue: async (tx, task, running) => {
      await ctx.jobs.enqueueItems(tx, await q.queuedItemIds(tx, task.id));
      if (running) await enqueueWaiting(ctx, tx, { taskId: task.id });
    },
  });
}

/**
 * Cancels a task: waiting items are cancelled (those waiting for a provider's limit refunded at
 * once); an item being written now still finishes.
 */
export async function cancelTask(ctx: TaskCtx & Partial<Pick<Ctx, 'log'>>, accountId: number, id: number) {
  const task = await ctx.db.transaction(async (tx) => {
    const { task, changes } = await lockForAction(tx, 'generation', 'cancel', accountId, id);
    if (!changes) return task;
    const cancelled = await q.cancelQueuedItems(tx, task.id, ctx.now());
    for (const item of cancelled) await refund(tx, item.accountId, Number(item.charged), `article_task_item:${item.id}`);
    return tasks.updateTask(tx, 'generation', task.id, {
      status: 'cancelled',
      cancelled: task.cancelled + cancelled.length,
      finishedAt: ctx.now(),
    });
  });
  // Its batches' answers are no longer wanted.
  if (task.economy && task.status === 'cancelled') await cancelBatches(ctx, task.id);
  return task;
}

/** Runs a failed item again (its task reopens if it had completed); the balance must cover it. */
export async function retryItem(ctx: TaskCtx, accountId: number, itemId: number) {
  return ctx.db.transaction(async (tx) => {
    const found = await q.lockItemOfAccount(tx, accountId, itemId);
    if (!found) throw notFound('generation.itemNotFound', { id: itemId });
    const { item } = found;
    const task = await tasks.lockTask(tx, 'generation', accountId, item.taskId);
    if (!task) throw notFound('generation.itemNotFound', { id: itemId });
    if (item.status !== 'failed') throw invalid('generation.onlyFailedRetried', { status: message(`status.${item.status}`) });
    checkTaskAction('generation', 'retry', task.status);
    await ensureAffordable(tx, accountId, task.itemCost, message('points.forArticle'));
    await q.updateItem(tx, item.id, { status: 'queued', error: '', finishedAt: null });
    const row = await tasks.updateTask(tx, 'generation', task.id, {
      failed: task.failed - 1,
      ...(task.status === 'completed' ? { status: 'running', finishedAt: null } : {}),
    });
    await ctx.jobs.enqueueItems(tx, [item.id]);
    return row;
  });
}

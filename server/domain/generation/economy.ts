import type { Ctx } from '../context';
import * as q from '../../db/economyBatches';
import type { CompletionRequest, Writer } from '../../providers/llm/types';
import type { OffPeakHours } from '../../../contract/modelPresets';
import { offPeakFrom } from '../../../contract/offPeak';
import { answerOf, BATCH_ENDPOINTS, createBatchApi, FINAL_STATUSES } from '../../providers/llm/openaiBatch';
import type { ImageProvider, ImageRequest } from '../../providers/image/types';
import { imageFormat } from '../../providers/image/openaiImages';
import { ProviderError } from '../../providers/httpRetry';
import { message } from '../../i18n/messages';
import { WordedError } from '../../i18n/wordedError';
import { batchServiceOf } from '../system/providerSettings';
import type { Claim } from './taskItems';

/**
 * Economy mode: an economy task's model calls go through the provider's batch API, stage by stage.
 * An item runs as any other (domain/generation/generation.ts) until it needs a model's answer it has not got:
 * the call is recorded as a line and the item waits, keeping its charge. When every item of the task
 * waits, its lines go as one batch (all outlines, then all articles, …); the batch's answers become
 * the items' steps and the items run on to their next call. A line left unanswered (a line's error,
 * a batch that failed or expired) goes in the next batch, up to MAX_MISSES times; then its item fails
 * and is refunded as any failed item. A task with the interactive fallback has such a line asked at
 * once through the interactive API instead (at the economy price all the same). Where the image
 * service's batch API takes image generations, the item's pictures go the same way, one batch per
 * picture of the items (a batch holds lines of one endpoint only).
 */

type EconomyCtx = Pick<Ctx, 'db' | 'config' | 'jobs' | 'log'>;

/** Batches a line may go unanswered in before its item fails. */
export const MAX_MISSES = 3;
/** An upload that has not reached the provider in this long died with its process: its lines go again. */
const STALE_UPLOAD_SECONDS = 600;

/** The item's next call waits for a batch (not an error: the item waits, charged, with what it has). */
/** The item's call is a line of the task's next batch: the item waits, saying so. */
export class BatchPending extends WordedError {}

/** The item's calls wait for its model service's off-peak hours, from `from` on (the item waits, charged). */
export class OffPeakWait extends WordedError {
  constructor(readonly from: Date) {
    super(message('failure.offPeakWait', { from: from.toISOString() }));
  }
}

/**
 * Economy items waiting for a time that has come (off-peak hours, or a deadline), taken off their
 * wait and queued: the wait is reckoned by the domain's clock, which the queue's timers do not follow.
 * So are items still waiting for a batch that has answered them (their run overlapped its settling).
 */
export async function releaseDueWaits(ctx: Pick<Ctx, 'db' | 'jobs' | 'now'>) {
  await ctx.db.transaction(async (tx) => {
    const due = [...(await q.releaseDueWaits(tx, ctx.now())), ...(await q.releaseAnsweredWaits(tx))];
    if (due.length > 0) await ctx.jobs.enqueueItems(tx, due);
  });
}

/** The writer of an economy item: each call it gets is a line for the next batch, or with the fallback, once unanswered, `interactive`'s. */
export function economyWriter(ctx: Pick<Ctx, 'db'>, model: string, claim: Claim, interactive: Writer): Writer {
  return {
    name: model,
    offline: false,
    async complete(request: CompletionRequest) {
      const line = await q.recordLine(ctx.db, {
        itemId: claim.item.id,
        taskId: claim.task.id,
        step: request.step,
        body: {
          model,
          messages: [
            { role: 'system', content: request.system },
            { role: 'user', content: request.prompt },
          ],
          max_tokens: request.maxTokens,
          temperature: 0.7,
        },
      });
      if (line.misses > 0 && claim.task.interactiveFallback) {
        const text = await interactive.complete(request);
        await q.answeredInteractively(ctx.db, line.id);
        return text;
      }
      if (line.misses >= MAX_MISSES)
        throw new ProviderError(message('failure.batchNoAnswer', { step: request.step, misses: line.misses, detail: line.error }));
      throw new BatchPending(message('failure.batchPending', { step: request.step }));
    },
  };
}

/**
 * The writer of an economy item on a service with off-peak hours: each call asks the clock first,
 * so an item begun just before a peak window stops at its next call and waits for the window's end
 * (what it has written so far is kept) instead of running its calls into the peak at the full price.
 */
export function offPeakWriter(ctx: Pick<Ctx, 'now'>, hours: OffPeakHours, writer: Writer): Writer {
  return {
    name: writer.name,
    offline: writer.offline,
    async complete(request: CompletionRequest) {
      const from = offPeakFrom(hours, ctx.now());
      if (from > ctx.now()) throw new OffPeakWait(from);
      return writer.complete(request);
    },
  };
}

/** A picture's line: its step names it apart from the chat calls (its answer, the image's base64, is kept under it). */
const IMAGE_LINE = 'batch-image-';
const endpointOf = (step: string) => (step.startsWith(IMAGE_LINE) ? BATCH_ENDPOINTS.images : BATCH_ENDPOINTS.chat);
const serviceOf = (step: string) => (step.startsWith(IMAGE_LINE) ? 'images' : 'chat');

/**
 * The image provider of an economy item whose image service batches: each picture it has not got is
 * a line for the next images batch (or, with the fallback, once unanswered, `interactive`'s).
 */
export function economyImages(
  ctx: Pick<Ctx, 'db'>,
  service: { model: string; size: string },
  claim: Claim,
  interactive: ImageProvider,
): ImageProvider {
  return {
    name: service.model,
    offline: false,
    async generate(request: ImageRequest) {
      const step = `${IMAGE_LINE}${request.variant}`;
      const answered = claim.steps[step];
      if (typeof answered === 'string') {
        const bytes = Buffer.from(answered, 'base64');
        const ext = imageFormat(bytes);
        if (!ext) throw new ProviderError(message('failure.batchNoAnswer', { step, misses: 0, detail: 'not an image' }));
        return { bytes, ext };
      }
      const line = await q.recordLine(ctx.db, {
        itemId: claim.item.id,
        taskId: claim.task.id,
        step,
        body: { model: service.model, prompt: request.prompt, n: 1, size: service.size, response_format: 'b64_json' },
      });
      if (line.misses > 0 && claim.task.interactiveFallback) {
        const image = await interactive.generate(request);
        await q.answeredInteractively(ctx.db, line.id);
        return image;
      }
      if (line.misses >= MAX_MISSES)
        throw new ProviderError(message('failure.batchNoAnswer', { step, misses: line.misses, detail: line.error }));
      throw new BatchPending(message('failure.batchPending', { step }));
    },
  };
}

/** Sends the stage of each economy task whose items all wait, as one batch. */
export async function sendBatches(ctx: EconomyCtx) {
  for (const { taskId, accountId, interactiveFallback } of await q.tasksReadyToSend(ctx.db, MAX_MISSES)) {
    const opened = await q.openBatch(ctx.db, taskId, MAX_MISSES, IMAGE_LINE, interactiveFallback);
    if (!opened) continue;
    try {
      const service = await batchServiceOf(ctx, accountId, serviceOf(opened.lines[0].step));
      if (!service) throw new Error('the model service has no batch API');
      const { inputFileId, batch } = await createBatchApi(service).start(
        opened.lines.map((line) => ({ custom_id: `line-${line.id}`, body: line.body })),
        endpointOf(opened.lines[0].step),
      );
      await q.updateBatch(ctx.db, opened.batch.id, { providerBatchId: batch.id, inputFileId, status: batch.status });
    } catch (error) {
      // Not sent: the lines go in the next round's batch.
      ctx.log.warn({ err: error, taskId }, 'economy: sending a batch failed');
      await settle(ctx, opened.batch.id, taskId, 'failed', new Map(), `the batch could not be sent: ${(error as Error).message}`);
    }
  }
}

/** Asks each open batch where it is; a finished one gives its answers to its items, which run on. */
export async function followBatches(ctx: EconomyCtx) {
  for (const stale of await q.staleUploads(ctx.db, STALE_UPLOAD_SECONDS))
    await settle(ctx, stale.id, stale.taskId, 'failed', new Map(), 'the batch was never sent');
  for (const { batch, accountId } of await q.unsettledBatches(ctx.db)) {
    if (!batch.providerBatchId) continue;
    const service = await batchServiceOf(ctx, accountId, serviceOf(batch.step));
    if (!service) continue;
    const api = createBatchApi(service);
    try {
      const state = await api.status(batch.providerBatchId);
      if (!(FINAL_STATUSES as readonly string[]).includes(state.status)) {
        const answered = state.request_counts?.completed ?? batch.answered;
        const failed = state.request_counts?.failed ?? batch.failed;
        if (state.status !== batch.status || answered !== batch.answered || failed !== batch.failed)
          await q.updateBatch(ctx.db, batch.id, { status: state.status, answered, failed });
        continue;
      }
      const results = [
        ...(state.output_file_id ? await api.results(state.output_file_id) : []),
        ...(state.error_file_id ? await api.results(state.error_file_id) : []),
      ];
      await settle(ctx, batch.id, batch.taskId, state.status, new Map(results.map((r) => [r.custom_id, r])), `the batch ${state.status}`);
    } catch (error) {
      ctx.log.warn({ err: error, batchId: batch.id }, 'economy: following a batch failed');
    }
  }
}

/** The batch is over: its answered lines become their items' steps, the rest wait for the next batch; the task's items run on. */
async function settle(
  ctx: EconomyCtx,
  batchId: number,
  taskId: number,
  status: string,
  results: Map<string, Parameters<typeof answerOf>[0]>,
  why: string,
) {
  const answers: Record<string, string> = {};
  const errors: Record<string, string> = {};
  for (const [customId, result] of results) {
    const lineId = customId.replace(/^line-/, '');
    const answer = answerOf(result);
    if ('text' in answer) answers[lineId] = answer.text;
    else errors[lineId] = answer.error;
  }
  await ctx.db.transaction(async (tx) => {
    // Several workers follow the batches (PostgreSQL): the first to settle one takes its answers.
    if (!(await q.settleBatch(tx, batchId, status))) return;
    await q.settleLines(tx, batchId, answers, errors, why);
    await ctx.jobs.enqueueItems(tx, await q.waitingItemIds(tx, taskId));
  });
}

/** A cancelled task's open batches are cancelled at the provider (their answers are not wanted). */
export async function cancelBatches(ctx: Pick<Ctx, 'db' | 'config'> & Partial<Pick<Ctx, 'log'>>, taskId: number) {
  for (const { batch, accountId } of await q.unsettledBatches(ctx.db, taskId)) {
    if (!batch.providerBatchId) continue;
    const service = await batchServiceOf(ctx, accountId, serviceOf(batch.step));
    if (!service) continue;
    await createBatchApi(service)
      .cancel(batch.providerBatchId)
      .catch((error: Error) => ctx.log?.warn({ err: error, batchId: batch.id }, 'economy: cancelling a batch failed'));
  }
}

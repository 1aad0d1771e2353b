import type { GenerationTaskQuoteBody, PriceLine, Quote, TaskQuoteBody } from '../../../contract/schemas/quote';
import type { Ctx } from '../context';
import { imagesPerItem } from './points';
import { imageBatchOf, providersOf } from '../system/providerSettings';
import { siteOf } from '../sites/sites';
import { plannedKeywords, type KeywordChoice } from '../generation/taskKeywords';

/**
 * What paid work costs, line by line. The tasks fix their item price from these lines when they are
 * added (and their items are debited that price when claimed), and the quote routes answer the same
 * lines: what a dialog shows is what the server charges.
 */

type PriceCtx = Pick<Ctx, 'db' | 'config'>;

/** Whether the account's pictures come from the embedded renderer, which draws the cover only. */
const embeddedImages = async (ctx: PriceCtx, accountId: number) => (await providersOf(ctx, accountId)).images.offline;

/** An article's own price: in economy mode the configured share of it (rounded up to whole points). */
export const articlePrice = (ctx: Pick<Ctx, 'config'>, economy: boolean) => {
  const g = ctx.config.generation;
  return economy ? Math.ceil((g.priceArticle * g.economyPricePercent) / 100) : g.priceArticle;
};

/** A picture's price: drawn through a batch (economy mode, an image service that batches), the configured share of it. */
export const imagePrice = (ctx: Pick<Ctx, 'config'>, batched: boolean) => {
  const g = ctx.config.generation;
  return batched ? Math.ceil((g.priceImage * g.economyPricePercent) / 100) : g.priceImage;
};

/**
 * One generated article: the article, and its pictures when it has them (as many as its image provider
 * draws). In economy mode the pictures go by batch too where the image service's batch API takes them;
 * elsewhere they are drawn interactively, at their full price.
 */
export async function articleLines(ctx: PriceCtx, accountId: number, images: boolean, economy = false): Promise<PriceLine[]> {
  const lines: PriceLine[] = [{ what: 'article', price: articlePrice(ctx, economy), quantity: 1 }];
  if (images) {
    const batched = economy && (await imageBatchOf(ctx, accountId));
    lines.push({
      what: 'image',
      price: imagePrice(ctx, batched),
      quantity: imagesPerItem(ctx.config, await embeddedImages(ctx, accountId)),
      ...(economy && !batched ? { interactive: true } : {}),
    });
  }
  return lines;
}

/** One article published to one site. */
export const publishLines = (ctx: Pick<Ctx, 'config'>): PriceLine[] => [
  { what: 'publish', price: ctx.config.generation.pricePublish, quantity: 1 },
];

/** One published article refreshed by the model in place: written again like an article (no new pictures). */
export const refreshLines = (ctx: Pick<Ctx, 'config'>): PriceLine[] => [{ what: 'article', price: articlePrice(ctx, false), quantity: 1 }];

/** The points one item of these lines is debited. */
export const priceOf = (lines: PriceLine[]) => lines.reduce((sum, line) => sum + line.price * line.quantity, 0);

const quoteOf = (lines: PriceLine[], count: number): Quote => {
  const perItem = priceOf(lines);
  return { count, lines: lines.filter((line) => line.price * line.quantity > 0), per_item: perItem, total: perItem * count };
};

/** How many articles a generation task of these keywords would write (and charge), and the keywords it would skip. */
async function writtenCount(ctx: PriceCtx, accountId: number, siteId: number, choice: KeywordChoice) {
  const site = await siteOf(ctx, accountId, siteId);
  const { keywords, skipped } = await plannedKeywords(ctx, accountId, site.id, choice, false);
  return { count: keywords.length, skipped };
}

/**
 * A generation task's quote. Naming its site, it counts the keywords the task's add would write,
 * chosen by the same rule (without saving pasted keywords), and names those it would skip.
 */
export async function generationTaskQuote(ctx: PriceCtx, accountId: number, body: GenerationTaskQuoteBody): Promise<Quote> {
  const lines = await articleLines(ctx, accountId, body.images ?? true, body.economy ?? false);
  if (body.site_id === undefined) return quoteOf(lines, body.count);
  const written = await writtenCount(ctx, accountId, body.site_id, body);
  return { ...quoteOf(lines, written.count), skipped: written.skipped };
}

/**
 * A publishing task's quote, or with `generate` the generate dialog's (writing and publishing each
 * article): naming its site, only the keywords its generation task would write are counted.
 */
export async function taskQuote(ctx: PriceCtx, accountId: number, body: TaskQuoteBody): Promise<Quote> {
  if (!body.generate) return quoteOf(publishLines(ctx), body.count);
  const lines = [...(await articleLines(ctx, accountId, body.images ?? true, body.economy ?? false)), ...publishLines(ctx)];
  if (body.site_id === undefined) return quoteOf(lines, body.count);
  const written = await writtenCount(ctx, accountId, body.site_id, body);
  return { ...quoteOf(lines, written.count), skipped: written.skipped };
}

/** Refreshing `count` published articles. */
export const refreshQuote = (ctx: Pick<Ctx, 'config'>, count: number): Quote => quoteOf(refreshLines(ctx), count);

/** The configured prices, an article with images drawing as many as configured. */
export const configuredPrices = (ctx: Pick<Ctx, 'config'>) => {
  const g = ctx.config.generation;
  return { article: g.priceArticle, image: g.priceImage, images_per_article: g.imagesPerArticle };
};

/** What the price line and the dashboard's estimate show: the prices as this account is charged them. */
export async function pricesOf(ctx: PriceCtx, accountId: number) {
  return { ...configuredPrices(ctx), images_per_article: imagesPerItem(ctx.config, await embeddedImages(ctx, accountId)) };
}

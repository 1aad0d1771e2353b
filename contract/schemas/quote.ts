import { Type, type Static } from 'typebox';
import { Body, LiteralUnion } from './common';
import { GenerationTaskAddBody, MAX_TASK_ITEMS } from './generationTask';

/** What a line of a quote pays for: the article, each of its images, its publishing to a site. */
export const PRICE_LINES = ['article', 'image', 'publish'] as const;
export type PriceLineKind = (typeof PRICE_LINES)[number];

/** One line of an item's price: `quantity` × `price` points. */
export const PriceLine = Type.Object({
  what: LiteralUnion(PRICE_LINES),
  price: Type.Integer(),
  quantity: Type.Integer(),
  /** In economy mode, made through the interactive API at its full price (the images: the batches carry the text). */
  interactive: Type.Optional(Type.Boolean()),
});
export type PriceLine = Static<typeof PriceLine>;

/**
 * What a paid task will charge, before it is added: the same numbers the server debits when its
 * items are claimed. `total` = `per_item` × `count`.
 */
export const Quote = Type.Object({
  count: Type.Integer(),
  lines: Type.Array(PriceLine),
  per_item: Type.Integer(),
  total: Type.Integer(),
  /**
   * The keywords the task will leave out, not counted (a generation task's quote naming its site):
   * each already has an article on the site or one on its way, and the task skips it unless it includes written ones.
   */
  skipped: Type.Optional(Type.Array(Type.String())),
});
export type Quote = Static<typeof Quote>;

const Count = Type.Integer({ minimum: 1, maximum: MAX_TASK_ITEMS });

/**
 * A generation task's quote: `count` articles, with or without images (as its add's `images`). With
 * `site_id` and the add's keywords, the articles its add would write: `count` caps them as it caps the
 * add's, and the keywords the add would skip are named in `skipped`, not counted.
 */
export const GenerationTaskQuoteBody = Body({
  count: Count,
  site_id: Type.Optional(GenerationTaskAddBody.properties.site_id),
  keyword_ids: GenerationTaskAddBody.properties.keyword_ids,
  keywords: GenerationTaskAddBody.properties.keywords,
  include_written: GenerationTaskAddBody.properties.include_written,
  images: Type.Optional(Type.Boolean({ default: true })),
  /** Economy mode (the add's `economy`): the article at the economy price. */
  economy: Type.Optional(Type.Boolean()),
});
export type GenerationTaskQuoteBody = Static<typeof GenerationTaskQuoteBody>;

/**
 * A publishing task's quote: `count` articles published; with `generate`, the generate dialog's
 * (each article written, with or without images, then published). With `generate`, `site_id` and
 * `keyword_ids`, the articles its generation task would write, as in a generation task's quote.
 */
export const TaskQuoteBody = Body({
  count: Count,
  generate: Type.Optional(Type.Boolean()),
  site_id: Type.Optional(GenerationTaskAddBody.properties.site_id),
  keyword_ids: GenerationTaskAddBody.properties.keyword_ids,
  include_written: GenerationTaskAddBody.properties.include_written,
  images: Type.Optional(Type.Boolean()),
  /** With `generate`: the writing in economy mode. */
  economy: Type.Optional(Type.Boolean()),
});
export type TaskQuoteBody = Static<typeof TaskQuoteBody>;

import { Type } from 'typebox';
import { CacheBust, DateTime } from './common';

/** One change of the balance (append-only). */
export const LedgerEntry = Type.Object({
  id: Type.Integer(),
  delta: Type.Integer(),
  balance_after: Type.Integer(),
  /** welcome, article_generation, image_generation, refund, … */
  reason: Type.String(),
  reference: Type.Union([Type.String(), Type.Null()]),
  created_at: DateTime,
});

export const PointsListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    ...CacheBust,
  },
  { additionalProperties: false },
);

export const PointsList = Type.Object({
  list: Type.Array(LedgerEntry),
  total: Type.Integer(),
  balance: Type.Integer(),
  /** What operations cost, for the console to show before starting a task. */
  prices: Type.Object({ article: Type.Integer(), image: Type.Integer(), images_per_article: Type.Integer() }),
});

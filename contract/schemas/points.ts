import { Type, type Static } from 'typebox';
import { CacheBust, CsvHeaders, DateTime, ListQuery, LiteralUnion } from './common';

/**
 * What a ledger entry's reference leads to, while it is still there and the account's: the article
 * (an article's refresh), the order, or the task of a generation or publishing item.
 */
export const LEDGER_TARGET_PAGES = ['article', 'order', 'generation', 'publishing'] as const;
export const LedgerTarget = Type.Object({ page: LiteralUnion(LEDGER_TARGET_PAGES), id: Type.Integer() });
export type LedgerTarget = Static<typeof LedgerTarget>;

/** One change of the balance (append-only). */
export const LedgerEntry = Type.Object({
  id: Type.Integer(),
  delta: Type.Integer(),
  balance_after: Type.Integer(),
  /** welcome, article_generation, image_generation, refund, … */
  reason: Type.String(),
  reference: Type.Union([Type.String(), Type.Null()]),
  /** Where the reference leads; null for a note, or for what was deleted since. */
  target: Type.Union([LedgerTarget, Type.Null()]),
  created_at: DateTime,
});
export type LedgerEntry = Static<typeof LedgerEntry>;

/** The ledger's filters: a reason, and days `YYYY-MM-DD` from and to (inclusive, UTC). */
const LedgerFilters = {
  reason: Type.Optional(Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z_]+$' })),
  date_from: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  date_to: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  /** Admin: another account's ledger. */
  account_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
};

export const PointsListQuery = ListQuery({
  ...LedgerFilters,
});
export type PointsListQuery = Static<typeof PointsListQuery>;

export const PointsExportQuery = Type.Object({ ...LedgerFilters, ...CsvHeaders, ...CacheBust }, { additionalProperties: false });
export type PointsExportQuery = Static<typeof PointsExportQuery>;

/** The reasons a ledger entry can have, for the console's filter. */
export const LEDGER_REASONS = [
  'welcome',
  'article_generation',
  'image_generation',
  'refund',
  'topup',
  'recharge_code',
  'grant',
  'topup_refund',
] as const;

export const PointsList = Type.Object({
  list: Type.Array(LedgerEntry),
  total: Type.Integer(),
  balance: Type.Integer(),
  /** What operations cost, for the console to show before starting a task. */
  prices: Type.Object({ article: Type.Integer(), image: Type.Integer(), images_per_article: Type.Integer() }),
});
export type PointsList = Static<typeof PointsList>;

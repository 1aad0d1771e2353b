import { Type, type Static } from 'typebox';
import { CacheBust, DateTime, ListOf, IdOrZero } from './common';

/** A mail or SMS the server sent, or kept for the operator when no transport is configured. */
export const OutboxMessage = Type.Object({
  id: Type.Integer(),
  channel: Type.Union([Type.Literal('mail'), Type.Literal('sms')]),
  recipient: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  /** `smtp`, `sms-http`, or `outbox` when it went nowhere else. */
  delivered_via: Type.String(),
  created_at: DateTime,
});
export type OutboxMessage = Static<typeof OutboxMessage>;

/** Newest first; `after_id` returns only messages newer than that id (for following). */
export const OutboxListQuery = Type.Object(
  {
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    after_id: Type.Optional(IdOrZero),
    ...CacheBust,
  },
  { additionalProperties: false },
);
export type OutboxListQuery = Static<typeof OutboxListQuery>;
export const OutboxList = ListOf(OutboxMessage);

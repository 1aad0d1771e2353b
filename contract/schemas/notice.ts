import { Type, type Static } from 'typebox';
import { Body, CacheBust, DateTime, Id, ListQuery } from './common';

/**
 * Kinds of notice: the operator's announcements, and what the system tells an account by itself
 * (a generation task finished or failed, the balance fell below the threshold, a work order was
 * answered, a publishing task finished, a top-up was credited).
 */
export const NOTICE_KINDS = ['announcement', 'task', 'balance', 'workorder', 'publish', 'topup'] as const;
export type NoticeKindName = (typeof NOTICE_KINDS)[number];
export const NoticeKind = Type.Union([
  Type.Literal('announcement'),
  Type.Literal('task'),
  Type.Literal('balance'),
  Type.Literal('workorder'),
  Type.Literal('publish'),
  Type.Literal('topup'),
]);

export const NoticeAudience = Type.Union([Type.Literal('all'), Type.Literal('role'), Type.Literal('accounts')]);

export const Notice = Type.Object({
  id: Type.Integer(),
  kind: NoticeKind,
  title: Type.String(),
  /** Sanitised HTML. */
  content: Type.String(),
  /** The console page the notice is about ('' none). */
  link: Type.String(),
  /** System notices: what happened (`task_completed`, …) and its values, for wording it in the reader's language ('' otherwise). */
  event: Type.String(),
  params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  pinned: Type.Boolean(),
  read: Type.Boolean(),
  publish_at: DateTime,
  expires_at: Type.Union([DateTime, Type.Null()]),
});
export type Notice = Static<typeof Notice>;

export const NoticeFilter = Type.Union([Type.Literal('all'), Type.Literal('read'), Type.Literal('unread')]);
export type NoticeFilter = Static<typeof NoticeFilter>;

export const NoticeListQuery = ListQuery({
  filter: Type.Optional(NoticeFilter),
  kind: Type.Optional(NoticeKind),
});
export type NoticeListQuery = Static<typeof NoticeListQuery>;

/** One notice (it is marked read), with the neighbours in the same list (filter and kind). */
export const NoticeDetailQuery = Type.Object(
  { id: Id, filter: Type.Optional(NoticeFilter), kind: Type.Optional(NoticeKind), ...CacheBust },
  { additionalProperties: false },
);
export type NoticeDetailQuery = Static<typeof NoticeDetailQuery>;
export const NoticeDetail = Type.Object({
  notice: Notice,
  prev_id: Type.Union([Type.Integer(), Type.Null()]),
  next_id: Type.Union([Type.Integer(), Type.Null()]),
});
export type NoticeDetail = Static<typeof NoticeDetail>;

export const NoticeReadBody = Body({ ids: Type.Array(Id, { minItems: 1, maxItems: 100 }) });
export const NoticeReadAllBody = Body({ kind: Type.Optional(NoticeKind) });
export const NoticeRead = Type.Object({ marked: Type.Integer(), unread: Type.Integer() });

/** The unread count and the latest few (the header bell). */
export const NoticeUnread = Type.Object({ unread: Type.Integer(), latest: Type.Array(Notice) });
export type NoticeUnread = Static<typeof NoticeUnread>;

export const NoticeSettings = Type.Object({
  /** Tell the account when its balance falls below this many points; 0: never. */
  low_balance_threshold: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
});
export type NoticeSettings = Static<typeof NoticeSettings>;
export const NoticeSettingsBody = Body({ low_balance_threshold: Type.Integer({ minimum: 0, maximum: 100_000_000 }) });

/* The operator's side. */

export const AdminNotice = Type.Object({
  id: Type.Integer(),
  kind: NoticeKind,
  title: Type.String(),
  content: Type.String(),
  link: Type.String(),
  audience: NoticeAudience,
  audience_role: Type.Union([Type.String(), Type.Null()]),
  audience_accounts: Type.Array(Type.Integer()),
  pinned: Type.Boolean(),
  publish_at: DateTime,
  expires_at: Type.Union([DateTime, Type.Null()]),
  withdrawn: Type.Boolean(),
  /** published | scheduled | expired | withdrawn */
  state: Type.Union([Type.Literal('published'), Type.Literal('scheduled'), Type.Literal('expired'), Type.Literal('withdrawn')]),
  recipients: Type.Integer(),
  read_count: Type.Integer(),
  created_at: DateTime,
  updated_at: DateTime,
});
export type AdminNotice = Static<typeof AdminNotice>;

export const AdminNoticeListQuery = ListQuery({});
export type AdminNoticeListQuery = Static<typeof AdminNoticeListQuery>;

const Title = Type.String({ minLength: 1, maxLength: 200 });
const Content = Type.String({ maxLength: 50_000 });
/** `YYYY-MM-DD HH:mm:ss` (server time zone UTC) or ISO 8601. */
const When = Type.String({ minLength: 10, maxLength: 40 });
const noticeFields = {
  title: Title,
  content: Content,
  link: Type.Optional(Type.String({ maxLength: 300, pattern: '^(/[^\\s]*)?$' })),
  audience: NoticeAudience,
  audience_role: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  audience_accounts: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { maxItems: 1000 })),
  pinned: Type.Optional(Type.Boolean()),
  /** Absent: now. A time in the past is refused. */
  publish_at: Type.Optional(When),
  expires_at: Type.Optional(Type.Union([When, Type.Null()])),
};
export const AdminNoticeAddBody = Body(noticeFields);
export const AdminNoticeEditBody = Body({ id: Id, ...noticeFields });

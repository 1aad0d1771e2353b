import { Type, type Static } from 'typebox';
import { Body, CacheBust, DateTime, Id, ListQuery, LiteralUnion } from './common';
import { WORKORDER_STATUSES } from '../statuses';

export const WORKORDER_CATEGORIES = ['billing', 'generation', 'publishing', 'account', 'other'] as const;
export const WorkorderCategory = Type.Union([
  Type.Literal('billing'),
  Type.Literal('generation'),
  Type.Literal('publishing'),
  Type.Literal('account'),
  Type.Literal('other'),
]);
export const WorkorderStatus = LiteralUnion(WORKORDER_STATUSES);
export const WORKORDER_SUBJECTS = ['article', 'article_task', 'site'] as const;
export const WorkorderSubjectType = Type.Union([Type.Literal('article'), Type.Literal('article_task'), Type.Literal('site')]);
/** A closed work order may be reopened by its author for this many days. */
export const WORKORDER_REOPEN_DAYS = 7;
export const WORKORDER_MAX_ATTACHMENTS = 5;

export const Attachment = Type.Object({ url: Type.String(), name: Type.String(), size: Type.Integer(), mime: Type.String() });
export type Attachment = Static<typeof Attachment>;

export const Workorder = Type.Object({
  id: Type.Integer(),
  account_id: Type.Integer(),
  /** The account's name. */
  username: Type.String(),
  /** Who opened it: the owner, or a sub-account acting in the account ('' once deleted). */
  author: Type.String(),
  category: WorkorderCategory,
  title: Type.String(),
  status: WorkorderStatus,
  subject_type: Type.Union([WorkorderSubjectType, Type.Null()]),
  subject_id: Type.Union([Type.Integer(), Type.Null()]),
  subject_name: Type.String(),
  assignee_id: Type.Union([Type.Integer(), Type.Null()]),
  assignee: Type.String(),
  message_count: Type.Integer(),
  last_reply_at: DateTime,
  last_reply_by_operator: Type.Boolean(),
  closed_at: Type.Union([DateTime, Type.Null()]),
  /** Whether its author may still reopen it. */
  can_reopen: Type.Boolean(),
  created_at: DateTime,
});
export type Workorder = Static<typeof Workorder>;

export const WorkorderMessage = Type.Object({
  id: Type.Integer(),
  from_operator: Type.Boolean(),
  author: Type.String(),
  /** Plain text. */
  body: Type.String(),
  attachments: Type.Array(Attachment),
  created_at: DateTime,
});
export type WorkorderMessage = Static<typeof WorkorderMessage>;

export const WorkorderDetail = Type.Object({ workorder: Workorder, messages: Type.Array(WorkorderMessage) });
export type WorkorderDetail = Static<typeof WorkorderDetail>;

const filters = {
  status: Type.Optional(WorkorderStatus),
  category: Type.Optional(WorkorderCategory),
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
};
export const WorkorderListQuery = ListQuery(filters);
export type WorkorderListQuery = Static<typeof WorkorderListQuery>;
export const AdminWorkorderListQuery = ListQuery({
  ...filters,
  account: Type.Optional(Type.String({ maxLength: 64, description: 'username, or part of it' })),
  /** Only those waiting longer than this many hours since their last reply. */
  older_than_hours: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  assignee_id: Type.Optional(Id),
});
export type AdminWorkorderListQuery = Static<typeof AdminWorkorderListQuery>;
export const WorkorderIdQuery = Type.Object({ id: Id, ...CacheBust }, { additionalProperties: false });

/** Attachments are the urls the upload call answered (`/uploads/<name>`), uploaded by the same account. */
const Attachments = Type.Optional(
  Type.Array(Type.String({ maxLength: 200, pattern: '^/uploads/[A-Za-z0-9._-]+$' }), { maxItems: WORKORDER_MAX_ATTACHMENTS }),
);
const Text = Type.String({ minLength: 1, maxLength: 10_000 });

export const WorkorderAddBody = Body({
  category: WorkorderCategory,
  title: Type.String({ minLength: 1, maxLength: 200 }),
  description: Text,
  attachments: Attachments,
  subject_type: Type.Optional(WorkorderSubjectType),
  subject_id: Type.Optional(Id),
});
export const WorkorderReplyBody = Body({ id: Id, body: Text, attachments: Attachments });
export const WorkorderAssignBody = Body({ id: Id, assignee_id: Type.Union([Id, Type.Null()]) });

/** What a work order may be about: the account's latest sites, generation tasks and articles. */
export const WorkorderSubjectsQuery = Type.Object(
  { type: WorkorderSubjectType, keyword: Type.Optional(Type.String({ maxLength: 100 })), ...CacheBust },
  { additionalProperties: false },
);
export type WorkorderSubjectsQuery = Static<typeof WorkorderSubjectsQuery>;
export const WorkorderSubject = Type.Object({ id: Type.Integer(), name: Type.String() });
export type WorkorderSubject = Static<typeof WorkorderSubject>;

import { Type, type Static } from 'typebox';
import { Body, CacheBust, CsvQuery, DateTime, ListQuery } from './common';

/** Sub-accounts, every account (the operator), roles and the admin log (/admin/v1/…). */

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Username = Type.String({ minLength: 3, maxLength: 32, pattern: '^[A-Za-z0-9_.-]+$' });
const Password = Type.String({ minLength: 8, maxLength: 128 });
const RoleCode = Type.String({ minLength: 2, maxLength: 32, pattern: '^[a-z][a-z0-9_]*$' });
export const AccountStatus = Type.Union([Type.Literal('enabled'), Type.Literal('disabled')]);

export const SubAccount = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  real_name: Type.String(),
  /** The owner whose account it works in; null for an owner (only the operator sees owners). */
  owner_id: Type.Union([Type.Integer(), Type.Null()]),
  owner_name: Type.Union([Type.String(), Type.Null()]),
  roles: Type.Array(Type.String()),
  /** The owner's balance for a sub-account. */
  points: Type.Integer(),
  status: AccountStatus,
  must_change_password: Type.Boolean(),
  created_at: DateTime,
  last_login_at: Type.Union([DateTime, Type.Null()]),
});
export type SubAccount = Static<typeof SubAccount>;

export const SubAccountListQuery = ListQuery({
  keyword: Type.Optional(Type.String({ maxLength: 64 })),
  status: Type.Optional(AccountStatus),
  role: Type.Optional(Type.String({ maxLength: 32 })),
  /** The operator: `owners` or `sub` only; the default is every account. */
  kind: Type.Optional(Type.Union([Type.Literal('owners'), Type.Literal('sub')])),
});
export const SubAccountExportQuery = CsvQuery(SubAccountListQuery);
export type SubAccountListQuery = Static<typeof SubAccountListQuery>;

export const SubAccountAddBody = Body({
  username: Username,
  password: Password,
  role: RoleCode,
  real_name: Type.Optional(Type.String({ maxLength: 64 })),
});
export type SubAccountAddBody = Static<typeof SubAccountAddBody>;
export const SubAccountEditBody = Body({ id: Id, role: Type.Optional(RoleCode), real_name: Type.Optional(Type.String({ maxLength: 64 })) });
export type SubAccountEditBody = Static<typeof SubAccountEditBody>;
export const SubAccountStatusBody = Body({ id: Id, status: AccountStatus });
export type SubAccountStatusBody = Static<typeof SubAccountStatusBody>;
export const SubAccountResetBody = Body({ id: Id, password: Password });
export type SubAccountResetBody = Static<typeof SubAccountResetBody>;

export const RoleItem = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  built_in: Type.Boolean(),
  /** Accounts holding it. */
  holders: Type.Integer(),
  /** Menus it sees and access entries it holds (ids), as the role tree shows them checked. */
  menu_ids: Type.Array(Type.Integer()),
  access_ids: Type.Array(Type.Integer()),
});
export type RoleItem = Static<typeof RoleItem>;

export const RoleAddBody = Body({ code: RoleCode, name: Type.String({ minLength: 1, maxLength: 64 }) });
export type RoleAddBody = Static<typeof RoleAddBody>;
export const RoleEditBody = Body({
  id: Id,
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  menu_ids: Type.Optional(Type.Array(Id, { maxItems: 1000 })),
  access_ids: Type.Optional(Type.Array(Id, { maxItems: 5000 })),
});
export type RoleEditBody = Static<typeof RoleEditBody>;

export const AdminLogEntry = Type.Object({
  id: Type.Integer(),
  account_id: Type.Union([Type.Integer(), Type.Null()]),
  actor_id: Type.Union([Type.Integer(), Type.Null()]),
  actor_name: Type.String(),
  action: Type.String(),
  method: Type.String(),
  route: Type.String(),
  resource: Type.String(),
  resource_id: Type.Union([Type.String(), Type.Null()]),
  status: Type.Integer(),
  code: Type.Union([Type.Integer(), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  user_agent: Type.Union([Type.String(), Type.Null()]),
  before: Type.Unknown(),
  after: Type.Unknown(),
  created_at: DateTime,
});
export type AdminLogEntry = Static<typeof AdminLogEntry>;

export const AdminLogListQuery = ListQuery({
  user: Type.Optional(Type.String({ maxLength: 64 })),
  action: Type.Optional(Type.String({ maxLength: 32 })),
  resource: Type.Optional(Type.String({ maxLength: 64 })),
  /** YYYY-MM-DD, inclusive. */
  from: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  to: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
});
export const AdminLogExportQuery = CsvQuery(AdminLogListQuery);
export type AdminLogListQuery = Static<typeof AdminLogListQuery>;

/* ---------- Sign in as a user, and the user's sessions ---------- */

export const SignInAsBody = Body({ id: Id });
export type SignInAsBody = Static<typeof SignInAsBody>;

/** One of the signed-in user's sessions (GET /api/v1/user/sessions). */
export const UserSession = Type.Object({
  id: Type.Integer(),
  created_at: DateTime,
  last_used_at: DateTime,
  ended_at: Type.Union([DateTime, Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  user_agent: Type.Union([Type.String(), Type.Null()]),
  /** The session making this request. */
  current: Type.Boolean(),
  /** Not ended and not idle longer than SESSION_TTL. */
  open: Type.Boolean(),
  /** The operator who signed in as the user ("sign in as"); null for the user's own sign-ins. */
  started_by_operator: Type.Union([Type.String(), Type.Null()]),
});
export type UserSession = Static<typeof UserSession>;
export const UserSessionsQuery = Type.Object({ ...CacheBust }, { additionalProperties: false });

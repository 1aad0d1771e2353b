/**
 * The database schema: one definition for the embedded PGlite and for PostgreSQL.
 * Migrations in ./migrations are generated from it with `npm run db:generate`.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    realName: text('real_name').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    email: text('email'),
    mobile: text('mobile'),
    homePath: text('home_path').notNull().default(''),
    /** Base32 TOTP secret once an authenticator is bound. */
    totpSecret: text('totp_secret'),
    /** The last TOTP step accepted, so a code cannot be replayed. */
    totpLastStep: integer('totp_last_step'),
    /** Balance kept in step with points_ledger (same transaction). */
    points: integer('points').notNull().default(0),
    invitedBy: integer('invited_by'),
    createdIp: text('created_ip'),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('accounts_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('accounts_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('accounts_mobile_key').on(t.mobile),
    index('accounts_created_ip_idx').on(t.createdIp, t.createdAt),
    check('accounts_points_not_negative', sql`${t.points} >= 0`),
  ],
);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** Built-in roles cannot be deleted. */
  builtIn: boolean('built_in').notNull().default(false),
  createdAt: createdAt(),
});

export const accountRoles = pgTable(
  'account_roles',
  {
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.roleId] })],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    locked: boolean('locked').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('sessions_account_idx').on(t.accountId)],
);

/** Failed logins, per account and per address, for the captcha rule. */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: serial('id').primaryKey(),
    scope: text('scope').notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_failures_subject_idx').on(t.scope, t.subject, t.createdAt)],
);

export const captchas = pgTable('captchas', {
  key: text('key').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** E-mail and SMS codes: hashed, expiring, with a bounded number of tries. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').notNull(),
    target: text('target').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_target_idx').on(t.channel, t.target, t.purpose, t.createdAt)],
);

export const qrLogins = pgTable('qr_logins', {
  id: text('id').primaryKey(),
  status: text('status').notNull().default('pending'),
  accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
  /** The new session's token, held only until the waiting device reads it once. */
  pendingToken: text('pending_token'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** Mail and SMS that were sent, or are waiting for the operator when no transport is set. */
export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  channel: text('channel').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull().default(''),
  body: text('body').notNull(),
  deliveredVia: text('delivered_via').notNull(),
  createdAt: createdAt(),
});

export const menus = pgTable(
  'menus',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    component: text('component').notNull().default(''),
    icon: text('icon').notNull().default(''),
    order: integer('order').notNull().default(0),
    parent: integer('parent').notNull().default(0),
    level: integer('level').notNull().default(1),
    isShow: integer('is_show').notNull().default(1),
    redirect: text('redirect').notNull().default(''),
    /** Role codes that see this menu; empty means every role. */
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('menus_parent_idx').on(t.parent, t.order)],
);

/** Button-level permissions under a menu (spec §3 "Permission entry"). */
export const accessEntries = pgTable('access_entries', {
  id: serial('id').primaryKey(),
  menuId: integer('menu_id').notNull().references(() => menus.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  authCode: text('auth_code').notNull().unique(),
  /** Role codes granted this permission; empty means every role that sees the menu. */
  roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const uploads = pgTable('uploads', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  storedName: text('stored_name').notNull().unique(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  type: text('type').notNull(),
  createdAt: createdAt(),
});

/** Append-only: every change of a balance, with what caused it. */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    reference: text('reference'),
    createdAt: createdAt(),
  },
  (t) => [index('points_ledger_account_idx').on(t.accountId, t.createdAt, t.id)],
);

/** Branded apps the console can be opened as (spec `get_app`). */
export const apps = pgTable('apps', {
  appId: text('app_id').primaryKey(),
  appName: text('app_name').notNull(),
  winIcon: text('win_icon').notNull().default(''),
});

/**
 * The database schema: one definition for the embedded PGlite and for PostgreSQL.
 * Migrations in ./migrations are generated from it with `npm run db:generate`.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
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
    /** Given to others to register with (case-insensitive; stored upper-case). */
    inviteCode: text('invite_code').notNull(),
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
    uniqueIndex('accounts_invite_code_key').on(t.inviteCode),
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

/** Graphic captchas: single-use (deleted when checked), the answer kept only as a hash. */
export const captchas = pgTable(
  'captchas',
  {
    key: text('key').primaryKey(),
    answerHash: text('answer_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captchas_expires_idx').on(t.expiresAt)],
);

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
    /** The address that asked for the code: many requests from one address need a captcha. */
    requestIp: text('request_ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('verification_codes_target_idx').on(t.channel, t.target, t.purpose, t.createdAt),
    index('verification_codes_ip_idx').on(t.requestIp, t.createdAt),
  ],
);

/**
 * QR-code logins: pending → scanned → confirmed (by a signed-in device) → claimed (the waiting
 * device's session was started and its token handed over once; no token is ever stored).
 */
export const qrLogins = pgTable(
  'qr_logins',
  {
    id: text('id').primaryKey(),
    status: text('status').notNull().default('pending'),
    /** The account that scanned, then approved. */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('qr_logins_expires_idx').on(t.expiresAt)],
);

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
    /** Route meta (spec §4 Tabs): when positive, at most this many tabs of this route stay open; 0 no limit. */
    dynamicLevel: integer('dynamic_level').notNull().default(0),
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

/** The console's error log (spec §3 "Error log entry"), reported by each account's browsers. */
export const errorLogs = pgTable(
  'error_logs',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    message: text('message').notNull(),
    url: text('url').notNull(),
    name: text('name').notNull(),
    file: text('file').notNull(),
    stack: text('stack').notNull(),
    detail: text('detail').notNull(),
    /** The browser's time of the error, as it sent it. */
    time: text('time').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('error_logs_account_idx').on(t.accountId, t.id)],
);

/** Branded apps the console can be opened as (spec `get_app`). */
export const apps = pgTable('apps', {
  appId: text('app_id').primaryKey(),
  appName: text('app_name').notNull(),
  winIcon: text('win_icon').notNull().default(''),
});

/* ---------- Sites, prompts, generation tasks and articles (issue 5) ---------- */

/** A customer's website that articles are written for and published to. */
export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    language: text('language').notNull().default('en'),
    /** wordpress | webhook | export */
    type: text('type').notNull(),
    /** AES-256-GCM sealed JSON of the credentials (server/domain/secrets.ts); never sent back. */
    credentials: text('credentials'),
    /** A masked hint of the credentials for display (`adm***`, `https://hooks.ex…`). */
    credentialsHint: text('credentials_hint').notNull().default(''),
    defaultCategoryId: integer('default_category_id'),
    /** enabled | disabled */
    status: text('status').notNull().default('enabled'),
    lastCheckOk: boolean('last_check_ok'),
    lastCheckMessage: text('last_check_message').notNull().default(''),
    lastCheckAt: timestamp('last_check_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sites_account_idx').on(t.accountId, t.createdAt, t.id)],
);

export const siteKeywords = pgTable(
  'site_keywords',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id').notNull().references(() => sites.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    keyword: text('keyword').notNull(),
    /** Set when an article was generated for it. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('site_keywords_site_keyword_key').on(t.siteId, sql`lower(${t.keyword})`),
    index('site_keywords_site_idx').on(t.siteId, t.createdAt, t.id),
  ],
);

/** A site's categories: fetched from WordPress (remote_id set) or added by hand. */
export const siteCategories = pgTable(
  'site_categories',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id').notNull().references(() => sites.id, { onDelete: 'cascade' }),
    remoteId: integer('remote_id'),
    name: text('name').notNull(),
    slug: text('slug').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('site_categories_remote_key').on(t.siteId, t.remoteId), index('site_categories_site_idx').on(t.siteId, t.id)],
);

/** Prompt templates; built-in ones have no account and cannot be edited. */
export const prompts = pgTable(
  'prompts',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    /** article | outline | meta | faq */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    content: text('content').notNull(),
    builtIn: boolean('built_in').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('prompts_account_idx').on(t.accountId, t.kind, t.id),
    uniqueIndex('prompts_built_in_kind_key').on(t.kind).where(sql`${t.builtIn}`),
  ],
);

/** A generation task: one item per keyword, each producing one draft article. */
export const articleTasks = pgTable(
  'article_tasks',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    language: text('language').notNull(),
    wordCount: integer('word_count').notNull(),
    images: boolean('images').notNull(),
    categoryId: integer('category_id'),
    /** The templates by kind (article, outline, meta, faq) as they were when the task was added. */
    prompts: jsonb('prompts').$type<Record<string, { id: number; content: string }>>().notNull(),
    /** Points one item costs, fixed when the task was added. */
    itemCost: integer('item_cost').notNull(),
    /** running | paused | cancelled | completed */
    status: text('status').notNull().default('running'),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Issue 19: an item still waiting for the model service's limit past this fails (refunded). */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
  },
  (t) => [index('article_tasks_account_idx').on(t.accountId, t.createdAt, t.id)],
);

export const articleTaskItems = pgTable(
  'article_task_items',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id').notNull().references(() => articleTasks.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    keywordId: integer('keyword_id').references(() => siteKeywords.id, { onDelete: 'set null' }),
    keyword: text('keyword').notNull(),
    /** queued | running | done | failed | cancelled */
    status: text('status').notNull().default('queued'),
    /** Claims so far; a worker's writes count only while its claim is the current one. */
    attempt: integer('attempt').notNull().default(0),
    /** Points debited by the current claim (refunded when it fails). */
    charged: integer('charged').notNull().default(0),
    error: text('error').notNull().default(''),
    /** A running claim is lost when this passes without renewal (crashed worker). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('article_task_items_task_idx').on(t.taskId, t.id), index('article_task_items_running_idx').on(t.status, t.leaseUntil)],
);

export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    taskId: integer('task_id').references(() => articleTasks.id, { onDelete: 'set null' }),
    /** The generation item that produced it: at most one article per item, however often it ran. */
    taskItemId: integer('task_item_id').unique(),
    categoryId: integer('category_id'),
    keyword: text('keyword').notNull().default(''),
    language: text('language').notNull().default('en'),
    title: text('title').notNull(),
    slug: text('slug').notNull().default(''),
    metaTitle: text('meta_title').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
    /** Sanitised HTML. */
    body: text('body').notNull(),
    outline: jsonb('outline').$type<string[]>().notNull().default([]),
    faq: jsonb('faq').$type<{ question: string; answer: string }[]>().notNull().default([]),
    coverUrl: text('cover_url').notNull().default(''),
    images: jsonb('images').$type<{ url: string; alt: string }[]>().notNull().default([]),
    /** draft | ready | published | failed */
    status: text('status').notNull().default('draft'),
    /** generated | imported | manual */
    source: text('source').notNull().default('manual'),
    /** The writer that produced it: `offline` for the built-in writer, else the model's name. */
    writer: text('writer').notNull().default(''),
    wordCount: integer('word_count').notNull().default(0),
    seoScore: integer('seo_score').notNull().default(0),
    seoChecks: jsonb('seo_checks').$type<{ id: string; passed: boolean; detail: string; weight: number }[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('articles_account_created_idx').on(t.accountId, t.createdAt, t.id),
    index('articles_account_site_idx').on(t.accountId, t.siteId, t.createdAt, t.id),
    index('articles_account_status_idx').on(t.accountId, t.status, t.createdAt, t.id),
    index('articles_task_idx').on(t.taskId, t.createdAt, t.id),
  ],
);

/** Per-account provider settings (LLM and image); the key sealed like site credentials. */
export const providerSettings = pgTable('provider_settings', {
  accountId: integer('account_id').primaryKey().references(() => accounts.id, { onDelete: 'cascade' }),
  llmBaseUrl: text('llm_base_url').notNull().default(''),
  llmModel: text('llm_model').notNull().default(''),
  llmApiKey: text('llm_api_key'),
  imageBaseUrl: text('image_base_url').notNull().default(''),
  imageModel: text('image_model').notNull().default(''),
  imageApiKey: text('image_api_key'),
  updatedAt: updatedAt(),
});

/**
 * Articles per account, site (0: none) and status, kept by a trigger on articles
 * (migration 0001_article_counts_triggers.sql), so list totals need no count over the rows.
 */
export const articleCounts = pgTable(
  'article_counts',
  {
    accountId: integer('account_id').notNull(),
    siteId: integer('site_id').notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.siteId, t.status] })],
);

// ── Issue 19: generation at the pace the model provider allows ─────────────────────────────────

/** An account's limits for its model services (null: the server's, or learned from the provider). */
export const providerLimits = pgTable(
  'provider_limits',
  {
    accountId: integer('account_id').primaryKey().references(() => accounts.id, { onDelete: 'cascade' }),
    llmRpm: integer('llm_rpm'),
    llmTpm: integer('llm_tpm'),
    llmConcurrency: integer('llm_concurrency'),
    imageRpm: integer('image_rpm'),
    imageConcurrency: integer('image_concurrency'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('provider_limits_positive', sql`coalesce(${t.llmRpm}, 1) > 0 and coalesce(${t.llmTpm}, 1) > 0 and coalesce(${t.llmConcurrency}, 1) > 0 and coalesce(${t.imageRpm}, 1) > 0 and coalesce(${t.imageConcurrency}, 1) > 0`),
  ],
);

/** rate-limiter-flexible's PostgreSQL store: the providers' minute budgets shared by every process. */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

/**
 * What a generation item has written so far (the answers of its steps, its pictures), so a run
 * after a wait or a crash asks nothing twice; and while it waits for the provider's limit, until
 * when and why (the item's status is then `waiting`, its charge kept).
 */
export const articleItemProgress = pgTable(
  'article_item_progress',
  {
    itemId: integer('item_id').primaryKey().references(() => articleTaskItems.id, { onDelete: 'cascade' }),
    taskId: integer('task_id').notNull().references(() => articleTasks.id, { onDelete: 'cascade' }),
    steps: jsonb('steps').$type<Record<string, unknown>>().notNull().default({}),
    waitUntil: timestamp('wait_until', { withTimezone: true }),
    waitReason: text('wait_reason').notNull().default(''),
    waits: integer('waits').notNull().default(0),
  },
  (t) => [index('article_item_progress_waiting_idx').on(t.taskId, t.waitUntil).where(sql`${t.waitUntil} is not null`)],
);

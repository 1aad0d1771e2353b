/**
 * The database schema: one definition for the embedded PGlite and for PostgreSQL.
 * Migrations in ./migrations are generated from it with `npm run db:generate`.
 * Status columns name their values with the contract's lists (`text({ enum })`): that types the
 * rows only; the database keeps plain text columns, so the lists add no migration.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
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
import {
  ARTICLE_STATUSES,
  ARTICLE_VERSION_SOURCES,
  ORDER_STATUSES,
  PUBLISH_ACTIONS,
  PUBLISH_ITEM_STATUSES,
  SITE_STATUSES,
  TASK_ITEM_STATUSES,
  TASK_STATUSES,
  WORKORDER_STATUSES,
} from '../../contract/statuses';
import type { ArticleWordPress } from '../../contract/schemas/article';

/** An SEO check as stored with its article's score (see contract/schemas/article.ts SeoCheck). */
export interface StoredSeoCheck {
  id: string;
  passed: boolean;
  weight: number;
  outcome?: string;
  values?: Record<string, string | number>;
  detail?: string;
}

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
    /** A sub-account works inside this owner's account (its data, its points); null for an owner. */
    ownerId: integer('owner_id'),
    /** Set by a password reset; only the password change is answered until it is done. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** The language the user last chose in the console (`zh_CN`, `en`): what the server speaks to their access keys when a call names none. */
    language: text('language'),
  },
  (t) => [
    index('accounts_owner_idx').on(t.ownerId, t.createdAt),
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
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.roleId] })],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    locked: boolean('locked').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Why it ended, when a sign-in elsewhere ended it ('replaced', one session per user); else null. */
    endReason: text('end_reason'),
  },
  (t) => [
    index('sessions_account_idx').on(t.accountId),
    /* Sign-ins per day on the dashboard. */
    index('sessions_created_idx').on(t.createdAt, t.accountId),
  ],
);

/** Failed logins, per account and per address, for the captcha rule. */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: serial('id').primaryKey(),
    scope: text('scope').notNull(),
    subject: text('subject').notNull(),
    /** On an address's failure: the lower-cased username typed, so a good login forgets only those. */
    accountName: text('account_name'),
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
    /** 1: the operator left this page out of the router and the menu, for everyone (spec §2). */
    ignored: integer('ignored').notNull().default(0),
    /** Role codes that see this menu; empty means every role. */
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('menus_parent_idx').on(t.parent, t.order)],
);

/** Button-level permissions under a menu (spec §3 "Permission entry"). */
export const accessEntries = pgTable('access_entries', {
  id: serial('id').primaryKey(),
  menuId: integer('menu_id')
    .notNull()
    .references(() => menus.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  authCode: text('auth_code').notNull().unique(),
  /** Role codes granted this permission; empty means every role that sees the menu. */
  roles: text('roles')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const uploads = pgTable('uploads', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
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
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    reference: text('reference'),
    createdAt: createdAt(),
  },
  (t) => [
    index('points_ledger_account_idx').on(t.accountId, t.createdAt, t.id),
    /* The dashboard's installation-wide figures. */
    index('points_ledger_created_idx').on(t.createdAt),
  ],
);

/** The console's error log (spec §3 "Error log entry"), reported by each account's browsers. */
export const errorLogs = pgTable(
  'error_logs',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
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

/* ---------- Sites, prompts, generation tasks and articles ---------- */

/** A customer's website that articles are written for and published to. */
export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
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
    status: text('status', { enum: SITE_STATUSES }).notNull().default('enabled'),
    lastCheckOk: boolean('last_check_ok'),
    lastCheckMessage: text('last_check_message').notNull().default(''),
    lastCheckAt: timestamp('last_check_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sites_account_idx').on(t.accountId, t.createdAt, t.id),
    /* The site list's name search through trigrams. */
    index('sites_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

export const siteKeywords = pgTable(
  'site_keywords',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    keyword: text('keyword').notNull(),
    /** Set when an article was generated for it. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('site_keywords_site_keyword_key').on(t.siteId, sql`lower(${t.keyword})`),
    index('site_keywords_site_idx').on(t.siteId, t.createdAt, t.id),
    /* The keyword list's search through trigrams. */
    index('site_keywords_keyword_trgm_idx').using('gin', t.keyword.op('gin_trgm_ops')),
  ],
);

/** A site's categories: fetched from WordPress (remote_id set) or added by hand. */
export const siteCategories = pgTable(
  'site_categories',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
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
    uniqueIndex('prompts_built_in_kind_key')
      .on(t.kind)
      .where(sql`${t.builtIn}`),
  ],
);

/** A generation task: one item per keyword, each producing one draft article. */
export const articleTasks = pgTable(
  'article_tasks',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
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
    status: text('status', { enum: TASK_STATUSES }).notNull().default('running'),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** An item still waiting for the model service's limit past this fails (refunded). */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    /** Economy mode: the model calls go through the provider's batch API, stage by stage, at the economy price. */
    economy: boolean('economy').notNull().default(false),
    /** Economy mode: a call its batch left unanswered (a line's error, an expired batch) is made interactively instead of in the next batch. */
    interactiveFallback: boolean('interactive_fallback').notNull().default(false),
    /** Who started it: the owner, or a sub-account acting in the owner's account (null: not recorded). */
    startedBy: integer('started_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [index('article_tasks_account_idx').on(t.accountId, t.createdAt, t.id)],
);

export const articleTaskItems = pgTable(
  'article_task_items',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => articleTasks.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    keywordId: integer('keyword_id').references(() => siteKeywords.id, { onDelete: 'set null' }),
    keyword: text('keyword').notNull(),
    /** queued | running | done | failed | cancelled */
    status: text('status', { enum: TASK_ITEM_STATUSES }).notNull().default('queued'),
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
  (t) => [
    index('article_task_items_task_idx').on(t.taskId, t.id),
    index('article_task_items_running_idx').on(t.status, t.leaseUntil),
    /* Generation and failures per day on the dashboard. */
    index('article_task_items_account_finished_idx').on(t.accountId, t.finishedAt),
    index('article_task_items_finished_idx').on(t.finishedAt),
  ],
);

export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
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
    status: text('status', { enum: ARTICLE_STATUSES }).notNull().default('draft'),
    /** generated | imported | manual */
    source: text('source').notNull().default('manual'),
    /** The writer that produced it: `offline` for the built-in writer, else the model's name. */
    writer: text('writer').notNull().default(''),
    wordCount: integer('word_count').notNull().default(0),
    seoScore: integer('seo_score').notNull().default(0),
    /** Each check as an id, an outcome and its numbers; a score kept before outcomes were has an English `detail` instead. */
    seoChecks: jsonb('seo_checks').$type<StoredSeoCheck[]>().notNull().default([]),
    /**
     * Set while a queued refresh of it waits or runs: the key of that refresh (its charge's reference),
     * cleared in the transaction that stores the refreshed text or refunds it.
     */
    refreshKey: text('refresh_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** What a WordPress publisher chose for this article's posts (categories, tags, author, excerpt, canonical); a field not chosen is absent. */
    wordpress: jsonb('wordpress').$type<Partial<ArticleWordPress>>().notNull().default({}),
  },
  (t) => [
    index('articles_account_created_idx').on(t.accountId, t.createdAt, t.id),
    index('articles_account_site_idx').on(t.accountId, t.siteId, t.createdAt, t.id),
    index('articles_account_status_idx').on(t.accountId, t.status, t.createdAt, t.id),
    index('articles_task_idx').on(t.taskId, t.createdAt, t.id),
    /* The dashboard's installation-wide figures. */
    index('articles_created_idx').on(t.createdAt),
    /* Title and keyword search (ILIKE '%…%') through trigrams; pg_trgm is created before, by the custom migration 0010 that enables the extension. */
    index('articles_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('articles_keyword_trgm_idx').using('gin', t.keyword.op('gin_trgm_ops')),
  ],
);

/**
 * The texts an article had: each change of its text (an edit, a refresh, a restore) keeps the text
 * it replaced here, numbered from 1 per article, so any of them can be compared and brought back.
 */
export const articleVersions = pgTable(
  'article_versions',
  {
    id: serial('id').primaryKey(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    metaTitle: text('meta_title').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
    /** What replaced this text: edit | refresh | restore */
    source: text('source', { enum: ARTICLE_VERSION_SOURCES }).notNull(),
    createdAt: createdAt(),
    /** Who made the change (null: the account was deleted). */
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('article_versions_article_number_key').on(t.articleId, t.number)],
);

/** Per-account provider settings (LLM and image); the key sealed like site credentials. */
export const providerSettings = pgTable('provider_settings', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
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

/* ---------- Publishing tasks, items and publications ---------- */

/**
 * A publishing task: articles sent to one site, as drafts, published or scheduled posts, now, at
 * a time, or drip-fed (per_day between two wall-clock times in a time zone).
 */
export const publishTasks = pgTable(
  'publish_tasks',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** draft | publish | future (WordPress post status) */
    postStatus: text('post_status').notNull().default('draft'),
    /** The post date of a `future` post. */
    postDate: timestamp('post_date', { withTimezone: true }),
    /** A site category (site_categories.id), or none. */
    categoryId: integer('category_id'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** now | at | drip */
    scheduleKind: text('schedule_kind').notNull().default('now'),
    scheduleAt: timestamp('schedule_at', { withTimezone: true }),
    dripPerDay: integer('drip_per_day'),
    /** HH:MM, local to `timezone`. */
    dripStart: text('drip_start'),
    dripEnd: text('drip_end'),
    timezone: text('timezone'),
    /** Points one item costs (PRICE_PUBLISH when the task was added). */
    itemCost: integer('item_cost').notNull().default(0),
    /** running | paused | cancelled | completed */
    status: text('status', { enum: TASK_STATUSES }).notNull().default('running'),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The generation task whose articles this task publishes as they are written (null: a fixed list). */
    sourceTaskId: integer('source_task_id').references(() => articleTasks.id, { onDelete: 'set null' }),
    /** True while the source task may still write articles: `total` grows and the task cannot complete. */
    awaitingSource: boolean('awaiting_source').notNull().default(false),
    /** An article scoring below this SEO score is not published (its item is `skipped`, the article stays a draft). */
    minSeoScore: integer('min_seo_score'),
    /** Items skipped (below min_seo_score). */
    skipped: integer('skipped').notNull().default(0),
    /** What its items do to each article's post: publish (create or update), unpublish (back to draft) or delete (to the site's trash). */
    action: text('action', { enum: PUBLISH_ACTIONS }).notNull().default('publish'),
    /** Who started it: the owner, or a sub-account acting in the owner's account (null: not recorded). */
    startedBy: integer('started_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('publish_tasks_account_idx').on(t.accountId, t.createdAt, t.id),
    check('publish_tasks_counts', sql`${t.done} + ${t.failed} + ${t.cancelled} + ${t.skipped} <= ${t.total}`),
    index('publish_tasks_source_idx')
      .on(t.sourceTaskId)
      .where(sql`${t.awaitingSource}`),
  ],
);

/** One article to one site: a durable job of the queue (claimed, leased, retried with backoff). */
export const publishItems = pgTable(
  'publish_items',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => publishTasks.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    articleId: integer('article_id').references(() => articles.id, { onDelete: 'set null' }),
    /** The title when the item was added, so an item of a deleted article still says what it was. */
    title: text('title').notNull(),
    /** queued | running | done | failed | cancelled | skipped (below the task's minimum SEO score) */
    status: text('status', { enum: PUBLISH_ITEM_STATUSES }).notNull().default('queued'),
    /** When it is due (its drip slot, or after a retry's backoff). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempt: integer('attempt').notNull().default(0),
    charged: integer('charged').notNull().default(0),
    /** Why it failed, or the last transient error while it waits for a retry. */
    error: text('error').notNull().default(''),
    /** What was not applied although the item is done (e.g. meta not applied). */
    note: text('note').notNull().default(''),
    remoteId: text('remote_id'),
    remoteUrl: text('remote_url').notNull().default(''),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** The article's SEO score when a task with a minimum added it (a `skipped` item: below that minimum). */
    seoScore: integer('seo_score'),
  },
  (t) => [
    index('publish_items_task_idx').on(t.taskId, t.id),
    /* An article is an item of a task once: a generation task's article added twice (a retry, a sweep) is not. */
    uniqueIndex('publish_items_task_article_key').on(t.taskId, t.articleId),
    index('publish_items_running_idx').on(t.status, t.leaseUntil),
    index('publish_items_article_idx').on(t.articleId),
  ],
);

/**
 * Where an article is on a site: at most one remote post per article and site. The remote id is
 * stored the moment the site names it; `idempotency_key` is written into the post, so a retry after
 * a crash finds the post it made before creating one.
 */
/** A post read back after publishing: each field the site holds that is not what was sent. */
export interface PublicationVerification {
  checkedAt: string;
  differences: { field: string; expected: string; actual: string }[];
  /** Fields sent that the site has no place for (absent: none, or read back before this was said). */
  unsupported?: string[];
  /** The site's pages the live post links to, as read back (absent: read back before this was recorded). */
  links?: string[];
}

export const publications = pgTable(
  'publications',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    remoteId: text('remote_id'),
    remoteUrl: text('remote_url').notNull().default(''),
    /** pending | draft | publish | future | failed */
    status: text('status').notNull().default('pending'),
    error: text('error').notNull().default(''),
    /** Images already uploaded to the site's media library: local URL → remote media id and URL. */
    media: jsonb('media').$type<Record<string, { id: number; url: string }>>().notNull().default({}),
    /** What the site held when the post was read back after the last publish, and how it differs from what was sent. */
    verification: jsonb('verification').$type<PublicationVerification>(),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('publications_article_site_key').on(t.articleId, t.siteId),
    uniqueIndex('publications_idempotency_key').on(t.idempotencyKey),
    index('publications_site_idx').on(t.siteId),
  ],
);

/**
 * An internal link of a site: one article's post linking to another's live page, chosen when the
 * source was published (`related`) or added to an older post when the target was (`backlink`). The
 * sent content is the article's body with its links not undone; undoing one updates the post again.
 */
export const internalLinks = pgTable(
  'internal_links',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    sourceArticleId: integer('source_article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    /** Null once the target article is deleted: its link is then broken. */
    targetArticleId: integer('target_article_id').references(() => articles.id, { onDelete: 'set null' }),
    /** The target's live URL when the link was made. */
    targetUrl: text('target_url').notNull(),
    anchor: text('anchor').notNull(),
    /** related | backlink */
    kind: text('kind').notNull(),
    createdAt: createdAt(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [
    index('internal_links_source_idx').on(t.siteId, t.sourceArticleId),
    index('internal_links_target_idx').on(t.siteId, t.targetArticleId),
  ],
);

/* ---- Top-up: packages, orders, recharge codes, payment events ---- */

/** What a customer can buy: a price, and the points (plus bonus) it brings. */
export const topupPackages = pgTable(
  'topup_packages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** In the currency's smallest unit (cents). */
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    points: integer('points').notNull(),
    bonusPoints: integer('bonus_points').notNull().default(0),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('topup_packages_price_positive', sql`${t.priceCents} > 0`),
    check('topup_packages_points_positive', sql`${t.points} > 0 and ${t.bonusPoints} >= 0`),
  ],
);

/**
 * One top-up: pending → credited (paid and credited in one transaction), or expired / failed;
 * a credited order may be refunded. A redeemed recharge code is an order of channel `code`,
 * credited at once. `points` is what the order brings (package points + bonus, as when ordered).
 */
export const topupOrders = pgTable(
  'topup_orders',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    packageId: integer('package_id').references(() => topupPackages.id, { onDelete: 'set null' }),
    /** manual | stripe | code */
    channel: text('channel').notNull(),
    /** pending | credited | expired | failed | refunded */
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    amountCents: integer('amount_cents').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    points: integer('points').notNull(),
    /** The provider's id of the payment (a Stripe Checkout Session id). */
    providerRef: text('provider_ref'),
    /** Where the customer pays (a Checkout URL), while pending. */
    payUrl: text('pay_url').notNull().default(''),
    /** The recharge code this order redeemed (channel `code`): a code makes one order, ever. */
    codeId: integer('code_id').unique(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** Points a refund could not take back (the balance was spent): owed by the account. */
    owedPoints: integer('owed_points').notNull().default(0),
    /** What the provider says was refunded so far (Stripe's charge.amount_refunded), in cents. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    note: text('note').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('topup_orders_account_idx').on(t.accountId, t.createdAt, t.id),
    index('topup_orders_created_idx').on(t.createdAt),
    uniqueIndex('topup_orders_provider_ref_key').on(t.channel, t.providerRef),
    check('topup_orders_points_positive', sql`${t.points} > 0`),
  ],
);

/** A batch of recharge codes the operator generated together. */
export const rechargeCodeBatches = pgTable('recharge_code_batches', {
  id: serial('id').primaryKey(),
  note: text('note').notNull().default(''),
  points: integer('points').notNull(),
  count: integer('count').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** Single-use codes worth `points` until `expires_at`. */
export const rechargeCodes = pgTable(
  'recharge_codes',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => rechargeCodeBatches.id, { onDelete: 'cascade' }),
    code: text('code').notNull().unique(),
    points: integer('points').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    redeemedBy: integer('redeemed_by').references(() => accounts.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recharge_codes_batch_idx').on(t.batchId, t.id), check('recharge_codes_points_positive', sql`${t.points} > 0`)],
);

/** Payment providers' webhook events already handled: a replayed event does nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/* ---- API access keys and invite rewards ---- */

/**
 * API access keys: a machine client acts as the owner's account with the key's scopes. The
 * secret (`ink_…`) is shown once; only its SHA-256 and a short visible prefix are kept. A rotated
 * key's previous secret keeps working until `old_secret_ends_at` (the grace period). A deleted
 * key keeps its row (`deleted_at`) so the key log still names it.
 */
export const accessKeys = pgTable(
  'access_keys',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `ink_` and the secret's first characters: how the console and the log name the key. */
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    oldSecretHash: text('old_secret_hash'),
    oldSecretEndsAt: timestamp('old_secret_ends_at', { withTimezone: true }),
    /** Any of read, generate, publish, sites. */
    scopes: text('scopes').array().notNull(),
    /** Addresses or CIDR ranges the key may be used from; empty: anywhere. */
    allowedIps: text('allowed_ips')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Requests a minute; null: the server's KEY_RATE_LIMIT. */
    rateLimit: integer('rate_limit'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('access_keys_secret_hash_key').on(t.secretHash),
    uniqueIndex('access_keys_old_secret_hash_key').on(t.oldSecretHash),
    index('access_keys_account_idx').on(t.accountId, t.id),
  ],
);

/** When and from where each key was last used (kept apart, so using a key writes no access_keys row). */
export const accessKeyUsage = pgTable('access_key_usage', {
  keyId: integer('key_id')
    .primaryKey()
    .references(() => accessKeys.id, { onDelete: 'cascade' }),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
  lastUsedIp: text('last_used_ip'),
});

/** Every call made with a key (kept KEY_LOG_RETENTION_DAYS). */
export const accessKeyLog = pgTable(
  'access_key_log',
  {
    id: serial('id').primaryKey(),
    // No foreign keys: their checks were half the cost of logging every call on the embedded
    // database (the 10 % budget). Keys are only soft-deleted; an account's entries go with
    // it in deleteAccount, and entries past the retention are purged.
    accountId: integer('account_id').notNull(),
    keyId: integer('key_id').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    ip: text('ip'),
    durationMs: integer('duration_ms').notNull(),
    /** Points the call committed (a generation task's price); 0 for most calls. */
    points: integer('points').notNull().default(0),
    createdAt: createdAt(),
  },
  // Each index is written on every logged call. The log's reads always name the account (a key
  // filter narrows the account's entries), and an entry's account is its key's account, so one
  // B-tree serves them; the hourly purge by age has a BRIN index, a few pages for the whole table
  // (entries arrive in time order), instead of a second B-tree.
  (t) => [
    index('access_key_log_account_idx').on(t.accountId, t.createdAt, t.id),
    index('access_key_log_created_brin').using('brin', t.createdAt),
  ],
);

/**
 * One row per account registered with an invite code: whether the rewards were given, or why
 * not. `first_topup_rewarded_at` is set by the top-up hook (domain/access/invites.ts rewardFirstTopUp).
 */
export const inviteRegistrations = pgTable(
  'invite_registrations',
  {
    id: serial('id').primaryKey(),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    inviteeId: integer('invitee_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    inviterPoints: integer('inviter_points').notNull().default(0),
    inviteePoints: integer('invitee_points').notNull().default(0),
    /** Null when rewarded; otherwise why the reward was withheld (`self`, `ip_daily_limit`). */
    withheldReason: text('withheld_reason'),
    firstTopupPoints: integer('first_topup_points').notNull().default(0),
    firstTopupRewardedAt: timestamp('first_topup_rewarded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invite_registrations_invitee_key').on(t.inviteeId),
    index('invite_registrations_inviter_idx').on(t.inviterId, t.createdAt, t.id),
    index('invite_registrations_inviter_ip_idx').on(t.inviterId, t.ip, t.createdAt),
  ],
);
/* ---- end ---- */

/* ---- Notices and work orders ---- */

/**
 * A notice: published by the operator (kind `announcement`) or by the system for one account
 * (`task`, `balance`, `workorder`, `publish`, `topup`). Its audience is resolved into
 * notice_deliveries when it is published or edited.
 */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull().default(''),
    /** A console path the notice is about ('' none). */
    link: text('link').notNull().default(''),
    /** System notices: what happened (`task_completed`, …) and its values, so the console can word it in the reader's language. */
    event: text('event').notNull().default(''),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    /** all | role | accounts (system notices: accounts, one). */
    audience: text('audience').notNull(),
    audienceRole: text('audience_role'),
    audienceAccounts: integer('audience_accounts')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    pinned: boolean('pinned').notNull().default(false),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    /** System notices: one per event (a task's completion), however often it is reported. */
    dedupeKey: text('dedupe_key').unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('notices_kind_idx').on(t.kind, t.id)],
);

/** One notice for one account, with its read state; copies what ordering and counting need. */
export const noticeDeliveries = pgTable(
  'notice_deliveries',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.noticeId] }),
    index('notice_deliveries_account_idx').on(t.accountId, t.pinned, t.publishAt, t.noticeId),
    // The unread count and the unread list: read rows are not in this index at all.
    index('notice_deliveries_unread_idx')
      .on(t.accountId, t.publishAt, t.expiresAt)
      .where(sql`${t.readAt} is null`),
    index('notice_deliveries_notice_idx').on(t.noticeId),
  ],
);

/** Per-account notice settings: the balance below which the account is told (0: never). */
export const noticeSettings = pgTable('notice_settings', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  lowBalanceThreshold: integer('low_balance_threshold').notNull().default(0),
  /** Told since the balance last stood at or above the threshold. */
  lowBalanceNotified: boolean('low_balance_notified').notNull().default(false),
  updatedAt: updatedAt(),
});

/** A customer's request to the operator: open → answered → closed (reopened within some days). */
export const workOrders = pgTable(
  'work_orders',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** billing | generation | publishing | account | other */
    category: text('category').notNull(),
    title: text('title').notNull(),
    /** open | answered | closed */
    status: text('status', { enum: WORKORDER_STATUSES }).notNull().default('open'),
    /** article | article_task | site, with its id; null: about nothing in particular. */
    subjectType: text('subject_type'),
    subjectId: integer('subject_id'),
    assigneeId: integer('assignee_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** Who opened it: the owner, or the sub-account that acted in the owner's account. */
    authorId: integer('author_id').references(() => accounts.id, { onDelete: 'set null' }),
    messageCount: integer('message_count').notNull().default(1),
    lastReplyAt: timestamp('last_reply_at', { withTimezone: true }).notNull().defaultNow(),
    lastReplyByOperator: boolean('last_reply_by_operator').notNull().default(false),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('work_orders_account_idx').on(t.accountId, t.lastReplyAt, t.id),
    index('work_orders_status_idx').on(t.status, t.createdAt, t.id),
    check('work_orders_status_check', sql`${t.status} in ('open', 'answered', 'closed')`),
  ],
);

export const workOrderMessages = pgTable(
  'work_order_messages',
  {
    id: serial('id').primaryKey(),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => accounts.id, { onDelete: 'set null' }),
    fromOperator: boolean('from_operator').notNull().default(false),
    /** Plain text: the console shows it as text. */
    body: text('body').notNull(),
    attachments: jsonb('attachments').$type<{ url: string; name: string; size: number; mime: string }[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('work_order_messages_order_idx').on(t.workOrderId, t.id)],
);

/* ---------- Admin log ---------- */

/**
 * Every write of every account, append-only (no route edits or deletes it; rows older than
 * ADMIN_LOG_RETENTION_DAYS are purged). `accountId` is the data account (the owner of a
 * sub-account), `actorId` who did it; no foreign keys, so a removed account's history stays.
 */
export const adminLogs = pgTable(
  'admin_logs',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id'),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull().default(''),
    /** login, login_failed, logout, create, edit, delete, action */
    action: text('action').notNull(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    /** The resource named by the route (`site`, `article`, `admin-menu`, …). */
    resource: text('resource').notNull(),
    resourceId: text('resource_id'),
    status: integer('status').notNull(),
    code: integer('code'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Fields before and after, secrets masked. */
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('admin_logs_account_idx').on(t.accountId, t.createdAt, t.id), index('admin_logs_created_idx').on(t.createdAt, t.id)],
);

// ── generation at the pace the model provider allows ─────────────────────────────────

/** An account's limits for its model services (null: the server's, or learned from the provider). */
export const providerLimits = pgTable(
  'provider_limits',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    llmRpm: integer('llm_rpm'),
    llmTpm: integer('llm_tpm'),
    llmConcurrency: integer('llm_concurrency'),
    imageRpm: integer('image_rpm'),
    imageConcurrency: integer('image_concurrency'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'provider_limits_positive',
      sql`coalesce(${t.llmRpm}, 1) > 0 and coalesce(${t.llmTpm}, 1) > 0 and coalesce(${t.llmConcurrency}, 1) > 0 and coalesce(${t.imageRpm}, 1) > 0 and coalesce(${t.imageConcurrency}, 1) > 0`,
    ),
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
    itemId: integer('item_id')
      .primaryKey()
      .references(() => articleTaskItems.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => articleTasks.id, { onDelete: 'cascade' }),
    steps: jsonb('steps').$type<Record<string, unknown>>().notNull().default({}),
    waitUntil: timestamp('wait_until', { withTimezone: true }),
    waitReason: text('wait_reason').notNull().default(''),
    waits: integer('waits').notNull().default(0),
  },
  (t) => [
    index('article_item_progress_waiting_idx')
      .on(t.taskId, t.waitUntil)
      .where(sql`${t.waitUntil} is not null`),
  ],
);

/* ---------- Economy mode: the provider's batches ---------- */

/**
 * One batch of an economy task's stage at the provider (OpenAI's Batch API): its id is kept so a
 * restart follows it where it was. `status` is the provider's (validating, in_progress, finalizing,
 * completed, failed, expired, cancelling, cancelled); `settled` once its answers are taken.
 */
export const economyBatches = pgTable(
  'economy_batches',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => articleTasks.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    providerBatchId: text('provider_batch_id').notNull(),
    inputFileId: text('input_file_id').notNull(),
    status: text('status').notNull(),
    settled: boolean('settled').notNull().default(false),
    /** The batch's lines, and how many are answered (as the provider counts them while it runs). */
    lines: integer('lines').notNull().default(0),
    answered: integer('answered').notNull().default(0),
    /** Its lines that failed (as the provider counts them while it runs; once settled, those it left unanswered): they go again. */
    failed: integer('failed').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('economy_batches_open_idx')
      .on(t.taskId)
      .where(sql`not ${t.settled}`),
  ],
);

/**
 * One model call of an economy item, waiting for a batch (`batch_id` null), in one, or answered (the
 * answer is then in the item's progress). A line whose batch failed or expired waits for the next.
 */
export const economyLines = pgTable(
  'economy_lines',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => articleTaskItems.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => articleTasks.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    /** The chat-completions request body, as the batch's JSONL line carries it. */
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    batchId: integer('batch_id').references(() => economyBatches.id, { onDelete: 'set null' }),
    answered: boolean('answered').notNull().default(false),
    /** Batches this line was sent in without an answer. */
    misses: integer('misses').notNull().default(0),
    error: text('error').notNull().default(''),
  },
  (t) => [uniqueIndex('economy_lines_item_step_idx').on(t.itemId, t.step), index('economy_lines_task_idx').on(t.taskId, t.answered)],
);

/* ---------- Dashboard roll-ups ---------- */
/*
 * The dashboard's figures per account and day, kept by statement-level triggers on the rows they
 * count (written by hand in the custom migration 0014), so the dashboard sums at most a row per
 * account, day and kind instead of every ledger entry or article. A day is the date in the
 * database session's time zone, which the server sets to its own (db/connection.ts). No foreign
 * keys: the ledger, generation and key-call days are history (kept when the rows go); the article
 * days follow the articles (an article deleted or changed moves its count).
 */
export const ledgerDays = pgTable(
  'ledger_days',
  {
    accountId: integer('account_id').notNull(),
    day: date('day').notNull(),
    reason: text('reason').notNull(),
    pointsIn: bigint('points_in', { mode: 'number' }).notNull().default(0),
    pointsOut: bigint('points_out', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day, t.reason] }), index('ledger_days_day_idx').on(t.day)],
);

/** Articles by the day they were created, site (0: none), status and SEO band (score / 20, 0–4). */
export const articleDays = pgTable(
  'article_days',
  {
    accountId: integer('account_id').notNull(),
    day: date('day').notNull(),
    siteId: integer('site_id').notNull(),
    status: text('status').notNull(),
    band: integer('band').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day, t.siteId, t.status, t.band] }), index('article_days_day_idx').on(t.day)],
);

/** Generation items finished per day: written and failed. */
export const generationDays = pgTable(
  'generation_days',
  {
    accountId: integer('account_id').notNull(),
    day: date('day').notNull(),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] }), index('generation_days_day_idx').on(t.day)],
);

/** Calls made with access keys per day (the key log's rows as they are written). */
export const keyCallDays = pgTable(
  'key_call_days',
  {
    accountId: integer('account_id').notNull(),
    day: date('day').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] }), index('key_call_days_day_idx').on(t.day)],
);

// ── sessions the operator started as another user ("sign in as") ─────────────────────

/**
 * A session the operator opened for a user to see what they see: who started it (the name kept
 * when the operator's account goes). The user's session list shows it; it ends like any session.
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    sessionId: integer('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id').references(() => accounts.id, { onDelete: 'set null' }),
    operatorName: text('operator_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId)],
);

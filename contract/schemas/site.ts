import { Type, type Static } from 'typebox';
import { Body, CacheBust, DateTime, EditBody, Id, ListQuery, LiteralUnion } from './common';
import { SITE_STATUSES } from '../statuses';

/** Where articles go: WordPress (REST API + application password), a signed webhook, or export only. */
export const SiteType = Type.Union([Type.Literal('wordpress'), Type.Literal('webhook'), Type.Literal('export')]);
export type SiteType = Static<typeof SiteType>;
export const SiteStatus = LiteralUnion(SITE_STATUSES);

/** An http(s) URL with a host; checked again on the server (scheme and host). */
export const HttpUrl = Type.String({ minLength: 8, maxLength: 500, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#]+[^\\s]*$' });

/** A language tag such as `en`, `zh-CN`, `de`. */
export const Language = Type.String({ minLength: 2, maxLength: 16, pattern: '^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$' });

export const Site = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  url: Type.String(),
  language: Type.String(),
  type: SiteType,
  status: SiteStatus,
  default_category_id: Type.Union([Type.Integer(), Type.Null()]),
  /** Whether credentials are stored; they are never sent back, only this masked hint. */
  has_credentials: Type.Boolean(),
  credentials_hint: Type.String(),
  keyword_count: Type.Integer(),
  unused_keyword_count: Type.Integer(),
  /** The last "test connection": null until tested. */
  last_check_ok: Type.Union([Type.Boolean(), Type.Null()]),
  last_check_message: Type.String(),
  last_check_at: Type.Union([DateTime, Type.Null()]),
  created_at: DateTime,
  updated_at: DateTime,
});
export type Site = Static<typeof Site>;

export const SiteListQuery = ListQuery({
  name: Type.Optional(Type.String({ maxLength: 100, description: 'part of the name' })),
});
export type SiteListQuery = Static<typeof SiteListQuery>;

const credentialFields = {
  /** WordPress: the user the application password belongs to. */
  username: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  /** WordPress: an application password (Users → Profile → Application Passwords). */
  app_password: Type.Optional(Type.String({ minLength: 8, maxLength: 200 })),
  /** Webhook: where signed posts go. */
  webhook_url: Type.Optional(HttpUrl),
  /** Webhook: the HMAC-SHA256 signing secret. */
  secret: Type.Optional(Type.String({ minLength: 16, maxLength: 200 })),
};

export const SiteAddBody = Body({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  url: HttpUrl,
  language: Type.Optional(Language),
  type: SiteType,
  status: Type.Optional(SiteStatus),
  default_category_id: Type.Optional(Type.Union([Id, Type.Null()])),
  ...credentialFields,
});
export type SiteAddBody = Static<typeof SiteAddBody>;

/** Credentials are replaced only when sent. */
export const SiteEditBody = EditBody(SiteAddBody);
export type SiteEditBody = Static<typeof SiteEditBody>;

export const SiteTestResult = Type.Object({
  ok: Type.Boolean(),
  /** Why it failed, or what was found (`Connected to WordPress as admin`). */
  message: Type.String(),
  latency_ms: Type.Integer(),
});
export type SiteTestResult = Static<typeof SiteTestResult>;

export const Keyword = Type.Object({
  id: Type.Integer(),
  site_id: Type.Integer(),
  keyword: Type.String(),
  used: Type.Boolean(),
  used_at: Type.Union([DateTime, Type.Null()]),
  created_at: DateTime,
});
export type Keyword = Static<typeof Keyword>;

export const KeywordListQuery = ListQuery({
  site_id: Id,
  used: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  keyword: Type.Optional(Type.String({ maxLength: 200, description: 'part of the keyword' })),
});
export type KeywordListQuery = Static<typeof KeywordListQuery>;

export const KeywordList = Type.Object({ list: Type.Array(Keyword), total: Type.Integer(), unused: Type.Integer() });
export type KeywordList = Static<typeof KeywordList>;

/** Lines beyond this are refused whole: split the list. */
export const MAX_KEYWORD_LINES = 10_000;
export const MAX_KEYWORD_LENGTH = 200;

/** One keyword or a pasted list, one per line; blank lines and repeats are skipped. */
export const KeywordAddBody = Body({
  site_id: Id,
  keywords: Type.String({ minLength: 1, description: `newline-separated, at most ${MAX_KEYWORD_LINES} lines` }),
});

/** Import a CSV/text file uploaded before (`upload` = the url or name the upload call returned). */
export const KeywordImportBody = Body({
  site_id: Id,
  upload: Type.String({ minLength: 1, maxLength: 300 }),
});

export const KeywordAddResult = Type.Object({
  added: Type.Integer(),
  /** Already in the site, or repeated in the list. */
  duplicates: Type.Integer(),
  /** Blank lines. */
  empty: Type.Integer(),
});
export type KeywordAddResult = Static<typeof KeywordAddResult>;

export const KeywordDelBody = Body({
  site_id: Id,
  ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }),
});

export const Category = Type.Object({
  id: Type.Integer(),
  site_id: Type.Integer(),
  /** The category's id on the site (WordPress), null for one added here. */
  remote_id: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String(),
  slug: Type.String(),
});
export type Category = Static<typeof Category>;

export const CategoryListQuery = Type.Object({ site_id: Id, ...CacheBust }, { additionalProperties: false });
export const CategoryAddBody = Body({
  site_id: Id,
  name: Type.String({ minLength: 1, maxLength: 100 }),
  slug: Type.Optional(Type.String({ maxLength: 100, pattern: '^[a-z0-9-]*$' })),
});
export const CategoryFetchBody = Body({ site_id: Id });
export const CategoryFetchResult = Type.Object({ list: Type.Array(Category), total: Type.Integer(), fetched: Type.Integer() });
export type CategoryFetchResult = Static<typeof CategoryFetchResult>;

/** A user of a WordPress site, who may be an article's author there. */
export const SiteUser = Type.Object({ id: Type.Integer(), login: Type.String(), name: Type.String() });
export type SiteUser = Static<typeof SiteUser>;
export const SiteUsersQuery = Type.Object({ site_id: Id, ...CacheBust }, { additionalProperties: false });

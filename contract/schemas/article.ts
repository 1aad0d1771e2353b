import { Type, type Static } from 'typebox';
import { Body, CacheBust, DateTime, Id, INT_TEXT_PATTERN, ListQuery, LiteralUnion } from './common';
import { ARTICLE_STATUSES } from '../statuses';
import { Language } from './site';

/** draft → ready → published (publishing sets it); failed when publishing failed. */
export const ArticleStatus = LiteralUnion(ARTICLE_STATUSES);
/** What an edit may set; `published` and `failed` come from publishing. */
export const EditableStatus = Type.Union([Type.Literal('draft'), Type.Literal('ready')]);

/**
 * One check of the SEO score: a stable `id`, which of its explanations applies (`outcome`, empty for
 * a score kept before outcomes were) and the numbers it was judged on (`values`). A console words it
 * from its own catalog; `detail` is the same explanation written in the caller's language, for API clients.
 */
export const SeoCheck = Type.Object({
  id: Type.String(),
  passed: Type.Boolean(),
  weight: Type.Integer(),
  outcome: Type.String(),
  values: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  detail: Type.String(),
});
export type SeoCheck = Static<typeof SeoCheck>;

/**
 * What a WordPress publisher chooses per article, sent with each publish of it: categories and
 * tags by name (created on the site when missing; none: the task's), the post's author (a user id
 * or login of the site; empty: the application password's user), the excerpt (empty: the meta
 * description) and the canonical URL (through Yoast's or Rank Math's field; empty: none set).
 */
export const ArticleWordPress = Type.Object(
  {
    categories: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 10 }),
    tags: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 30 }),
    author: Type.String({ maxLength: 60, pattern: '^[A-Za-z0-9 _.@-]*$' }),
    excerpt: Type.String({ maxLength: 1000 }),
    canonical_url: Type.String({ maxLength: 2000, pattern: '^(https?://[^\\s]+)?$' }),
  },
  { additionalProperties: false },
);
export type ArticleWordPress = Static<typeof ArticleWordPress>;

export const ArticleSummary = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  keyword: Type.String(),
  slug: Type.String(),
  site_id: Type.Union([Type.Integer(), Type.Null()]),
  task_id: Type.Union([Type.Integer(), Type.Null()]),
  category_id: Type.Union([Type.Integer(), Type.Null()]),
  status: ArticleStatus,
  /** generated | imported | manual */
  source: Type.String(),
  /** `offline` for the built-in writer's drafts, else the model's name; empty for articles written by hand. */
  writer: Type.String(),
  /**
   * `brief`: the built-in offline writer's plan (writer `offline`), never to be published to a live
   * site (a draft on the target at most); `article`: anything else.
   */
  kind: Type.Union([Type.Literal('article'), Type.Literal('brief')]),
  seo_score: Type.Integer(),
  word_count: Type.Integer(),
  cover_url: Type.String(),
  /** A queued refresh of it waits or runs (see /article/refresh/bulk). */
  refreshing: Type.Boolean(),
  created_at: DateTime,
  updated_at: DateTime,
});
export type ArticleSummary = Static<typeof ArticleSummary>;

export const ArticleDetail = Type.Object({
  ...ArticleSummary.properties,
  language: Type.String(),
  meta_title: Type.String(),
  meta_description: Type.String(),
  /** Sanitised HTML. */
  body: Type.String(),
  outline: Type.Array(Type.String()),
  faq: Type.Array(Type.Object({ question: Type.String(), answer: Type.String() })),
  images: Type.Array(Type.Object({ url: Type.String(), alt: Type.String() })),
  seo_checks: Type.Array(SeoCheck),
  wordpress: ArticleWordPress,
});
export type ArticleDetail = Static<typeof ArticleDetail>;

/**
 * Newest first. `page` for the console's pager; for deep lists pass the `next_cursor` of the page
 * before as `cursor` instead (keyset paging: as fast on page 2,000 as on page 1).
 */
export const ArticleListQuery = ListQuery({
  cursor: Type.Optional(Type.String({ maxLength: 10, pattern: INT_TEXT_PATTERN })),
  title: Type.Optional(Type.String({ maxLength: 200, description: 'part of the title' })),
  keyword: Type.Optional(Type.String({ maxLength: 200, description: 'part of the keyword' })),
  site_id: Type.Optional(Id),
  task_id: Type.Optional(Id),
  status: Type.Optional(ArticleStatus),
  date_from: Type.Optional(
    Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}:\\d{2})?$', description: 'YYYY-MM-DD[ HH:mm:ss], inclusive' }),
  ),
  date_to: Type.Optional(
    Type.String({
      pattern: '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}:\\d{2})?$',
      description: 'YYYY-MM-DD (the whole day) or a time, inclusive',
    }),
  ),
});
export type ArticleListQuery = Static<typeof ArticleListQuery>;

export const ArticleList = Type.Object({
  list: Type.Array(ArticleSummary),
  total: Type.Integer(),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: Type.Union([Type.String(), Type.Null()]),
});
export type ArticleList = Static<typeof ArticleList>;

export const ArticleFormat = Type.Union([Type.Literal('html'), Type.Literal('markdown')]);

const Title = Type.String({ minLength: 1, maxLength: 300 });
/** Lowercase latin letters and digits, other letters as percent-encoded UTF-8 (WordPress's form), joined by hyphens. */
const Slug = Type.String({ maxLength: 200, pattern: '^(?:[a-z0-9]|%[0-9a-f]{2})+(?:-(?:[a-z0-9]|%[0-9a-f]{2})+)*$' });
const fields = {
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  slug: Type.Optional(Slug),
  meta_title: Type.Optional(Type.String({ maxLength: 120 })),
  meta_description: Type.Optional(Type.String({ maxLength: 320 })),
  site_id: Type.Optional(Type.Union([Id, Type.Null()])),
  category_id: Type.Optional(Type.Union([Id, Type.Null()])),
  language: Type.Optional(Language),
  /** Only the fields given change. */
  wordpress: Type.Optional(Type.Partial(ArticleWordPress, { additionalProperties: false })),
};

export const ArticleAddBody = Body({
  title: Title,
  body: Type.String({ minLength: 1, maxLength: 500_000 }),
  format: Type.Optional(ArticleFormat),
  status: Type.Optional(EditableStatus),
  ...fields,
});
export type ArticleAddBody = Static<typeof ArticleAddBody>;

export const ArticleEditBody = Body({
  id: Id,
  title: Type.Optional(Title),
  body: Type.Optional(Type.String({ minLength: 1, maxLength: 500_000 })),
  format: Type.Optional(ArticleFormat),
  status: Type.Optional(EditableStatus),
  ...fields,
});
export type ArticleEditBody = Static<typeof ArticleEditBody>;

/**
 * A Markdown or HTML document becomes a draft: its first H1 (or first line) is the title. Send the
 * text as `content`, or `upload` (the url common/upload returned for type "article").
 */
export const ArticleImportBody = Body({
  content: Type.Optional(Type.String({ minLength: 1, maxLength: 500_000 })),
  upload: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
  format: Type.Optional(ArticleFormat),
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  site_id: Type.Optional(Type.Union([Id, Type.Null()])),
});

export const ArticleCodeQuery = Type.Object({ id: Id, ...CacheBust }, { additionalProperties: false });
export const ArticleDetailQuery = ArticleCodeQuery;

/** What to paste into a page: the HTML, and the JSON-LD (Article, and FAQPage with questions). */
export const ArticleCode = Type.Object({
  html: Type.String(),
  json_ld: Type.String(),
  json_ld_objects: Type.Array(Type.Unknown()),
});

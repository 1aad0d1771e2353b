import { Type, type Static } from 'typebox';
import { Body, CacheBust, DateTime, Id, ListQuery, LiteralUnion } from './common';
import { ARTICLE_VERSION_SOURCES } from '../statuses';

/** A text the article had, kept when `source` (an edit, a refresh, a restore) replaced it. */
export const ArticleVersion = Type.Object({
  number: Type.Integer(),
  title: Type.String(),
  source: LiteralUnion(ARTICLE_VERSION_SOURCES),
  created_at: DateTime,
  /** Who made the change; empty when that account is gone. */
  created_by: Type.String(),
});
export type ArticleVersion = Static<typeof ArticleVersion>;

export const ArticleVersionListQuery = ListQuery({
  article_id: Id,
});
export type ArticleVersionListQuery = Static<typeof ArticleVersionListQuery>;

export const ArticleVersionList = Type.Object({ list: Type.Array(ArticleVersion), total: Type.Integer() });
export type ArticleVersionList = Static<typeof ArticleVersionList>;

export const ArticleVersionQuery = Type.Object(
  { article_id: Id, number: Type.Integer({ minimum: 1, maximum: 1_000_000 }), ...CacheBust },
  { additionalProperties: false },
);
export type ArticleVersionQuery = Static<typeof ArticleVersionQuery>;

/** A run of text the same in both (neither flag), only in the version (`removed`) or only in the current text (`added`). */
export const DiffPart = Type.Object({
  value: Type.String(),
  added: Type.Boolean(),
  removed: Type.Boolean(),
});
export type DiffPart = Static<typeof DiffPart>;

export const VERSION_FIELDS = ['title', 'meta_title', 'meta_description', 'body'] as const;

/** How a field of the version (before) differs from the current text (after); the body as Markdown, line by line. */
export const FieldDiff = Type.Object({
  field: LiteralUnion(VERSION_FIELDS),
  changed: Type.Boolean(),
  parts: Type.Array(DiffPart),
});
export type FieldDiff = Static<typeof FieldDiff>;

export const ArticleVersionDetail = Type.Object({
  ...ArticleVersion.properties,
  meta_title: Type.String(),
  meta_description: Type.String(),
  /** Sanitised HTML. */
  body: Type.String(),
  diff: Type.Array(FieldDiff),
});
export type ArticleVersionDetail = Static<typeof ArticleVersionDetail>;

export const ArticleVersionRestoreBody = Body({ article_id: Id, number: Type.Integer({ minimum: 1, maximum: 1_000_000 }) });
export type ArticleVersionRestoreBody = Static<typeof ArticleVersionRestoreBody>;

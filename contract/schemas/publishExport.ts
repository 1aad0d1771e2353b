import { Type, type Static } from 'typebox';
import { CacheBust, ID_LIST_PATTERN, Id } from './common';
import { ArticleStatus } from './article';

/* Export: articles downloaded as a ZIP of HTML and Markdown with their images, or as a WordPress WXR file. */

export const ExportFormat = Type.Union([Type.Literal('zip'), Type.Literal('wxr')]);

/** At most this many articles in one download. */
export const MAX_EXPORT_ARTICLES = 1000;

/**
 * Which articles: `article_ids` (comma-separated), else the articles of publishing task `task_id`,
 * else every article matching the filters (`site_id`, `status`, `title`), newest first.
 */
export const ExportQuery = Type.Object(
  {
    format: ExportFormat,
    article_ids: Type.Optional(Type.String({ maxLength: 11_000, pattern: ID_LIST_PATTERN, description: 'comma-separated article ids' })),
    task_id: Type.Optional(Id),
    site_id: Type.Optional(Id),
    status: Type.Optional(ArticleStatus),
    title: Type.Optional(Type.String({ maxLength: 200, description: 'part of the title' })),
    /** WXR: what the posts become when imported; draft unless asked. */
    post_status: Type.Optional(Type.Union([Type.Literal('draft'), Type.Literal('publish')])),
    ...CacheBust,
  },
  { additionalProperties: false },
);
export type ExportQuery = Static<typeof ExportQuery>;

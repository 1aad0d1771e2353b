import { Type, type Static } from 'typebox';
import { Body, CacheBust, DateTime, Id } from './common';

/** A link between two articles of a site: chosen when its source was published, or added to an older post. */
export const InternalLink = Type.Object({
  id: Type.Integer(),
  site_id: Type.Integer(),
  source_article_id: Type.Integer(),
  /** The title of the article whose post carries the link. */
  source_title: Type.String(),
  /** Null once the target article is deleted (the link is then broken). */
  target_article_id: Type.Union([Type.Integer(), Type.Null()]),
  /** The title of the article it points at; null once that article is deleted. */
  target_title: Type.Union([Type.String(), Type.Null()]),
  target_url: Type.String(),
  anchor: Type.String(),
  /** related: in the article when it was published; backlink: added to an older post afterwards. */
  kind: Type.Union([Type.Literal('related'), Type.Literal('backlink')]),
  created_at: DateTime,
  undone_at: Type.Union([DateTime, Type.Null()]),
  /** Whether the source's live post links to target_url, as the site was last read back; null: not read back. */
  on_site: Type.Union([Type.Boolean(), Type.Null()]),
});
export type InternalLink = Static<typeof InternalLink>;

export const InternalLinkListQuery = Type.Object(
  { site_id: Id, article_id: Type.Optional(Id), ...CacheBust },
  { additionalProperties: false },
);
export type InternalLinkListQuery = Static<typeof InternalLinkListQuery>;

export const InternalLinkUndoBody = Body({ id: Id });

export const LinkReportQuery = Type.Object({ site_id: Id, ...CacheBust }, { additionalProperties: false });

/** A site's internal linking: live pages no other page links to, and links to pages no longer live. */
export const LinkReport = Type.Object({
  orphans: Type.Array(Type.Object({ article_id: Type.Integer(), title: Type.String(), url: Type.String() })),
  broken: Type.Array(
    Type.Object({
      link_id: Type.Integer(),
      source_article_id: Type.Integer(),
      source_title: Type.String(),
      source_url: Type.String(),
      target_article_id: Type.Union([Type.Integer(), Type.Null()]),
      target_title: Type.Union([Type.String(), Type.Null()]),
      target_url: Type.String(),
      anchor: Type.String(),
    }),
  ),
});
export type LinkReport = Static<typeof LinkReport>;

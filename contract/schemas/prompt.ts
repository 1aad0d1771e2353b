import { Type, type Static } from 'typebox';
import { Body, DateTime, Id, ListQuery } from './common';

/** What a template writes: the article body, its outline, its meta data, or its FAQ. */
export const PromptKind = Type.Union([Type.Literal('article'), Type.Literal('outline'), Type.Literal('meta'), Type.Literal('faq')]);
export type PromptKind = Static<typeof PromptKind>;
export const PROMPT_KINDS = ['article', 'outline', 'meta', 'faq'] as const;

/** The variables a template may use, written `{name}`; anything else in braces is refused by name. */
export const PROMPT_VARIABLES = ['keyword', 'title', 'language', 'site', 'word_count', 'outline'] as const;
export type PromptVariable = (typeof PROMPT_VARIABLES)[number];

export const Prompt = Type.Object({
  id: Type.Integer(),
  kind: PromptKind,
  name: Type.String(),
  content: Type.String(),
  /** Built-in defaults: one per kind, read-only, used where a task names no prompt of that kind. */
  built_in: Type.Boolean(),
  /** The variables the template uses. */
  variables: Type.Array(Type.String()),
  created_at: DateTime,
  updated_at: DateTime,
});
export type Prompt = Static<typeof Prompt>;

export const PromptListQuery = ListQuery({
  kind: Type.Optional(PromptKind),
});
export type PromptListQuery = Static<typeof PromptListQuery>;

const Content = Type.String({ minLength: 1, maxLength: 20_000 });

export const PromptAddBody = Body({ kind: PromptKind, name: Type.String({ minLength: 1, maxLength: 100 }), content: Content });
export const PromptEditBody = Body({
  id: Id,
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  content: Type.Optional(Content),
});

/** Fills a template (`content`, or the saved prompt `id`) with sample values, or the `values` given. */
export const PromptPreviewBody = Body({
  id: Type.Optional(Id),
  content: Type.Optional(Content),
  values: Type.Optional(
    Type.Object(
      {
        keyword: Type.Optional(Type.String({ maxLength: 200 })),
        title: Type.Optional(Type.String({ maxLength: 300 })),
        language: Type.Optional(Type.String({ maxLength: 16 })),
        site: Type.Optional(Type.String({ maxLength: 100 })),
        word_count: Type.Optional(Type.String({ maxLength: 10 })),
        outline: Type.Optional(Type.String({ maxLength: 5000 })),
      },
      { additionalProperties: false },
    ),
  ),
});
export const PromptPreview = Type.Object({ text: Type.String(), variables: Type.Array(Type.String()) });

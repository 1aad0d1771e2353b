import { Type, type TSchema, type Static } from 'typebox';

/** The response envelope of every call (DESIGN.md §3). */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Integer(), msg: Type.String(), data });

export const ErrorEnvelope = Type.Object({
  code: Type.Integer(),
  msg: Type.String(),
  data: Type.Null(),
});

/**
 * The timestamp the console adds to every GET (spec §7) so no cache answers it. Query schemas
 * that refuse unknown fields spread this in, so the parameter is accepted and ignored.
 */
export const CacheBust = {
  _t: Type.Optional(Type.String({ maxLength: 32, description: 'cache-busting timestamp, ignored' })),
};

/** `?page=1&page_size=20`, page_size at most 100. */
export const PageQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    ...CacheBust,
  },
  { additionalProperties: false },
);

export const ListOf = <T extends TSchema>(item: T) =>
  Type.Object({ list: Type.Array(item), total: Type.Integer() });

export const Id = Type.Integer({ minimum: 1 });
export const IdBody = Type.Object({ id: Id }, { additionalProperties: false });
export type IdBody = Static<typeof IdBody>;

/** Date-times travel as `YYYY-MM-DD HH:mm:ss` (spec §5). */
export const DateTime = Type.String({ description: 'YYYY-MM-DD HH:mm:ss' });

export const Empty = Type.Null();

/** A closed object: unknown fields are refused with HTTP 400. */
export const Body = <P extends Record<string, TSchema>>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });

import { Type, type TLiteral, type TObject, type TOptional, type TSchema, type TUnion, type Static } from 'typebox';

/** The response envelope of every call (DESIGN.md §3). */
export const Envelope = <T extends TSchema>(data: T) => Type.Object({ code: Type.Integer(), msg: Type.String(), data });

/**
 * A union of the string literals of a list (the statuses of `contract/statuses.ts`): the same
 * `anyOf` of `const`s as one `Type.Literal` per value, so the list is written once.
 */
export function LiteralUnion<const T extends readonly string[]>(values: T): TUnion<{ -readonly [K in keyof T]: TLiteral<T[K]> }> {
  return Type.Union(values.map((v) => Type.Literal(v))) as never;
}

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

/**
 * A CSV download's header line: the columns' names in the caller's language (`Accept-Language`,
 * then the account's language, English last), or with `?headers=keys` the stable English keys an
 * API client finds its columns by.
 */
export const CsvHeaders = {
  headers: Type.Optional(
    Type.Literal('keys', {
      description:
        "`keys`: the header line holds the columns' stable English keys (`balance_after`). Without it the headers are worded in the caller's language: Accept-Language, then the account's preferred language, then English.",
    }),
  ),
};

/** A list's query, taken by its CSV download too, with the header choice (`?headers=keys`). */
export const CsvQuery = <T extends TObject>(query: T) =>
  Type.Object({ ...(query.properties as T['properties']), ...CsvHeaders }, { additionalProperties: false });

/** `?page=1&page_size=20`, page_size at most 100. */
const Page = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
};

/** A list's query: its `filters`, the page, and the cache-busting timestamp; any other field is refused. */
export const ListQuery = <P extends Record<string, TSchema>>(filters: P) =>
  Type.Object({ ...Page, ...filters, ...CacheBust }, { additionalProperties: false });

export const PageQuery = ListQuery({});

export const ListOf = <T extends TSchema>(item: T) => Type.Object({ list: Type.Array(item), total: Type.Integer() });
/** A page of a list, as ListOf(item) sends it. */
export interface List<T> {
  list: T[];
  total: number;
}

/** The largest id: ids are PostgreSQL `integer` columns (a larger one is refused with 400, never a 500). */
export const MAX_ID = 2147483647;
export const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
/** An id or 0 (none, or "from the start"). */
export const IdOrZero = Type.Integer({ minimum: 0, maximum: MAX_ID });

/**
 * A regular expression for the decimal numbers 0..max without leading zeros: for numbers that
 * travel as text (cursors, multipart fields), so a value past an integer column is refused too.
 */
export function digitsAtMost(max: number): string {
  return `^${numberAtMost(max)}$`;
}

/** The unanchored group of {@link digitsAtMost}. */
function numberAtMost(max: number): string {
  const m = String(max);
  const alts = m.length > 1 ? [`0`, `[1-9][0-9]{0,${m.length - 2}}`] : [`0`];
  for (let i = 0; i < m.length; i++) {
    const d = Number(m[i]);
    const low = i === 0 ? 1 : 0;
    const rest = m.length - i - 1;
    const tail = rest ? `[0-9]{${rest}}` : '';
    if (i === m.length - 1) alts.push(`${m.slice(0, i)}[${low}-${d}]`);
    else if (d > low) alts.push(`${m.slice(0, i)}[${low}-${d - 1}]${tail}`);
  }
  return `(?:${alts.join('|')})`;
}

/** A number as text, `0`..`2147483647`. */
export const INT_TEXT_PATTERN = digitsAtMost(MAX_ID);
/** Ids as comma-separated text (`3,17,42`), each `1`..`2147483647`. */
export const ID_LIST_PATTERN = `^(?!0)${numberAtMost(MAX_ID)}(?:,(?!0)${numberAtMost(MAX_ID)})*$`;
export const IdBody = Type.Object({ id: Id }, { additionalProperties: false });
export type IdBody = Static<typeof IdBody>;

/** Date-times travel as `YYYY-MM-DD HH:mm:ss` (spec §5). */
export const DateTime = Type.String({ description: 'YYYY-MM-DD HH:mm:ss' });

export const Empty = Type.Null();

/** A closed object: unknown fields are refused with HTTP 400. */
export const Body = <P extends Record<string, TSchema>>(properties: P) => Type.Object(properties, { additionalProperties: false });

/**
 * An edit's body: the row's id and any field of its add body; absent fields stay as they are.
 * `changes` holds the fields an edit takes otherwise (one that null clears).
 */
export const EditBody = <P extends Record<string, TSchema>, C extends Record<string, TSchema> = Record<never, TSchema>>(
  add: TObject<P>,
  changes?: C,
) => Body({ id: Id, ...(Type.Partial(add).properties as { [K in keyof P]: TOptional<P[K]> }), ...(changes as C) });

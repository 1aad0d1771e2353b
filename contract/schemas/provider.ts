import { Type, type Static } from 'typebox';
import { Body, CacheBust } from './common';
import { HttpUrl } from './site';

/** A provider's limit; null: not set (the server's, or learned from the provider's answers). */
const Limit = (maximum: number) => Type.Union([Type.Integer({ minimum: 1, maximum }), Type.Null()]);
export const ProviderLimits = Type.Object({
  llm_requests_per_minute: Limit(1_000_000),
  llm_tokens_per_minute: Limit(1_000_000_000),
  llm_max_concurrency: Limit(10_000),
  image_requests_per_minute: Limit(1_000_000),
  image_max_concurrency: Limit(10_000),
});
export type ProviderLimits = Static<typeof ProviderLimits>;

/**
 * The account's own model services. Empty base URL: the server's configuration (environment)
 * applies, and without that the embedded offline writer and cover renderer. Keys are write-only.
 */
export const ProviderSettings = Type.Object({
  llm_base_url: Type.String(),
  llm_model: Type.String(),
  llm_api_key_hint: Type.String(),
  image_base_url: Type.String(),
  image_model: Type.String(),
  image_api_key_hint: Type.String(),
  /** What the account's next articles will be written with. */
  effective: Type.Object({
    writer: Type.String({ description: '`offline`, or the model name' }),
    writer_source: Type.Union([Type.Literal('account'), Type.Literal('server'), Type.Literal('embedded')]),
    images: Type.String({ description: '`cover-renderer`, or the image model name' }),
    images_source: Type.Union([Type.Literal('account'), Type.Literal('server'), Type.Literal('embedded')]),
  }),
  /** The account's own limits (null: not set). */
  limits: ProviderLimits,
  /** The limits its articles are throttled by (its own, else the server's for the server's service). */
  effective_limits: ProviderLimits,
});
export type ProviderSettings = Static<typeof ProviderSettings>;

export const ProviderQuery = Type.Object({ ...CacheBust }, { additionalProperties: false });

const UrlOrEmpty = Type.Union([HttpUrl, Type.Literal('')]);
/** Absent fields stay; an empty base URL goes back to the server's configuration; a key of null is removed. */
export const ProviderSetBody = Body({
  llm_base_url: Type.Optional(UrlOrEmpty),
  llm_model: Type.Optional(Type.String({ maxLength: 100 })),
  llm_api_key: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 500 }), Type.Null()])),
  image_base_url: Type.Optional(UrlOrEmpty),
  image_model: Type.Optional(Type.String({ maxLength: 100 })),
  image_api_key: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 500 }), Type.Null()])),
  /** Absent fields stay; null clears; 0, negative or past the maximum is refused (400). */
  limits: Type.Optional(Type.Partial(ProviderLimits, { additionalProperties: false })),
});
export type ProviderSetBody = Static<typeof ProviderSetBody>;

/**
 * Test connection: one tiny chat completion with the fields given, the saved ones filling what is
 * left out (the saved key when no key is sent). Nothing is saved.
 */
export const ProviderTestBody = Body({
  llm_base_url: Type.Optional(HttpUrl),
  llm_model: Type.Optional(Type.String({ maxLength: 100 })),
  llm_api_key: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
});
export type ProviderTestBody = Static<typeof ProviderTestBody>;

export const ProviderTestResult = Type.Object({
  model: Type.String(),
  /** The start of what the model answered. */
  reply: Type.String(),
  latency_ms: Type.Integer(),
});
export type ProviderTestResult = Static<typeof ProviderTestResult>;

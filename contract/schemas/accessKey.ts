import { Type, type Static } from 'typebox';
import { Body, CsvQuery, DateTime, EditBody, ListOf, ListQuery } from './common';

/**
 * API access keys. A key acts as its owner's account with its scopes; each API route
 * names the scope it needs in its config (`keyScope`), and a route without one refuses keys.
 */
export const KEY_SCOPES = ['read', 'generate', 'publish', 'sites'] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

/** Every secret starts so: the server tells keys from session tokens by it. */
export const KEY_SECRET_PREFIX = 'ink_';
/** The visible part of a secret kept and shown: `ink_` and 8 characters. */
export const KEY_PREFIX_LENGTH = 12;
/** The longest rotation grace period: 7 days. */
export const KEY_MAX_GRACE_SECONDS = 7 * 86_400;
export const KEY_MAX_IPS = 50;

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Scope = Type.Union([Type.Literal('read'), Type.Literal('generate'), Type.Literal('publish'), Type.Literal('sites')]);
const Scopes = Type.Array(Scope, { minItems: 1, maxItems: KEY_SCOPES.length, uniqueItems: true });
/** An IPv4/IPv6 address or a CIDR range. */
const IpEntry = Type.String({ minLength: 2, maxLength: 64 });
const ExpiresAt = Type.Union([DateTime, Type.Null()], { description: 'YYYY-MM-DD HH:mm:ss, or null: never' });

export const AccessKey = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  prefix: Type.String(),
  scopes: Type.Array(Scope),
  allowed_ips: Type.Array(Type.String()),
  rate_limit: Type.Integer({ description: 'requests a minute' }),
  expires_at: Type.Union([DateTime, Type.Null()]),
  status: Type.Union([Type.Literal('active'), Type.Literal('disabled'), Type.Literal('expired')]),
  /** While a rotated key's previous secret still works. */
  old_secret_ends_at: Type.Union([DateTime, Type.Null()]),
  created_at: DateTime,
  last_used_at: Type.Union([DateTime, Type.Null()]),
  last_used_ip: Type.Union([Type.String(), Type.Null()]),
});
export type AccessKey = Static<typeof AccessKey>;

/** A key with its secret: the only answer that carries it (add and rotate). */
export const AccessKeyWithSecret = Type.Object({ key: AccessKey, secret: Type.String() });
export type AccessKeyWithSecret = Static<typeof AccessKeyWithSecret>;

export const AccessKeyListQuery = ListQuery({});
export type AccessKeyListQuery = Static<typeof AccessKeyListQuery>;
export const AccessKeyList = ListOf(AccessKey);

export const AccessKeyAddBody = Body({
  name: Type.String({ minLength: 1, maxLength: 64 }),
  scopes: Scopes,
  expires_at: Type.Optional(ExpiresAt),
  allowed_ips: Type.Optional(Type.Array(IpEntry, { maxItems: KEY_MAX_IPS })),
  rate_limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'requests a minute; default KEY_RATE_LIMIT' })),
});
export type AccessKeyAddBody = Static<typeof AccessKeyAddBody>;

export const AccessKeyEditBody = EditBody(AccessKeyAddBody, {
  /** null: back to the default (KEY_RATE_LIMIT). */
  rate_limit: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 1_000_000 }), Type.Null()])),
});
export type AccessKeyEditBody = Static<typeof AccessKeyEditBody>;

export const AccessKeyStatusBody = Body({ id: Id, disabled: Type.Boolean() });
export type AccessKeyStatusBody = Static<typeof AccessKeyStatusBody>;

export const AccessKeyRotateBody = Body({
  id: Id,
  /** How long the previous secret keeps working; 0: it ends now. */
  grace_seconds: Type.Optional(Type.Integer({ minimum: 0, maximum: KEY_MAX_GRACE_SECONDS, default: 0 })),
});
export type AccessKeyRotateBody = Static<typeof AccessKeyRotateBody>;

export const KeyLogQuery = ListQuery({
  key_id: Type.Optional(Id),
  /** An exact HTTP status (e.g. 429), or a class: 2, 4 or 5 for 2xx, 4xx, 5xx. */
  status: Type.Optional(Type.Integer({ minimum: 1, maximum: 599 })),
  /** YYYY-MM-DD or YYYY-MM-DD HH:mm:ss, from (inclusive). */
  from: Type.Optional(Type.String({ maxLength: 19, pattern: '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}:\\d{2})?$' })),
  /** YYYY-MM-DD (the whole day) or YYYY-MM-DD HH:mm:ss, to (inclusive). */
  to: Type.Optional(Type.String({ maxLength: 19, pattern: '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}:\\d{2})?$' })),
});
/** The key log's CSV download: the log's filters, and the header choice. */
export const KeyLogExportQuery = CsvQuery(KeyLogQuery);
export type KeyLogQuery = Static<typeof KeyLogQuery>;

export const KeyLogEntry = Type.Object({
  id: Type.Integer(),
  created_at: DateTime,
  key_id: Type.Integer(),
  key_name: Type.String(),
  key_prefix: Type.String(),
  method: Type.String(),
  path: Type.String(),
  status: Type.Integer(),
  ip: Type.Union([Type.String(), Type.Null()]),
  duration_ms: Type.Integer(),
  points: Type.Integer(),
});
export type KeyLogEntry = Static<typeof KeyLogEntry>;
export const KeyLogList = Type.Object({ list: Type.Array(KeyLogEntry), total: Type.Integer(), retention_days: Type.Integer() });
export type KeyLogList = Static<typeof KeyLogList>;

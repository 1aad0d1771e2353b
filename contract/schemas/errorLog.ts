import { Type, type Static } from 'typebox';
import { ERROR_LOG_FIELD_LIMITS } from '../errorLogLimits';
import { DateTime, ListQuery } from './common';

export { ERROR_LOG_FIELD_LIMITS };

/** At most this many entries in one POST error_log/add. */
export const ERROR_LOG_BATCH_LIMIT = 50;

/** The longest keyword the list accepts. */
export const ERROR_LOG_KEYWORD_LIMIT = 200;

export const ERROR_LOG_TYPES = ['ajax', 'vue', 'script', 'promise', 'resource'] as const;
export type ErrorLogType = (typeof ERROR_LOG_TYPES)[number];

const text = (maxLength: number) => Type.String({ maxLength });

export const ErrorLogTypeField = Type.Union([
  Type.Literal('ajax'),
  Type.Literal('vue'),
  Type.Literal('script'),
  Type.Literal('promise'),
  Type.Literal('resource'),
]);

/** Spec §3 "Error log entry", as the console records it. */
export const ErrorLogInput = Type.Object(
  {
    message: text(ERROR_LOG_FIELD_LIMITS.message),
    type: ErrorLogTypeField,
    url: text(ERROR_LOG_FIELD_LIMITS.url),
    name: text(ERROR_LOG_FIELD_LIMITS.name),
    file: text(ERROR_LOG_FIELD_LIMITS.file),
    stack: text(ERROR_LOG_FIELD_LIMITS.stack),
    detail: text(ERROR_LOG_FIELD_LIMITS.detail),
    /** When the console saw it (ISO 8601, the browser's clock). */
    time: text(ERROR_LOG_FIELD_LIMITS.time),
  },
  { additionalProperties: false },
);
export type ErrorLogInput = Static<typeof ErrorLogInput>;

export const ErrorLogAddBody = Type.Object(
  { entries: Type.Array(ErrorLogInput, { minItems: 1, maxItems: ERROR_LOG_BATCH_LIMIT }) },
  { additionalProperties: false },
);
export type ErrorLogAddBody = Static<typeof ErrorLogAddBody>;

export const ErrorLogAdded = Type.Object({ added: Type.Integer() });

export const ErrorLogListQuery = ListQuery({
  /** 1: everyone's entries (role admin only). */
  all: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  /** Only entries of this type. */
  type: Type.Optional(ErrorLogTypeField),
  keyword: Type.Optional(
    Type.String({ maxLength: ERROR_LOG_KEYWORD_LIMIT, description: 'part of the message, url, name or file (case-insensitive)' }),
  ),
});
export type ErrorLogListQuery = Static<typeof ErrorLogListQuery>;

export const ErrorLogRecord = Type.Object({
  id: Type.Integer(),
  ...ErrorLogInput.properties,
  /** Who reported it. */
  username: Type.String(),
  /** When the server received it. */
  created_at: DateTime,
});
export type ErrorLogRecord = Static<typeof ErrorLogRecord>;

export const ErrorLogList = Type.Object({ list: Type.Array(ErrorLogRecord), total: Type.Integer() });
export type ErrorLogList = Static<typeof ErrorLogList>;

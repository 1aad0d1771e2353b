/**
 * How long an error-log entry's fields may be (characters), apart from the schemas: the console
 * cuts each entry it records to these from its first screen, which should not carry the schema
 * builder (typebox) for it.
 */
export const ERROR_LOG_FIELD_LIMITS = {
  message: 2_000,
  url: 2_000,
  name: 500,
  file: 2_000,
  stack: 8_000,
  detail: 8_000,
  time: 40,
} as const;

import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { TSchema } from 'typebox';
import { hasMessage, label, message, type LabelledForm, type Message, type MessageKey, type MessageParams } from '../i18n/messages';
import type { DeferredCompiles } from './deferredCompiles';
import { invalid, type DomainError } from '../domain/errors';

/**
 * Every input is checked against the shared contract (contract/schemas). Bodies are taken as
 * sent: a wrong type or an unknown field is refused, never coerced or silently dropped.
 * Query strings and path params are text by nature, so there numbers are read from strings.
 * Every error is collected, so that an answer names each wrong field, not only the first.
 */
const makeAjv = (coerceTypes: boolean) => {
  const ajv = new Ajv({ coerceTypes, useDefaults: true, removeAdditional: false, allErrors: true, strict: false });
  addFormats.default(ajv);
  return ajv;
};
const bodyAjv = makeAjv(false);
const textAjv = makeAjv(true);

/**
 * A route's validator is compiled on its first request, or soon after the server listens
 * (`deferred`), not before it listens. Compiling the 182 route schemas up front was about a fifth
 * of the server's start; one route's schema takes a millisecond or two. The fuzz and
 * permission-matrix suites call every route, so a schema ajv refuses still fails a test.
 */
export function lazyValidatorCompiler(deferred?: DeferredCompiles): FastifySchemaCompiler<TSchema> {
  return ({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? bodyAjv : textAjv;
    let compiled: ValidateFunction | undefined;
    const compile = () => (compiled ??= ajv.compile(schema));
    deferred?.add(compile);
    const validate = (data: unknown) => {
      const valid = compile()(data);
      validate.errors = compiled!.errors;
      return valid;
    };
    validate.errors = null as ValidateFunction['errors'];
    return validate;
  };
}

/** A validator compiled on first use, for a check a route makes itself (the site import's rows). */
export const validatorCompiler = lazyValidatorCompiler();

/** At most this many wrong fields are named in one answer: enough to fix a form, not a wall of text. */
const MAX_FIELDS = 5;

const PARTS = new Set(['body', 'querystring', 'params', 'headers']);
const TYPES = new Set(['string', 'integer', 'number', 'boolean', 'array', 'object', 'null']);
/**
 * What a value should look like, in the reader's words: a field's exact form (`shapes.<field>`:
 * "YYYY-MM-DD HH:mm:ss", "6 digits") is named for any check of its text; the characters it may
 * hold (`hints.<field>`) only when its pattern or format is what failed.
 */
const catalogued = (key: string): Message | null => (hasMessage(key) ? message(key as MessageKey) : null);
const shapeOf = (name: string | null) => (name === null ? null : catalogued(`shapes.${name}`));

/** `/prompt_ids/article` → the field's label; `/keywords/3` → "Keywords item 4"; the root → "the request body". */
function fieldOf(segments: readonly string[], part: string, form?: LabelledForm): { name: string | null; field: MessageParams[string] } {
  const named = segments.filter((segment) => !/^\d+$/.test(segment));
  const name = named.at(-1) ?? null;
  if (name === null) return { name, field: message(PARTS.has(part) ? (`validation.part.${part}` as MessageKey) : 'validation.part.body') };
  const dotted = named.join('.');
  const field = label(hasMessage(`fields.${dotted}`) ? dotted : name, form);
  const last = segments.at(-1)!;
  return { name, field: /^\d+$/.test(last) ? message('validation.item', { field, n: Number(last) + 1 }) : field };
}

const decode = (segment: string) => segment.replaceAll('~1', '/').replaceAll('~0', '~');
const pathOf = (error: ErrorObject) => {
  const segments = error.instancePath.split('/').slice(1).map(decode);
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') segments.push(String(params.missingProperty));
  return segments;
};

/** The keywords that bound a number or a list, each worded with the field and its limit. */
const BOUNDS: Partial<Record<string, MessageKey>> = {
  minimum: 'validation.minimum',
  exclusiveMinimum: 'validation.above',
  maximum: 'validation.maximum',
  exclusiveMaximum: 'validation.below',
  minItems: 'validation.minItems',
  maxItems: 'validation.maxItems',
};

/** What one field got wrong, from ajv's errors about it (a union gives one per branch). */
function describeField(errors: readonly ErrorObject[], part: string, form?: LabelledForm): Message {
  const { name, field } = fieldOf(pathOf(errors[0]), part, form);
  const shape = shapeOf(name);
  const allowed = errors.flatMap((e) =>
    e.keyword === 'const'
      ? [(e.params as { allowedValue: unknown }).allowedValue]
      : e.keyword === 'enum'
        ? (e.params as { allowedValues: unknown[] }).allowedValues
        : [],
  );
  if (allowed.length > 0) return message('validation.oneOf', { field, values: allowed.map((v) => JSON.stringify(v)).join(', ') });
  const specific = errors.find((e) => e.keyword !== 'type' && e.keyword !== 'anyOf' && e.keyword !== 'oneOf');
  if (!specific) {
    const types = errors.filter((e) => e.keyword === 'type').flatMap((e) => String((e.params as { type: string }).type).split(','));
    const known = [...new Set(types)].filter((type) => TYPES.has(type));
    if (known.length === 0) return message('validation.invalid', { field });
    const type = known.map((t) => message(`validation.type.${t}` as MessageKey)).reduce((a, b) => message('validation.or', { a, b }));
    return message('validation.typeExpected', { field, type });
  }
  const limit = (specific.params as { limit?: number }).limit ?? 0;
  switch (specific.keyword) {
    case 'required':
      return message('validation.required', { field });
    case 'minLength':
      if (shape) return message('validation.format', { field, hint: shape });
      return limit <= 1 ? message('validation.empty', { field }) : message('validation.minLength', { field, limit });
    case 'maxLength':
      return shape ? message('validation.format', { field, hint: shape }) : message('validation.maxLength', { field, limit });
    case 'pattern':
    case 'format': {
      if (shape) return message('validation.format', { field, hint: shape });
      const hint = name === null ? null : catalogued(`hints.${name}`);
      return hint ? message('validation.hint', { field, hint }) : message('validation.badFormat', { field });
    }
    case 'uniqueItems':
      return message('validation.uniqueItems', { field });
    default: {
      const key = BOUNDS[specific.keyword];
      return key ? message(key, { field, limit }) : message('validation.invalid', { field });
    }
  }
}

/**
 * What a person can act on: each wrong field by its label in the reader's language and what is
 * expected of it ("Publish time must look like YYYY-MM-DD HH:mm:ss"); never a JSON pointer or
 * ajv's own wording. An unknown field is named as sent, since it has no label. A route whose
 * console form labels some fields its own way (`form`) names them so.
 */
export function describeValidationError(errors: readonly FastifySchemaValidationError[], part: string, form?: LabelledForm): Message {
  const byField = new Map<string, ErrorObject[]>();
  const unknown: string[] = [];
  for (const error of errors as readonly ErrorObject[]) {
    if (error.keyword === 'additionalProperties') {
      unknown.push(String((error.params as { additionalProperty: unknown }).additionalProperty));
      continue;
    }
    const key = pathOf(error).join('/');
    byField.set(key, [...(byField.get(key) ?? []), error]);
  }
  const described = [...byField.values()].map((fieldErrors) => describeField(fieldErrors, part, form));
  for (const name of unknown) described.push(message('validation.unknownField', { name }));
  if (described.length === 0) return message('validation.invalid', { field: message('validation.part.body') });
  return described.slice(0, MAX_FIELDS).reduceRight((rest, first) => message('validation.and', { first, rest }));
}

/**
 * The refusal of a part a route checks itself, with a validator from validatorCompiler that has just
 * failed (a body read its own way): worded as the route schema's refusals are.
 */
export function invalidPart(check: unknown, part: string): DomainError {
  const { key, params } = describeValidationError((check as { errors?: FastifySchemaValidationError[] }).errors ?? [], part);
  return invalid(key, params);
}

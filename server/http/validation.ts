import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { TSchema } from 'typebox';
import type { DeferredCompiles } from './deferredCompiles';

/**
 * Every input is checked against the shared contract (contract/schemas). Bodies are taken as
 * sent: a wrong type or an unknown field is refused, never coerced or silently dropped.
 * Query strings and path params are text by nature, so there numbers are read from strings.
 */
const makeAjv = (coerceTypes: boolean) => {
  const ajv = new Ajv({ coerceTypes, useDefaults: true, removeAdditional: false, allErrors: false, strict: false });
  addFormats.default(ajv);
  return ajv;
};
const bodyAjv = makeAjv(false);
const textAjv = makeAjv(true);

/**
 * Issue 17: a route's validator is compiled on its first request, or soon after the server listens
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

/** Names the field in every message: `username: must NOT have fewer than 3 characters`. */
export function describeValidationError(errors: FastifySchemaValidationError[], part: string): string {
  const error = errors[0] as ErrorObject | undefined;
  if (!error) return `${part} is invalid`;
  const field = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${joinField(field, String(params.missingProperty))} is required`;
    case 'additionalProperties':
      return `${joinField(field, String(params.additionalProperty))} is not a known field`;
    case 'type':
      return `${field || part} must be ${String(params.type)}`;
    default:
      return `${field || part}: ${error.message ?? 'is invalid'}`;
  }
}

const joinField = (parent: string, child: string) => (parent ? `${parent}.${child}` : child);

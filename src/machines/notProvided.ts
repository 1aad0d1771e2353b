import { fromPromise, type NonReducibleUnknown } from 'xstate';

/**
 * The default of an invoked actor whose real implementation the app provides by name
 * (`machine.provide({ actors })`): it fails loudly if it was forgotten.
 */
export function notProvided<TOutput, TInput = NonReducibleUnknown>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`The actor '${name}' must be provided`)));
}

import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { DeferredCompiles } from './deferredCompiles';

type SerializerFactory = ReturnType<typeof SerializerSelector>;

/**
 * Fastify's own serializer factory (fast-json-stringify), with each route's serializer compiled
 * on the first reply that uses it. A route declares a schema per status it may answer
 * with, so the server compiled 1,116 serializers before it listened, most of them
 * for error replies that are rarely sent; one takes about a millisecond when first needed. The
 * success replies' serializers are also compiled soon after the server listens (`deferred`).
 */
export function lazySerializerFactory(deferred?: DeferredCompiles): SerializerFactory {
  const buildSerializer = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = buildSerializer(externalSchemas, options);
    return (route) => {
      let serialize: ((doc: unknown) => string) | undefined;
      const ready = () => (serialize ??= compile(route));
      if (String(route.httpStatus).startsWith('2')) deferred?.add(ready);
      return (doc) => ready()(doc);
    };
  };
}

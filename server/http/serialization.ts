import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = ReturnType<typeof SerializerSelector>;

/**
 * Fastify's own serializer factory (fast-json-stringify), with each route's serializer compiled
 * on the first reply that uses it (issue 17). A route declares a schema per status it may answer
 * with, so the server compiled 1,116 serializers before it listened, most of them
 * for error replies that are rarely sent; one takes about a millisecond when first needed.
 */
export function lazySerializerFactory(): SerializerFactory {
  const buildSerializer = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = buildSerializer(externalSchemas, options);
    return (route) => {
      let serialize: ((doc: unknown) => string) | undefined;
      return (doc) => (serialize ??= compile(route))(doc);
    };
  };
}

import type { FastifyInstance } from 'fastify';
import { invalid } from '../domain/errors';

/**
 * How deep a JSON body may nest arrays and objects. The contract's deepest request is a few levels;
 * a body nested thousands deep overflows the stack of any recursive reader of it (the bad-text
 * check, the admin log's copy), so it is refused as it is parsed, with the other unreadable bodies.
 */
const JSON_MAX_DEPTH = 64;

const isContainer = (value: unknown): value is object => value !== null && typeof value === 'object';

/** Whether `value` nests arrays and objects more than `max` deep: level by level, no recursion. */
function nestsDeeperThan(value: unknown, max: number): boolean {
  let level = isContainer(value) ? [value] : [];
  for (let depth = 1; level.length > 0; depth++) {
    if (depth > max) return true;
    level = level.flatMap((container) => Object.values(container).filter(isContainer));
  }
  return false;
}

/** Fastify's own JSON parser (prototype poisoning refused), then the depth check. */
export function parseJsonBodies(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    parse(request, body as string, (error, value) => {
      if (error) return done(error);
      if (nestsDeeperThan(value, JSON_MAX_DEPTH)) return done(invalid('http.jsonTooDeep', { levels: JSON_MAX_DEPTH }));
      done(null, value);
    }),
  );
}

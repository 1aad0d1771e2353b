import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { TSchema } from 'typebox';
import type { Endpoint } from '../../contract/endpoint';
import { Reply, errorReplies } from './envelope';

type Server = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;
type Replies = Record<number, TSchema>;

/** How the server answers an endpoint: who may call it (config), its OpenAPI words and its other statuses. */
export interface Serving<X extends Replies> extends FastifyContextConfig {
  tags: string[];
  summary?: string;
  description?: string;
  consumes?: string[];
  produces?: string[];
  /** The statuses besides 200 (errorReplies unless said); a route with no answer schema at all says `{}`. */
  replies?: X;
  bodyLimit?: number;
}

type Responses<R, X> = (R extends TSchema ? { 200: ReturnType<typeof Reply<R>> } : unknown) & X;
type RouteSchema<E extends Endpoint, X> = { querystring: E['query']; body: E['body']; response: Responses<E['reply'], X> };

export type Handler<E extends Endpoint, X> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  unknown,
  RouteSchema<E, X>,
  TypeBoxTypeProvider
>;

/**
 * Serves an endpoint of the contract's table: its path, method and input and reply schemas come
 * from the table, so the console's types and the server's answer are one; the route adds who may
 * call it and what the handler does.
 */
export function serve<E extends Endpoint, X extends Replies = typeof errorReplies>(
  app: Server,
  endpoint: E,
  serving: Serving<X>,
  handler: Handler<E, X>,
): void {
  const { tags, summary, description, consumes, produces, replies = errorReplies, bodyLimit, ...config } = serving;
  const response = { ...(endpoint.reply ? { 200: Reply(endpoint.reply) } : {}), ...replies };
  const schema = definedOnly({
    tags,
    summary,
    description,
    consumes,
    produces,
    querystring: endpoint.query,
    body: endpoint.body,
    headers: endpoint.headers,
    response: Object.keys(response).length > 0 ? response : undefined,
  }) as unknown as RouteSchema<E, X>;
  app.route<RouteGenericInterface, unknown, RouteSchema<E, X>>({
    method: endpoint.method,
    url: endpoint.path,
    config,
    schema,
    ...definedOnly({ bodyLimit }),
    handler,
  });
}

/** An object without its undefined entries: the OpenAPI document names only what a route says. */
const definedOnly = (entries: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined));

/**
 * The routes of one area: its OpenAPI tags and its statuses besides 200 said once, each route
 * adding who may call it (and anything else it says differently).
 */
export function routesOf<X extends Replies = typeof errorReplies>(app: Server, area: { tags: string[]; replies?: X }) {
  return <E extends Endpoint, Y extends Replies = X>(
    endpoint: E,
    serving: Omit<Serving<Y>, 'tags'> & { tags?: string[] },
    handler: Handler<E, Y>,
  ) => serve<E, Y>(app, endpoint, { ...area, ...serving } as Serving<Y>, handler);
}

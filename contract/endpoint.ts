import type { Static, TSchema } from 'typebox';
import type { ApiPathValue } from './paths';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One endpoint of the API: its path, what it takes (a query or a body) and what `data` holds in
 * its successful answer. The server serves it (server/http/serve.ts) and the console types its
 * calls from it, so the two cannot disagree. Downloads, streams and uploads have no reply here.
 */
export interface Endpoint<
  Q extends TSchema | undefined = TSchema | undefined,
  B extends TSchema | undefined = TSchema | undefined,
  R extends TSchema | undefined = TSchema | undefined,
> {
  method: Method;
  path: ApiPathValue;
  query: Q;
  body: B;
  reply: R;
  /** Headers the server checks (a signed webhook); no console call sends them. */
  headers?: TSchema;
}

const build =
  (method: Method) =>
  <Q extends TSchema | undefined = undefined, B extends TSchema | undefined = undefined, R extends TSchema | undefined = undefined>(
    path: ApiPathValue,
    io: { query?: Q; body?: B; reply?: R; headers?: TSchema } = {},
  ): Endpoint<Q, B, R> => ({ method, path, query: io.query as Q, body: io.body as B, reply: io.reply as R, headers: io.headers });

/** `endpoint.get(ApiPath.roleList, { query: RoleListQuery, reply: ListOf(RoleItem) })`. */
export const endpoint = {
  get: build('GET'),
  post: build('POST'),
  put: build('PUT'),
  delete: build('DELETE'),
};

type StaticOf<S> = S extends TSchema ? Static<S> : undefined;

/** What a call sends: the query of a GET, the body of the others. */
export type InputOf<E extends Endpoint> = E['query'] extends TSchema ? Static<E['query']> : StaticOf<E['body']>;

/** What `data` holds when the call succeeds. */
export type ReplyOf<E extends Endpoint> = StaticOf<E['reply']>;

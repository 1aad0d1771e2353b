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
  M extends Method = Method,
  P extends ApiPathValue = ApiPathValue,
> {
  method: M;
  path: P;
  query: Q;
  body: B;
  reply: R;
  /** Headers the server checks (a signed webhook); no console call sends them. */
  headers?: TSchema;
}

// Each endpoint keeps its method and path as literal types: the console's calls find their
// endpoint by them (contract/endpointAt.ts).
const build =
  <M extends Method>(method: M) =>
  <
    P extends ApiPathValue,
    Q extends TSchema | undefined = undefined,
    B extends TSchema | undefined = undefined,
    R extends TSchema | undefined = undefined,
  >(
    path: P,
    io: { query?: Q; body?: B; reply?: R; headers?: TSchema } = {},
  ): Endpoint<Q, B, R, M, P> => ({ method, path, query: io.query as Q, body: io.body as B, reply: io.reply as R, headers: io.headers });

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

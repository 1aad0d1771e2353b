import type { Method } from '../../../contract/endpoint';
import type { InputAt, PathOf, ReplyAt } from '../../../contract/endpointAt';
import type { CallOptions, HttpClient } from './createHttpClient';

/**
 * What a call sends. Where the table describes no input (a path that also takes multipart, whose
 * JSON its route checks itself), the input is not checked here either.
 */
type Input<M extends Method, P extends string> = InputAt<M, P> extends undefined ? Record<string, unknown> : InputAt<M, P>;

/** A call to one of the API's endpoints, typed by its path: what it sends and what it answers. */
type EndpointCall<M extends Method> = <P extends PathOf<M>>(path: P, input?: Input<M, P>, call?: CallOptions) => Promise<ReplyAt<M, P>>;

/**
 * The http client as the services call the API: `http.get(ApiPath.siteList, query)` answers what
 * the contract's endpoint table says that path answers (types only: the console's bundle holds no
 * schema).
 */
export type ApiClient = Omit<HttpClient, 'get' | 'post' | 'put' | 'delete'> & {
  get: EndpointCall<'GET'>;
  post: EndpointCall<'POST'>;
  put: EndpointCall<'PUT'>;
  delete: EndpointCall<'DELETE'>;
};

/** The part of `fetch` the providers use: a plain `fetch`, or the guarded one for account-given URLs. */
export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

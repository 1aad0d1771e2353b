import type { AxiosInstance, AxiosRequestConfig, Method } from 'axios';
import { createActor, fromPromise } from 'xstate';
import { ResultCode } from '../../../contract/codes';
import { languageTag, type Language } from '../../../contract/languages';
import { DEFAULT_DOWNLOAD_NAME, GET_RETRY, REQUEST_TIMEOUT_MS, UPLOAD_TIMEOUT_MS, WARM_GET_TTL_MS } from '../../config/constants';
import type { ErrorMessageMode } from '../../config/projectConfig';
import type { Failure } from '../../shared/failure';
import type { Notice } from '../../shared/notice';
import {
  requestMachine,
  type HttpMethod,
  type HttpResponse,
  type RequestInput,
  type RetryPolicy,
  type SendInput,
} from '../../machines/request.machine';
import { fileNameFrom } from './contentDisposition';
import { formatPayload } from './formatPayload';
import { createPendingRequests } from './pendingRequests';
import { RequestError } from './RequestError';

/** What the http layer needs from the rest of the console (connected by src/app). */
export interface HttpHooks {
  getToken(): string | null;
  /**
   * The project config's error message mode and duplicate-request option, and the console's
   * locale: the server writes its messages in it (not in the browser's language).
   */
  getSettings(): { errorMessageMode: ErrorMessageMode; removeDuplicatePending: boolean; locale?: Language };
  notify(notice: Notice): void;
  /** `replaced`: a sign-in elsewhere ended it (repeat-login). */
  expireSession(replaced: boolean): void;
  redirectToLogin(): void;
  logAjaxError(entry: { url: string; method: HttpMethod; failure: Failure }): void;
  /** The server answered a call (true), or a call got no answer for want of a network (false). */
  reachedServer(reached: boolean): void;
  /** A call got no answer in its time: one may be a slow answer, several in a row an unreachable server. */
  timedOut(): void;
}

export interface HttpClientOptions {
  /** The API host ('' for the page's origin). */
  baseURL: string;
  /** Put before every path (spec §7 "URL prefix"). */
  urlPrefix?: string;
  /** The upload endpoint (runtime config). */
  uploadUrl?: string;
  timeoutMs?: number;
  retry?: RetryPolicy | null;
  /** Which axios adapter sends ('xhr', 'fetch', 'http' or a function); axios chooses when absent. */
  adapter?: AxiosRequestConfig['adapter'];
  /** The clock for the `_t` timestamp. */
  now?: () => number;
}

/** Per-call options. */
export interface CallOptions {
  errorMessageMode?: ErrorMessageMode;
  /** null: no retry for this GET. */
  retry?: RetryPolicy | null;
  timeoutMs?: number;
  headers?: Record<string, string>;
}

export interface Download {
  content: Blob;
  name: string;
}

export interface UploadPayload {
  file: Blob;
  filename?: string;
  /** Extra form fields, e.g. `{ type: 'avatar' }` (spec §3 "Upload payload"). */
  data?: Record<string, string | number>;
}

type Params = Record<string, unknown>;

const JSON_TYPE = 'application/json;charset=UTF-8';
const FORM_URLENCODED_TYPE = 'application/x-www-form-urlencoded;charset=UTF-8';

const DISCONNECTED: HttpHooks = {
  getToken: () => null,
  getSettings: () => ({ errorMessageMode: 'message', removeDuplicatePending: false }),
  notify: () => {},
  expireSession: () => {},
  redirectToLogin: () => {},
  logAjaxError: () => {},
  reachedServer: () => {},
  timedOut: () => {},
};

export function createHttpClient(options: HttpClientOptions) {
  const {
    baseURL,
    urlPrefix = '',
    uploadUrl = '/api/v1/common/upload',
    timeoutMs = REQUEST_TIMEOUT_MS,
    retry = GET_RETRY.enabled ? { attempts: GET_RETRY.attempts, delayMs: GET_RETRY.delayMs } : null,
    adapter,
    now = Date.now,
  } = options;
  let hooks: HttpHooks = DISCONNECTED;
  // Axios (and ./transport) load with the first request, not with the login page.
  type Transport = { instance: AxiosInstance; send: typeof import('./transport').sendWithAxios };
  let transport: Promise<Transport> | null = null;
  // Once loaded, a request goes out in the same task it was made in (a page's GETs sent ahead at a
  // click leave before React renders the page in that click's task).
  let loaded: Transport | null = null;
  const loadTransport = () =>
    (transport ??= import('./transport').then(
      ({ axios, sendWithAxios }) =>
        (loaded = {
          // The API authenticates by its token header, not a cookie: no XSRF cookie is read (axios
          // reads it through the asynchronous Cookie Store, which put every request off a task).
          instance: axios.create({ baseURL, timeout: timeoutMs, withXSRFToken: false, ...(adapter ? { adapter } : {}) }),
          send: sendWithAxios,
        }),
      (error: unknown) => {
        transport = null;
        throw error;
      },
    ));
  const pending = createPendingRequests();
  /** The token each request's last attempt went out with (keyed by the request the machine holds). */
  const sentWith = new WeakMap<object, string | null>();

  const machine = requestMachine.provide({
    actors: {
      send: fromPromise<HttpResponse, SendInput>(({ input, signal }) => {
        const attempt = ({ instance, send }: Transport) => {
          // The token is read at each attempt: one sent again after a re-login carries the new session.
          const request = input.request as AxiosRequestConfig;
          const token = hooks.getToken();
          sentWith.set(request, token);
          return send(
            instance,
            { ...request, headers: { ...tokenHeaders(token), ...(request.headers as Record<string, string>) } },
            signal,
          );
        };
        if (loaded) return attempt(loaded);
        // A transport that cannot load (offline, a new deployment) fails as the network does.
        return loadTransport().then(attempt, (error: unknown): never => {
          throw { kind: 'network', code: ResultCode.ERROR, msg: String(error) } satisfies Failure;
        });
      }),
    },
    guards: {
      sessionRenewed: ({ context }) => {
        const token = hooks.getToken();
        return token !== null && sentWith.get(context.request as object) !== token;
      },
    },
    // The session's reactions start another actor's step (a logout starts its own request): they
    // run once this request's step is over, not inside it.
    actions: {
      notify: (_, notice) => hooks.notify(notice),
      expireSession: (_, replaced) => queueMicrotask(() => hooks.expireSession(replaced)),
      redirectToLogin: () => queueMicrotask(() => hooks.redirectToLogin()),
      logAjaxError: (_, entry) => hooks.logAjaxError(entry),
    },
  });

  const tokenHeaders = (token: string | null): Record<string, string> => (token ? { Authorization: `Bearer ${token}`, token } : {});

  /** Runs one call through a request actor; resolves with its result. */
  function run<T>(method: HttpMethod, url: string, config: AxiosRequestConfig, call: CallOptions = {}, raw = false): Promise<T> {
    const settings = hooks.getSettings();
    const input: RequestInput = {
      method,
      url,
      request: {
        ...config,
        method: method as Method,
        url: `${urlPrefix}${url}`,
        timeout: call.timeoutMs ?? config.timeout ?? timeoutMs,
        headers: {
          ...(settings.locale ? { 'Accept-Language': languageTag(settings.locale) } : {}),
          ...(config.headers as Record<string, string> | undefined),
          ...call.headers,
        },
      },
      options: {
        retry: call.retry === undefined ? retry : call.retry,
        errorMessageMode: call.errorMessageMode ?? settings.errorMessageMode,
        raw,
      },
    };
    const duplicateKey = settings.removeDuplicatePending ? `${method}&${url}` : null;
    const actor = createActor(machine, { input });
    return new Promise<T>((resolve, reject) => {
      actor.subscribe({
        complete: () => {
          pending.release(actor, duplicateKey);
          const { context } = actor.getSnapshot();
          const kind = context.failure?.kind;
          if (kind === 'timeout') hooks.timedOut();
          else if (kind !== 'cancelled') hooks.reachedServer(kind !== 'network');
          if (actor.getSnapshot().matches('succeeded')) resolve(context.result as T);
          else reject(new RequestError(context.failure ?? { kind: 'network', code: -1, msg: '' }));
        },
        error: (error) => {
          pending.release(actor, duplicateKey);
          reject(error);
        },
      });
      pending.track(actor, duplicateKey);
      actor.start();
    });
  }

  const withTimestamp = (params: Params | undefined): Params => ({ ...formatPayload(params ?? {}), _t: now() });

  // GETs sent ahead for a page being opened (`warm`), by what they ask, until the page asks the same.
  let warming = false;
  const warmed = new Map<string, { answer: Promise<unknown>; at: number }>();
  const warmKey = (url: string, params: Params | undefined) => `${url}?${JSON.stringify(formatPayload(params ?? {}))}`;
  function get<T>(url: string, params: Params | undefined, call: CallOptions | undefined): Promise<T> {
    const key = warmKey(url, params);
    if (warming) {
      const answer = run<T>('GET', url, { params: withTimestamp(params) }, call);
      const entry = { answer, at: now() };
      warmed.set(key, entry);
      // One cancelled (the user went on elsewhere) is no answer: the page asks afresh.
      answer.catch((error: unknown) => {
        if (error instanceof RequestError && error.kind === 'cancelled' && warmed.get(key) === entry) warmed.delete(key);
      });
      return answer;
    }
    const ahead = warmed.get(key);
    warmed.delete(key);
    if (ahead && now() - ahead.at <= WARM_GET_TTL_MS) return ahead.answer as Promise<T>;
    return run<T>('GET', url, { params: withTimestamp(params) }, call);
  }
  const jsonHeaders = { 'Content-Type': JSON_TYPE };

  return {
    /**
     * Wires the client to the session, the settings and the notifications (src/app); the returned
     * function unwires them again, unless a newer console has wired its own since.
     */
    connect(connected: HttpHooks): () => void {
      hooks = connected;
      return () => {
        if (hooks === connected) hooks = DISCONNECTED;
      };
    },
    get<T>(url: string, params?: Params, call?: CallOptions): Promise<T> {
      return get<T>(url, params, call);
    },
    /**
     * Sends the GETs `load` makes now, ahead of the page about to ask for them (at the
     * click that opens it, while it renders). The same GET (path and parameters) asked within
     * WARM_GET_TTL_MS takes that answer, once, instead of asking again; an unclaimed one is dropped.
     * What `load` returns is settled here: a failure reaches the page that asks, or no one.
     */
    warm(load: () => readonly Promise<unknown>[]): void {
      for (const [key, { at }] of warmed) if (now() - at > WARM_GET_TTL_MS) warmed.delete(key);
      warming = true;
      try {
        void Promise.allSettled(load());
      } finally {
        warming = false;
      }
    },
    post<T>(url: string, data?: unknown, call?: CallOptions): Promise<T> {
      return run<T>('POST', url, { data: formatPayload(data), headers: jsonHeaders }, call);
    },
    put<T>(url: string, data?: unknown, call?: CallOptions): Promise<T> {
      return run<T>('PUT', url, { data: formatPayload(data), headers: jsonHeaders }, call);
    },
    /** The server's DELETE routes read a JSON body (`{ id }`, `{ site_id, ids }`), as PUT and POST do. */
    delete<T>(url: string, data?: unknown, call?: CallOptions): Promise<T> {
      return run<T>('DELETE', url, { data: formatPayload(data), headers: jsonHeaders }, call);
    },
    /** POST as an url-encoded form. */
    postForm<T>(url: string, data: Params, call?: CallOptions): Promise<T> {
      const body = new URLSearchParams();
      for (const [key, value] of Object.entries(formatPayload(data))) {
        if (value !== undefined && value !== null) body.append(key, String(value));
      }
      return run<T>('POST', url, { data: body, headers: { 'Content-Type': FORM_URLENCODED_TYPE } }, call);
    },
    /** POST as multipart form data: the file and the extra fields; a 10-minute timeout (spec §9). */
    upload<T>(payload: UploadPayload, call?: CallOptions, url: string = uploadUrl): Promise<T> {
      const form = new FormData();
      if (payload.filename) form.append('file', payload.file, payload.filename);
      else form.append('file', payload.file);
      for (const [key, value] of Object.entries(payload.data ?? {})) form.append(key, String(value));
      return run<T>('POST', url, { data: form, timeout: UPLOAD_TIMEOUT_MS }, call);
    },
    /** GET a file as a blob named by the server's Content-Disposition (spec §7). */
    async download(url: string, params?: Params, call?: CallOptions): Promise<Download> {
      const response = await run<HttpResponse>('GET', url, { params: withTimestamp(params), responseType: 'blob' }, call, true);
      const content = response.body instanceof Blob ? response.body : new Blob([response.body as BlobPart]);
      return { content, name: fileNameFrom(response.headers['content-disposition'], DEFAULT_DOWNLOAD_NAME) };
    },
    /** The session's headers and the full address of `path`, for calls that cannot go through axios (the notice stream). */
    authHeaders(): Record<string, string> {
      return tokenHeaders(hooks.getToken());
    },
    urlOf(path: string): string {
      return `${baseURL}${urlPrefix}${path}`;
    },
    /**
     * Loads axios ahead of the first request (the login page, once idle, so that signing
     * in does not wait for it). A failure is left for that request to meet.
     */
    preload(): Promise<void> {
      return loadTransport().then(
        () => {},
        () => {},
      );
    },
    /** Cancels every request under way (route change, when configured). */
    cancelAll(): void {
      pending.cancelAll();
    },
    get pendingCount(): number {
      return pending.size;
    },
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

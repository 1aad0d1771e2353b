import { readRuntimeConfig } from '../../config/runtime';
import type { ApiClient } from './apiClient';
import { createHttpClient } from './createHttpClient';

export { createHttpClient, type HttpClient, type HttpHooks, type CallOptions, type Download, type UploadPayload } from './createHttpClient';
export { RequestError } from './RequestError';
export type { ApiClient } from './apiClient';

const runtime = readRuntimeConfig();

/** The console's http client; src/app connects it to the session and the notifications. */
export const http: ApiClient = createHttpClient({
  baseURL: runtime.apiBaseUrl,
  urlPrefix: runtime.apiUrlPrefix,
  uploadUrl: runtime.uploadUrl,
});

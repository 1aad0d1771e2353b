import axios, { AxiosError, type AxiosInstance, type AxiosRequestConfig } from 'axios';
import { ResultCode } from '../../../contract/codes';
import type { Failure } from '../../shared/failure';
import type { HttpResponse } from '../../machines/request.machine';
import { isEnvelope } from '../../shared/envelope';

/** For createHttpClient, which loads this module (and axios) with its first request. */
export { axios };

/**
 * Sends one attempt with axios. Resolves with any 2xx response; rejects with a plain Failure.
 * A blob that is really a JSON envelope (a refused download) is read as that envelope.
 */
export async function sendWithAxios(instance: AxiosInstance, config: AxiosRequestConfig, signal: AbortSignal): Promise<HttpResponse> {
  try {
    const response = await instance.request({ ...config, signal });
    const headers = normalizeHeaders(response.headers);
    return { status: response.status, headers, body: await readBody(response.data, headers) };
  } catch (error) {
    throw await toFailure(error);
  }
}

async function toFailure(error: unknown): Promise<Failure> {
  if (axios.isCancel(error)) return { kind: 'cancelled', code: ResultCode.ERROR, msg: 'cancelled' };
  if (!(error instanceof AxiosError)) return { kind: 'network', code: ResultCode.ERROR, msg: String(error) };
  if (error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT) {
    return { kind: 'timeout', code: ResultCode.ERROR, msg: error.message };
  }
  if (!error.response) return { kind: 'network', code: ResultCode.ERROR, msg: error.message };
  const { status } = error.response;
  const body = await readBody(error.response.data, normalizeHeaders(error.response.headers));
  return isEnvelope(body)
    ? { kind: 'http', status, code: body.code, msg: typeof body.msg === 'string' ? body.msg : '' }
    : { kind: 'http', status, code: status, msg: '' };
}

async function readBody(data: unknown, headers: Record<string, string>): Promise<unknown> {
  const isJson = (headers['content-type'] ?? '').includes('application/json');
  if (isJson && typeof Blob !== 'undefined' && data instanceof Blob) {
    try {
      return JSON.parse(await data.text());
    } catch {
      return data;
    }
  }
  return data;
}

function normalizeHeaders(headers: unknown): Record<string, string> {
  const entries = Object.entries((headers ?? {}) as Record<string, unknown>);
  return Object.fromEntries(entries.map(([name, value]) => [name.toLowerCase(), String(value)]));
}

/**
 * Points the console's http client at a real server started for the test (`tsx server/main.ts`
 * in its own process): axios sends through Node's http adapter to that server's origin, so jsdom's
 * same-origin rules do not apply. Import this module before any console module, so the http
 * client is created with this adapter.
 */
import axios, { AxiosHeaders, type AxiosAdapter } from 'axios';
import { startServer, type SessionExpiringServer, type StartedServer } from '../../e2e/servers';

let serverUrl: string | null = null;
let clientAddress = '10.9.0.1';
const nodeHttp = axios.getAdapter('http');

/** Every call the console made, as `METHOD /path?query`. */
export const sentRequests: string[] = [];

const toRealServer: AxiosAdapter = (config) => {
  if (!serverUrl) throw new Error('No server: call startRealServer() in beforeAll');
  const query = new URLSearchParams((config.params ?? {}) as Record<string, string>).toString();
  sentRequests.push(`${config.method?.toUpperCase()} ${config.url}${query ? `?${query}` : ''}`);
  const headers = AxiosHeaders.from(config.headers).set('x-forwarded-for', clientAddress);
  // As a browser's XMLHttpRequest does, a request without a body says nothing about its type.
  if (config.data === undefined) headers.delete('content-type');
  return nodeHttp({ ...config, headers, baseURL: serverUrl });
};
axios.defaults.adapter = toRealServer;

/**
 * Starts the real server (trusting X-Forwarded-For) with an embedded database in a fresh directory;
 * with `sessionExpiry`, one whose sessions the test can expire at once.
 */
export async function startRealServer(env?: Record<string, string>): Promise<StartedServer>;
export async function startRealServer(env: Record<string, string>, options: { sessionExpiry: true }): Promise<SessionExpiringServer>;
export async function startRealServer(env: Record<string, string> = {}, options: { sessionExpiry?: boolean } = {}) {
  const realEnv = { CONSOLE_DIR: '', TRUST_PROXY: '1', ...env };
  const server = options.sessionExpiry ? await startServer(realEnv, { sessionExpiry: true }) : await startServer(realEnv);
  serverUrl = server.url;
  return server;
}

/** The address the console's calls come from (each test its own: the abuse rules count per address). */
export function useClientAddress(address: string): void {
  clientAddress = address;
}

/** Sends the console's calls to `url` instead: a loopback double in front of a real server (the failing user details). */
export function useServerUrl(url: string): void {
  serverUrl = url;
}

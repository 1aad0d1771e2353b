/**
 * Points the console's http client at a real server started for the test (`tsx server/main.ts`
 * in its own process): axios sends through Node's http adapter to that server's origin, so jsdom's
 * same-origin rules do not apply. Import this module before any console module, so the http
 * client is created with this adapter.
 */
import axios, { type AxiosAdapter } from 'axios';
import { startServer, type StartedServer } from '../../e2e/servers';

let serverUrl: string | null = null;
const nodeHttp = axios.getAdapter('http');

const toRealServer: AxiosAdapter = (config) => {
  if (!serverUrl) throw new Error('No server: call startRealServer() in beforeAll');
  return nodeHttp({ ...config, baseURL: serverUrl });
};
axios.defaults.adapter = toRealServer;

/** Starts the real server with an embedded database in a fresh directory. */
export async function startRealServer(env: Record<string, string> = {}): Promise<StartedServer> {
  const server = await startServer({ CONSOLE_DIR: '', ...env });
  serverUrl = server.url;
  return server;
}

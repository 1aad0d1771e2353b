import { afterAll, afterEach, beforeAll } from 'vitest';
import { serverStartTimeoutMs, type SessionExpiringServer } from '../../e2e/servers';
import { startRealServer, useClientAddress } from './realServer';
import { renderConsole } from './renderConsole';

/**
 * A test file's real server and the console rendered against it: the server starts before the
 * file's tests (with `env`) and stops after them; `open` renders the console at a path, each time
 * from its own client address under `addressPrefix` (the abuse rules count per address). One
 * console at a time: opening another closes the one before, and the last is closed after each test.
 */
export function consoleOnRealServer(env: Record<string, string>, addressPrefix: string) {
  let server: SessionExpiringServer | undefined;
  let closeConsole: (() => void) | undefined;
  let addresses = 0;
  beforeAll(async () => {
    server = await startRealServer(env, { sessionExpiry: true });
  }, serverStartTimeoutMs + 30_000);
  afterAll(() => server?.stop());
  const close = () => {
    closeConsole?.();
    closeConsole = undefined;
  };
  afterEach(close);
  return {
    get url(): string {
      if (!server) throw new Error('The real server has not started yet');
      return server.url;
    },
    /** Expires the sessions of `username` on the server now, as if SESSION_TTL had passed unused. */
    expireSessionsOf(username: string): Promise<void> {
      if (!server) throw new Error('The real server has not started yet');
      return server.expireSessionsOf(username);
    },
    async open(path: string, options: Parameters<typeof renderConsole>[1] = {}) {
      close();
      addresses += 1;
      useClientAddress(`${addressPrefix}.${addresses}`);
      const opened = await renderConsole(path, options);
      closeConsole = opened.close;
      return opened;
    },
  };
}

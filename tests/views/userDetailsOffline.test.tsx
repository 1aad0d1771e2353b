import { startRealServer, useClientAddress, useServerUrl } from './support/realServer'; // first: the console's http client then calls the real server
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import type { UserDetails } from '../../contract/schemas/user';
import type { AppActor, NavigationActor, SessionActor } from '../../src/app/AppActorProvider';
import { serverStartTimeoutMs, type SessionExpiringServer, type StartedServer } from '../e2e/servers';
import { callServer, registerAccount } from './support/accounts';
import { renderConsole } from './support/renderConsole';
import { zh } from './support/texts';

/**
 * Spec §2 guard 5, through the real views: on a reload, when the user's details cannot
 * be loaded because the network or the server fails, the user stays signed in and navigation goes
 * on; when the server refuses the token (401, or 100007 for a session that timed out), the user is
 * signed out. The failures come from a loopback proxy in front of the real server, which drops the
 * connection or answers 503 for GET get_user_details only, as a failing network or balancer would.
 */

const USER_DETAILS = '/api/v1/user/get_user_details';

type Fault = 'drop' | '503' | null;
let fault: Fault = null;
let upstream = '';
let detailsAsked = 0;
let servers: StartedServer[] = [];
let proxy: http.Server;
let proxyUrl = '';
/** The real server; the test expires a session on it at once (the timed-out case). */
let normal: SessionExpiringServer;
let closeConsole: (() => void) | undefined;
let addresses = 0;

function startProxy() {
  proxy = http.createServer((request, response) => {
    if (request.url?.startsWith(USER_DETAILS)) {
      detailsAsked += 1;
      if (fault === 'drop') return request.socket.destroy();
      if (fault === '503') {
        response.writeHead(503, { 'content-type': 'text/html' });
        return response.end('<html><body><h1>503 Service Unavailable</h1></body></html>');
      }
    }
    const target = new URL(request.url ?? '/', upstream);
    const forwarded = http.request(target, { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  return new Promise<void>((resolve) =>
    proxy.listen(0, '127.0.0.1', () => {
      proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

beforeAll(async () => {
  normal = await startRealServer({}, { sessionExpiry: true });
  servers = [normal];
  await startProxy();
  useServerUrl(proxyUrl);
}, serverStartTimeoutMs + 30_000);
afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  await Promise.all(servers.map((server) => server.stop()));
});
afterEach(() => {
  closeConsole?.();
  closeConsole = undefined;
  fault = null;
});

/** A signed-in account on `server`: its token and its details, as a page stored them on the visit before the reload. */
async function signedIn(server: StartedServer) {
  const { username, token } = await registerAccount(server.url);
  const user = await callServer<UserDetails>(server.url, 'GET', USER_DETAILS, undefined, token);
  return { username, token, user };
}

/** Loads the console at `path` through the proxy to `server`, with the stored token and user. */
async function reload(server: StartedServer, path: string, stored: { token: string; user: UserDetails }) {
  upstream = server.url;
  addresses += 1;
  useClientAddress(`10.9.21.${addresses}`);
  const opened = await renderConsole(path, stored);
  closeConsole = opened.close;
  return opened.actor;
}

const sessionOf = (actor: AppActor) => actor.system.get('session') as SessionActor;
const navigateTo = async (actor: AppActor, to: string) => {
  await act(async () => (actor.system.get('navigation') as NavigationActor).send({ type: 'NAVIGATE', to }));
};

describe('a reload whose user details fail to load', () => {
  it.each([
    ['the connection drops (network error)', 'drop'],
    ['the server answers 503', '503'],
  ] as const)(
    '%s: the user stays signed in and navigation goes on',
    async (_, failing) => {
      const account = await signedIn(normal);
      fault = failing;
      detailsAsked = 0;
      const actor = await reload(normal, '/site', account);

      await screen.findByRole('button', { name: new RegExp(`^${zh.layout.header.userMenu}`) });
      await waitFor(() => expect(document.title).toBe(`${zh.routes.site.list} - Inkpress`));
      expect(window.location.pathname).toBe('/site');
      expect(screen.queryByRole('form', { name: zh.sys.login.signInFormTitle })).toBeNull();
      expect(detailsAsked).toBeGreaterThan(0);
      expect(sessionOf(actor).getSnapshot().context).toMatchObject({ token: account.token, user: { username: account.username } });

      // Another page opens as usual; the session is still the same one.
      await navigateTo(actor, '/prompt');
      await waitFor(() => expect(document.title).toBe(`${zh.routes.article.prompt} - Inkpress`));
      expect(window.location.pathname).toBe('/prompt');
      expect(screen.queryByRole('form', { name: zh.sys.login.signInFormTitle })).toBeNull();
      expect(sessionOf(actor).getSnapshot().context.token).toBe(account.token);

      // Once the server answers again, the details load (the user's own, unchanged).
      fault = null;
      await act(async () => sessionOf(actor).send({ type: 'USER.RELOAD' }));
      await waitFor(() => expect(sessionOf(actor).getSnapshot().matches('ready')).toBe(true));
      expect(sessionOf(actor).getSnapshot().context.user?.username).toBe(account.username);
    },
    60_000,
  );
});

describe('a reload whose token the server refuses', () => {
  it('an ended session (401): the user is signed out to the login page', async () => {
    const account = await signedIn(normal);
    await callServer(normal.url, 'POST', '/api/v1/user/logout', undefined, account.token);
    const actor = await reload(normal, '/site', account);

    await screen.findByRole('form', { name: zh.sys.login.signInFormTitle });
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(sessionOf(actor).getSnapshot().context).toMatchObject({ token: null, user: null });
    expect(screen.queryByRole('button', { name: new RegExp(`^${zh.layout.header.userMenu}`) })).toBeNull();
  });

  it('a session unused for longer than SESSION_TTL (100007): the user is signed out too', async () => {
    const account = await signedIn(normal);
    const expired = await fetch(`${normal.url}${USER_DETAILS}`, { headers: { authorization: `Bearer ${account.token}` } });
    expect(expired.status).toBe(200);
    await normal.expireSessionsOf(account.username);
    const refused = (await (
      await fetch(`${normal.url}${USER_DETAILS}`, { headers: { authorization: `Bearer ${account.token}` } })
    ).json()) as { code: number };
    expect(refused.code).toBe(100007);

    const actor = await reload(normal, '/site', account);
    await screen.findByRole('form', { name: zh.sys.login.signInFormTitle });
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(sessionOf(actor).getSnapshot().context.token).toBeNull();
  });
});

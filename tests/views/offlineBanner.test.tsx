import { startRealServer, useClientAddress, useServerUrl } from './support/realServer'; // first: the console's http client then calls the real server
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NavigationActor } from '../../src/app/AppActorProvider';
import article from '../../src/i18n/locales/zh_CN/article.json';
import generation from '../../src/i18n/locales/zh_CN/generation.json';
import { serverStartTimeoutMs, type StartedServer } from '../e2e/servers';
import { registerAccount } from './support/accounts';
import { renderConsole } from './support/renderConsole';
import { zh } from './support/texts';

/**
 * With the server out of reach the console says so once, in a banner with a retry, and a list whose
 * load failed shows that failure, not "no articles". The failures come from a loopback proxy in
 * front of the real server that drops every connection while `dropping` holds, answers that were
 * on their way included: any answer at all rightly tells the console it is back online.
 */

let dropping = false;
let server: StartedServer;
let proxy: http.Server;

beforeAll(async () => {
  server = await startRealServer();
  proxy = http.createServer((request, response) => {
    if (dropping) return request.socket.destroy();
    const forwarded = http.request(
      new URL(request.url ?? '/', server.url),
      { method: request.method, headers: request.headers },
      (answer) => {
        if (dropping) return request.socket.destroy();
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  useServerUrl(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`);
  useClientAddress('10.9.46.1');
}, serverStartTimeoutMs + 30_000);
afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  await server?.stop();
});

describe('the console offline', () => {
  it('shows one banner with a retry, the list’s failure instead of its empty state, and loads again on retry', async () => {
    const { token } = await registerAccount(server.url);
    const opened = await renderConsole('/article_task', { token });
    try {
      await screen.findByText(generation.empty);
      dropping = true;
      await act(async () => (opened.actor.system.get('navigation') as NavigationActor).send({ type: 'NAVIGATE', to: '/article' }));
      await screen.findByText(zh.layout.offline.text);
      // The list's own place says why it is empty; no toast repeats it per call.
      await waitFor(() => expect(screen.getAllByText(zh.sys.api.networkExceptionMsg)).toHaveLength(1));
      expect(screen.queryByText(article.empty)).toBeNull();
      expect(screen.getAllByText(zh.layout.offline.text)).toHaveLength(1);

      dropping = false;
      await userEvent.setup().click(screen.getByRole('button', { name: zh.layout.offline.retry }));
      expect(await screen.findByText(article.empty)).toBeTruthy();
      expect(screen.queryByText(zh.layout.offline.text)).toBeNull();
      expect(screen.queryByText(zh.sys.api.networkExceptionMsg)).toBeNull();

      // The browser's own word: offline shows the banner, online takes it away.
      act(() => void window.dispatchEvent(new Event('offline')));
      expect(await screen.findByText(zh.layout.offline.text)).toBeTruthy();
      act(() => void window.dispatchEvent(new Event('online')));
      await waitFor(() => expect(screen.queryByText(zh.layout.offline.text)).toBeNull());
    } finally {
      opened.close();
    }
  });
});

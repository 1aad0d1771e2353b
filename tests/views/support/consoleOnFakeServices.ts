import { useServerUrl } from './realServer'; // first: the console's http client then calls the page server below
import { afterAll, afterEach, beforeAll } from 'vitest';
import { sendJson, ok, startTestServer } from '../../services/testServer';
import { createFakeApi, type FakeApi } from './fakeApi';
import { renderConsole } from './renderConsole';

type Fixed = Parameters<typeof createFakeApi>[0];

/**
 * The console rendered on fake services: the session's, the lock's and the bootstrap's endpoints are
 * a fake api the test answers call by call (support/fakeApi.ts), and the pages' own calls go to a
 * small local server that answers each path of `pageAnswers` with its data, every other with an
 * empty list. One console at a time: opening another closes the one before, and the last is closed
 * after each test.
 */
export function consoleOnFakeServices(fixed: Fixed, pageAnswers: Readonly<Record<string, unknown>> = {}) {
  let pages: Awaited<ReturnType<typeof startTestServer>> | undefined;
  let closeConsole: (() => void) | undefined;
  beforeAll(async () => {
    pages = await startTestServer((request, response) =>
      sendJson(response, ok(request.path in pageAnswers ? pageAnswers[request.path] : { list: [], total: 0 })),
    );
    useServerUrl(pages.url);
  });
  afterAll(() => pages?.close());
  const close = () => {
    closeConsole?.();
    closeConsole = undefined;
  };
  afterEach(close);
  return {
    async open(
      path: string,
      options: Omit<Parameters<typeof renderConsole>[1], 'api'> = {},
    ): Promise<{ fake: FakeApi } & Awaited<ReturnType<typeof renderConsole>>> {
      close();
      const fake = createFakeApi(fixed);
      const opened = await renderConsole(path, { ...options, api: fake.api });
      closeConsole = opened.close;
      return { fake, ...opened };
    },
  };
}

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import { ResultCode } from '../../contract/codes';
import { createHttpClient, RequestError, type HttpClient, type HttpHooks } from '../../src/services/http';
import type { Notice } from '../../src/shared/notice';
import { ok, sendJson, startTestServer, type Handler } from './testServer';

/**
 * The http client against a real server on 127.0.0.1, through real axios and its browser adapter
 * (jsdom's XMLHttpRequest). Timers are fake (the request machine's retry delay), the sockets real.
 */

let handler: Handler = (_, response) => sendJson(response, ok(null));
const server = await startTestServer((request, response) => handler(request, response));
afterAll(() => server.close());

interface Hooked {
  client: HttpClient;
  notices: Notice[];
  expired: number;
  redirected: number;
  logged: unknown[];
  /** What each call told of the server: answered (true), unreachable (false), or timed out. */
  reached: (boolean | 'timedOut')[];
}

function clientWith(
  settings: Partial<ReturnType<HttpHooks['getSettings']>> = {},
  token: string | null | (() => string | null) = 'tok-1',
  now = () => 1_700_000_000_000,
): Hooked {
  const hooked: Hooked = {
    client: createHttpClient({ baseURL: server.url, urlPrefix: '/prefix', adapter: 'xhr', now }),
    notices: [],
    expired: 0,
    redirected: 0,
    logged: [],
    reached: [],
  };
  hooked.client.connect({
    getToken: typeof token === 'function' ? token : () => token,
    getSettings: () => ({ errorMessageMode: 'message', removeDuplicatePending: false, ...settings }),
    notify: (notice) => hooked.notices.push(notice),
    expireSession: () => hooked.expired++,
    redirectToLogin: () => hooked.redirected++,
    logAjaxError: (entry) => hooked.logged.push(entry),
    reachedServer: (reached) => hooked.reached.push(reached),
    timedOut: () => hooked.reached.push('timedOut'),
  });
  return hooked;
}

/** Lets real sockets and fake timers both move until `promise` settles. */
async function settled<T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> {
  let result: PromiseSettledResult<T> | null = null;
  promise.then(
    (value) => (result = { status: 'fulfilled', value }),
    (reason: unknown) => (result = { status: 'rejected', reason }),
  );
  while (result === null) {
    await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(10);
  }
  return result;
}

async function value<T>(promise: Promise<T>): Promise<T> {
  const result = await settled(promise);
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

async function failure(promise: Promise<unknown>): Promise<RequestError> {
  const result = await settled(promise);
  if (result.status === 'fulfilled') throw new Error('expected the call to fail');
  expect(result.reason).toBeInstanceOf(RequestError);
  return result.reason as RequestError;
}

beforeAll(() => {
  handler = (_, response) => sendJson(response, ok(null));
});
beforeEach(() => {
  server.received.length = 0;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});
afterEach(() => vi.useRealTimers());

describe('http client: what is sent', () => {
  it('prefixes the path, sends the Bearer and token headers, and adds a timestamp to a GET', async () => {
    handler = (_, response) => sendJson(response, ok({ list: [{ id: 1 }], total: 1 }));
    const { client } = clientWith();
    const data = await value(client.get('/api/v1/site/list', { page: 2, keyword: '  seo  ' }));
    expect(data).toEqual({ list: [{ id: 1 }], total: 1 });
    const [request] = server.received;
    expect(request.path).toBe('/prefix/api/v1/site/list');
    expect(request.headers.authorization).toBe('Bearer tok-1');
    expect(request.headers.token).toBe('tok-1');
    expect(Object.fromEntries(request.query)).toEqual({ page: '2', keyword: 'seo', _t: '1700000000000' });
  });

  it('sends no token headers without a token', async () => {
    const { client } = clientWith({}, null);
    await value(client.get('/api/public/conf'));
    expect(server.received[0].headers.authorization).toBeUndefined();
    expect(server.received[0].headers.token).toBeUndefined();
  });

  it('sends JSON by default, with dates formatted and strings trimmed at any depth', async () => {
    const { client } = clientWith();
    await value(
      client.post('/api/v1/task/add', {
        name: '  Weekly  ',
        at: new Date(2026, 0, 2, 3, 4, 5),
        nested: { until: dayjs('2026-02-03T04:05:06'), tags: [' a ', 'b '] },
        count: 3,
      }),
    );
    const [request] = server.received;
    expect(request.headers['content-type']).toContain('application/json');
    expect(JSON.parse(request.body)).toEqual({
      name: 'Weekly',
      at: '2026-01-02 03:04:05',
      nested: { until: '2026-02-03 04:05:06', tags: ['a', 'b'] },
      count: 3,
    });
  });

  it('posts url-encoded forms and uploads multipart forms', async () => {
    const { client } = clientWith();
    await value(client.postForm('/api/v1/form', { name: ' Ada ', age: 36 }));
    expect(server.received[0].headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(server.received[0].body).toBe('name=Ada&age=36');

    await value(client.upload({ file: new Blob(['hello'], { type: 'text/plain' }), filename: 'hello.txt', data: { type: 'file' } }));
    const upload = server.received[1];
    expect(upload.path).toBe('/prefix/api/v1/common/upload');
    expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload.body).toContain('name="file"; filename="hello.txt"');
    expect(upload.body).toContain('hello');
    expect(upload.body).toMatch(/name="type"\r\n\r\nfile/);
  });
});

describe('http client: what the caller gets', () => {
  it('unwraps the envelope: code 200 or 0 is success, a missing list becomes []', async () => {
    handler = (request, response) =>
      sendJson(response, request.path.endsWith('zero') ? { code: 0, msg: '', data: { list: null, total: 0 } } : ok({ id: 7 }));
    const { client } = clientWith();
    expect(await value(client.get('/api/v1/zero'))).toEqual({ list: [], total: 0 });
    expect(await value(client.get('/api/v1/one'))).toEqual({ id: 7 });
  });

  it('retries a failing GET up to 5 attempts and hands the successful result to the caller', async () => {
    let calls = 0;
    handler = (_, response) =>
      ++calls < 3 ? sendJson(response, { code: 500, msg: 'boom', data: null }, 500) : sendJson(response, ok({ answer: 42 }));
    const { client, notices } = clientWith();
    expect(await value(client.get('/api/v1/flaky'))).toEqual({ answer: 42 });
    expect(calls).toBe(3);
    expect(notices).toEqual([]);
  });

  it('stops after the fifth attempt and shows the status message', async () => {
    handler = (_, response) => sendJson(response, { code: 503, msg: '', data: null }, 503);
    const { client, notices, logged } = clientWith();
    const error = await failure(client.get('/api/v1/down'));
    expect(error).toMatchObject({ kind: 'http', status: 503 });
    expect(server.received).toHaveLength(5);
    expect(notices).toEqual([{ kind: 'message', text: 'sys.api.errMsg503', translate: true }]);
    expect(logged).toHaveLength(1);
  });

  it('does not retry a POST', async () => {
    handler = (_, response) => sendJson(response, { code: 500, msg: '', data: null }, 500);
    const { client } = clientWith();
    await failure(client.post('/api/v1/site/add', {}));
    expect(server.received).toHaveLength(1);
  });

  it('HTTP 401 ends the session and shows the server message', async () => {
    handler = (_, response) => sendJson(response, { code: ResultCode.SESSION_EXPIRED, msg: 'Session expired', data: null }, 401);
    const hooked = clientWith();
    const error = await failure(hooked.client.get('/api/v1/user/get_user_details'));
    expect(error).toMatchObject({ status: 401, code: ResultCode.SESSION_EXPIRED });
    expect(hooked.expired).toBe(1);
    expect(hooked.notices).toEqual([{ kind: 'message', text: 'Session expired', translate: false }]);
    expect(server.received).toHaveLength(1);
  });

  it('a call refused for a session renewed while it was out goes again under the new one, without a message', async () => {
    let token: string | null = 'tok-old';
    handler = (request, response) => {
      if (request.headers.token !== 'tok-old') return sendJson(response, ok({ saved: true }));
      token = 'tok-new'; // the user signs in again on the overlay before this answer arrives
      return sendJson(response, { code: ResultCode.SESSION_EXPIRED, msg: 'Session expired', data: null }, 401);
    };
    const hooked = clientWith({}, () => token);
    expect(await value(hooked.client.post('/api/v1/error_log/add', {}))).toEqual({ saved: true });
    expect(server.received.map((request) => request.headers.token)).toEqual(['tok-old', 'tok-new']);
    expect(hooked.expired).toBe(0);
    expect(hooked.notices).toEqual([]);
  });

  it('a call refused while the session is over (the overlay on) ends it as any 401 does', async () => {
    let token: string | null = 'tok-old';
    handler = (_, response) => {
      token = null;
      return sendJson(response, { code: ResultCode.SESSION_EXPIRED, msg: 'Session expired', data: null }, 401);
    };
    const hooked = clientWith({}, () => token);
    await failure(hooked.client.get('/api/v1/user/get_user_details'));
    expect(hooked.expired).toBe(1);
    expect(server.received).toHaveLength(1);
  });

  it('a GET sent ahead (warm) answers the same GET asked within the time, once; other GETs go out', async () => {
    let clock = 1_700_000_000_000;
    handler = (request, response) => sendJson(response, ok({ path: request.path.replace('/prefix', ''), page: request.query.get('page') }));
    const { client } = clientWith({}, 'tok-1', () => clock);
    client.warm(() => [client.get('/api/v1/invitereg/info'), client.get('/api/v1/invitereg/list', { page: 1, page_size: 20 })]);
    expect(await value(client.get('/api/v1/invitereg/list', { page: 1, page_size: 20 }))).toEqual({
      path: '/api/v1/invitereg/list',
      page: '1',
    });
    expect(await value(client.get('/api/v1/invitereg/info'))).toMatchObject({ path: '/api/v1/invitereg/info' });
    expect(server.received).toHaveLength(2);
    // Claimed once: asked again, it goes out.
    await value(client.get('/api/v1/invitereg/info'));
    // Other parameters are another GET.
    client.warm(() => [client.get('/api/v1/invitereg/list', { page: 1, page_size: 20 })]);
    await value(client.get('/api/v1/invitereg/list', { page: 2, page_size: 20 }));
    expect(server.received).toHaveLength(5);
    // Past WARM_GET_TTL_MS the page asks afresh.
    clock += 5_001;
    await value(client.get('/api/v1/invitereg/list', { page: 1, page_size: 20 }));
    expect(server.received).toHaveLength(6);
    // One cancelled meanwhile (the user went on to another page) is no answer: the page asks afresh.
    client.warm(() => [client.get('/api/v1/invitereg/info')]);
    client.cancelAll();
    await vi.advanceTimersByTimeAsync(10);
    expect(await value(client.get('/api/v1/invitereg/info'))).toMatchObject({ path: '/api/v1/invitereg/info' });
  });

  it('not enough points opens the top-up dialog; the codes the view handles stay silent', async () => {
    handler = (request, response) => sendJson(response, { code: Number(request.query.get('code')), msg: 'refused', data: null });
    const hooked = clientWith();
    const points = await failure(hooked.client.get('/api/v1/x', { code: ResultCode.NOT_ENOUGH_POINTS }));
    expect(points.code).toBe(ResultCode.NOT_ENOUGH_POINTS);
    expect(hooked.notices).toEqual([
      { kind: 'confirmPoints', titleKey: 'sys.api.operationFailed', text: 'sys.api.pointsNotEnough', translate: true },
    ]);

    for (const code of [100124, 100123, 100121, 100020]) await failure(hooked.client.get('/api/v1/x', { code }));
    expect(hooked.notices).toHaveLength(1);

    await failure(hooked.client.get('/api/v1/x', { code: ResultCode.REDIRECT_LOGIN }));
    expect(hooked.redirected).toBe(1);
  });

  it('shows a refusal as a modal when the call asks for it', async () => {
    handler = (_, response) => sendJson(response, { code: -1, msg: 'Name taken', data: null });
    const hooked = clientWith();
    await failure(hooked.client.post('/api/v1/site/add', {}, { errorMessageMode: 'modal' }));
    expect(hooked.notices).toEqual([{ kind: 'modal', titleKey: 'sys.api.errorTip', text: 'Name taken', translate: false }]);
  });

  it('a request that takes too long fails with the timeout message', async () => {
    handler = () => {};
    const hooked = clientWith();
    const error = await failure(hooked.client.post('/api/v1/slow', {}, { timeoutMs: 30 }));
    expect(error.kind).toBe('timeout');
    expect(hooked.notices).toEqual([{ kind: 'message', text: 'sys.api.apiTimeoutMessage', translate: true }]);
    // The connection hears of the timeout (repeated, the console counts the server out of reach).
    expect(hooked.reached).toEqual(['timedOut']);
    handler = (_, response) => sendJson(response, ok(null));
    await value(hooked.client.post('/api/v1/quick', {}));
    expect(hooked.reached).toEqual(['timedOut', true]);
  });

  it('downloads a blob named by Content-Disposition, account_list.csv when the server names none', async () => {
    handler = (request, response) => {
      response.writeHead(200, {
        'Content-Type': 'text/csv',
        ...(request.query.get('named') ? { 'Content-Disposition': "attachment; filename*=UTF-8''sites%20list.csv" } : {}),
      });
      response.end('id,name\n1,Ada\n');
    };
    const { client } = clientWith();
    const named = await value(client.download('/api/v1/account/export', { named: 1 }));
    expect(named.name).toBe('sites list.csv');
    expect(await named.content.text()).toBe('id,name\n1,Ada\n');
    expect((await value(client.download('/api/v1/account/export'))).name).toBe('account_list.csv');
  });

  it('a download refused with an envelope fails with its code', async () => {
    handler = (_, response) => sendJson(response, { code: ResultCode.NOT_ENOUGH_POINTS, msg: 'no points', data: null });
    const { client } = clientWith();
    expect((await failure(client.download('/api/v1/account/export'))).code).toBe(ResultCode.NOT_ENOUGH_POINTS);
  });
});

describe('http client: pending requests', () => {
  it('aborts a pending duplicate (same method and URL) when configured; the newer one answers', async () => {
    const waiting: (() => void)[] = [];
    handler = (request, response) => {
      waiting.push(() => sendJson(response, ok(request.query.get('n'))));
    };
    const hooked = clientWith({ removeDuplicatePending: true });
    const first = settled(hooked.client.get('/api/v1/site/list', { n: 1 }));
    const second = hooked.client.get('/api/v1/site/list', { n: 2 });
    const earlier = await first;
    expect(earlier.status).toBe('rejected');
    expect((earlier as PromiseRejectedResult).reason).toMatchObject({ kind: 'cancelled' });
    while (waiting.length < 1) await new Promise((resolve) => setImmediate(resolve));
    waiting.forEach((answer) => answer());
    // The earlier request was aborted before it left or while it waited: the server answers one.
    expect(await value(second)).toBe('2');
    expect(hooked.notices).toEqual([]);
  });

  it('keeps duplicates when not configured', async () => {
    handler = (request, response) => sendJson(response, ok(request.query.get('n')));
    const { client } = clientWith();
    const [a, b] = await Promise.all([value(client.get('/api/v1/a', { n: 1 })), value(client.get('/api/v1/a', { n: 2 }))]);
    expect([a, b]).toEqual(['1', '2']);
  });

  it('cancels every pending request on demand (a route change)', async () => {
    handler = () => {};
    const { client, notices } = clientWith();
    const pending = [client.get('/api/v1/a'), client.post('/api/v1/b', {})];
    const outcomes = pending.map((call) => failure(call));
    while (server.received.length < 2) await new Promise((resolve) => setImmediate(resolve));
    expect(client.pendingCount).toBe(2);
    client.cancelAll();
    for (const outcome of outcomes) expect((await outcome).kind).toBe('cancelled');
    expect(client.pendingCount).toBe(0);
    expect(notices).toEqual([]);
  });
});

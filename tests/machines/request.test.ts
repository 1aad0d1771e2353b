import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { ResultCode } from '../../contract/codes';
import { requestMachine, type HttpResponse, type RequestInput } from '../../src/machines/request.machine';
import { createTransitionCoverage } from './coverage';
import { createFakeActors, replayAll, settle, type Model } from './modelPaths';
import { failure } from './fixtures/accounts';

const envelope = (code: number, data: unknown = null): HttpResponse => ({
  status: 200,
  headers: {},
  body: { code, msg: code === 200 ? 'ok' : `refused ${code}`, data },
});
const OK = envelope(ResultCode.SUCCESS, { list: null, total: 0 });
const FILE: HttpResponse = { status: 200, headers: { 'content-disposition': 'attachment; filename="sites.csv"' }, body: 'id,name\n' };

const GET: RequestInput = {
  method: 'GET',
  url: '/api/v1/site/list',
  request: {},
  options: { retry: { attempts: 3, delayMs: 100 }, errorMessageMode: 'message', raw: false },
};
const POST: RequestInput = {
  method: 'POST',
  url: '/api/v1/site/add',
  request: {},
  options: { retry: null, errorMessageMode: 'none', raw: false },
};
const DOWNLOAD: RequestInput = {
  method: 'GET',
  url: '/api/v1/account/export',
  request: {},
  options: { retry: null, errorMessageMode: 'modal', raw: true },
};

/** `renewed`: the session was renewed while the first attempt was out (a re-login on the overlay). */
function requestWith(record: (name: string, params?: unknown) => void = () => {}, renewed = false) {
  return requestMachine.provide({
    guards: { sessionRenewed: ({ context }) => renewed && context.attempt === 1 },
    actions: {
      notify: (_, notice) => record('notify', notice),
      expireSession: (_, replaced) => record('expireSession', replaced),
      redirectToLogin: () => record('redirectToLogin'),
      logAjaxError: (_, entry) => record('logAjaxError', entry),
    },
  });
}

const model = (input: RequestInput, renewed = false): Model<ReturnType<typeof requestWith>> => ({
  machine: requestWith(undefined, renewed),
  input,
  outputs: {
    send: [
      OK,
      FILE,
      envelope(ResultCode.NOT_ENOUGH_POINTS),
      envelope(ResultCode.REDIRECT_LOGIN),
      envelope(ResultCode.SESSION_EXPIRED),
      envelope(ResultCode.SECOND_FACTOR_REQUIRED),
      envelope(ResultCode.ERROR),
    ],
  },
  errors: {
    send: [
      failure(-1, 'cancelled'),
      failure(-1, 'network'),
      failure(500, 'http', 500),
      failure(401, 'http', 401),
      failure(404, 'http', 404),
    ],
  },
  delays: { retryDelay: (snapshot) => snapshot.context.options.retry?.delayMs ?? 0 },
  label: (event) => {
    if (event.type.startsWith('xstate.done.actor.')) {
      const { body } = (event as unknown as { output: HttpResponse }).output;
      return `done:send(${typeof body === 'object' && body !== null ? `code=${(body as { code: number }).code}` : 'file'})`;
    }
    return undefined;
  },
  serializeState: (snapshot: AnyMachineSnapshot) => {
    const { attempt, failure: failed } = snapshot.context;
    return JSON.stringify([snapshot.value, attempt, failed?.kind ?? null, failed?.code ?? null, failed?.status ?? null]);
  },
});

const coverage = createTransitionCoverage('request', requestMachine);

function start(input: RequestInput, record?: (name: string, params?: unknown) => void, inspect?: typeof coverage.inspect, renewed = false) {
  const fakes = createFakeActors(['send']);
  const actor = createActor(requestWith(record, renewed).provide({ actors: fakes.logic }), { input, ...(inspect ? { inspect } : {}) });
  return { actor, fakes };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('request machine: generated paths replayed on real actors', () => {
  it.each<[string, RequestInput, boolean]>([
    ['a GET with retries', GET, false],
    ['a POST without messages', POST, false],
    ['a download', DOWNLOAD, false],
    ['a POST out while the session was renewed', POST, true],
  ])('every path of %s reaches the states the graph predicts', async (_, input, renewed) => {
    const requestModel = model(input, renewed);
    expect(await replayAll(requestModel, coverage, (inspect) => start(input, undefined, inspect, renewed))).toBeGreaterThan(0);
  });
});

describe('request machine: what the caller and the user see', () => {
  it('retries a GET 100 ms apart and gives the caller the successful attempt’s data, list defaulted to []', async () => {
    const record = vi.fn();
    const { actor, fakes } = start(GET, record);
    actor.start();
    fakes.reject('send', failure(-1, 'network'));
    await settle();
    expect(actor.getSnapshot().value).toBe('waitingToRetry');
    await vi.advanceTimersByTimeAsync(99);
    expect(fakes.started('send')).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fakes.started('send')).toBe(2);
    expect(fakes.inputOf('send')).toMatchObject({ attempt: 2 });
    fakes.resolve('send', OK);
    await settle();
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(actor.getSnapshot().context.result).toEqual({ list: [], total: 0 });
    expect(record).not.toHaveBeenCalled();
  });

  it('gives up after the last attempt and logs the ajax error; the offline banner, not a message, says it', async () => {
    const record = vi.fn();
    const { actor, fakes } = start(GET, record);
    actor.start();
    for (let attempt = 1; attempt <= 3; attempt++) {
      fakes.reject('send', failure(-1, 'network'));
      await settle();
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(fakes.started('send')).toBe(3);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(record).toHaveBeenCalledWith('logAjaxError', expect.objectContaining({ url: GET.url, method: 'GET' }));
    expect(record).not.toHaveBeenCalledWith('notify', expect.anything());
  });

  it('does not retry a POST or a client error', async () => {
    const post = start(POST);
    post.actor.start();
    post.fakes.reject('send', failure(-1, 'network'));
    await settle();
    expect(post.actor.getSnapshot().value).toBe('failed');

    const get = start(GET);
    get.actor.start();
    get.fakes.reject('send', failure(404, 'http', 404));
    await settle();
    expect(get.actor.getSnapshot().value).toBe('failed');
  });

  it('HTTP 401 shows the message and ends the session', async () => {
    const record = vi.fn();
    const { actor, fakes } = start(GET, record);
    actor.start();
    fakes.reject('send', { kind: 'http', status: 401, code: 401, msg: '' });
    await settle();
    expect(record).toHaveBeenCalledWith('notify', { kind: 'message', text: 'sys.api.errMsg401', translate: true });
    expect(record).toHaveBeenCalledWith('expireSession', false);
  });

  it('repeat-login shows the server’s message and ends the session as replaced, whether sent with 401 or 200', async () => {
    for (const status of [401, 200]) {
      const record = vi.fn();
      const { actor, fakes } = start(GET, record);
      actor.start();
      const msg = '您的账号已在其他地方登录，当前会话已结束，请重新登录';
      if (status === 401) fakes.reject('send', { kind: 'http', status, code: ResultCode.REPEAT_LOGIN, msg });
      else fakes.resolve('send', { status, headers: {}, body: { code: ResultCode.REPEAT_LOGIN, msg, data: null } });
      await settle();
      expect(record.mock.calls.filter(([name]) => name !== 'logAjaxError')).toEqual([
        ['notify', { kind: 'message', text: msg, translate: false }],
        ['expireSession', true],
      ]);
    }
  });

  it('repeat-login says why even on a call whose view shows its own errors: that view closes with the session', async () => {
    const record = vi.fn();
    const { actor, fakes } = start(POST, record);
    actor.start();
    const msg = '您的账号已在其他地方登录，当前会话已结束，请重新登录';
    fakes.reject('send', { kind: 'http', status: 401, code: ResultCode.REPEAT_LOGIN, msg });
    await settle();
    expect(record.mock.calls.filter(([name]) => name !== 'logAjaxError')).toEqual([
      ['notify', { kind: 'message', text: msg, translate: false }],
      ['expireSession', true],
    ]);
  });

  it('a session that timed out under such a call ends silently: the overlay explains it', async () => {
    const record = vi.fn();
    const { actor, fakes } = start(POST, record);
    actor.start();
    fakes.reject('send', { kind: 'http', status: 401, code: ResultCode.SESSION_EXPIRED, msg: 'expired' });
    await settle();
    expect(record.mock.calls.filter(([name]) => name !== 'logAjaxError')).toEqual([['expireSession', false]]);
  });

  it('a 401 for a session renewed meanwhile sends again, without a message and without ending the new session', async () => {
    const record = vi.fn();
    const { actor, fakes } = start(POST, record, undefined, true);
    actor.start();
    fakes.resolve('send', envelope(ResultCode.SESSION_EXPIRED));
    await settle();
    expect(fakes.started('send')).toBe(2);
    fakes.resolve('send', OK);
    await settle();
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(record).not.toHaveBeenCalled();
  });

  it('not enough points offers the top-up dialog; 2005 goes to login; suppressed codes stay silent', async () => {
    const cases: [HttpResponse, unknown[]][] = [
      [
        envelope(ResultCode.NOT_ENOUGH_POINTS),
        ['notify', { kind: 'confirmPoints', titleKey: 'sys.api.operationFailed', text: 'sys.api.pointsNotEnough', translate: true }],
      ],
      [envelope(ResultCode.REDIRECT_LOGIN), ['redirectToLogin']],
    ];
    for (const [response, call] of cases) {
      const record = vi.fn();
      const { actor, fakes } = start(GET, record);
      actor.start();
      fakes.resolve('send', response);
      await settle();
      expect(record.mock.calls).toEqual([call]);
    }
    for (const code of [100124, 100123, 100121, 100020]) {
      const record = vi.fn();
      const { actor, fakes } = start(GET, record);
      actor.start();
      fakes.resolve('send', envelope(code));
      await settle();
      expect(actor.getSnapshot().value).toBe('failed');
      expect(record).not.toHaveBeenCalled();
    }
  });

  it('shows the server message in the configured mode', async () => {
    const record = vi.fn();
    const { actor, fakes } = start(DOWNLOAD, record);
    actor.start();
    fakes.resolve('send', envelope(ResultCode.ERROR));
    await settle();
    expect(record).toHaveBeenCalledWith('notify', { kind: 'modal', titleKey: 'sys.api.errorTip', text: 'refused -1', translate: false });
  });

  it('a cancelled or superseded request ends without a message', () => {
    for (const type of ['REQUEST.CANCEL', 'REQUEST.SUPERSEDED'] as const) {
      const record = vi.fn();
      const { actor } = start(GET, record);
      actor.start();
      actor.send({ type });
      expect(actor.getSnapshot().status).toBe('done');
      expect(actor.getSnapshot().context.failure?.kind).toBe('cancelled');
      expect(record).not.toHaveBeenCalled();
    }
  });
});

afterAll(() => {
  coverage.report();
});

it('request machine: every transition is covered', () => {
  expect(coverage.uncovered()).toEqual([]);
});

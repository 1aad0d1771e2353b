import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_LOG_BATCH_LIMIT,
  ERROR_LOG_FIELD_LIMITS,
  ERROR_LOG_KEYWORD_LIMIT,
  type ErrorLogInput,
  type ErrorLogList,
} from '../../contract/schemas/errorLog';
import { ERROR_LOG_KEEP_PER_ACCOUNT } from '../../server/domain/system/errorLog';
import { adminSession, signIn } from './fixtures';
import { startTestServer, type TestServer } from './harness';

const ADD = '/api/v1/error_log/add';
const LIST = '/api/v1/error_log/list';

const entry = (message: string, overrides: Partial<ErrorLogInput> = {}): ErrorLogInput => ({
  message,
  type: 'script',
  url: 'https://console.example/site',
  name: 'TypeError',
  file: 'https://console.example/assets/site.js:10:5',
  stack: 'TypeError: x is undefined\n    at f (site.js:10:5)',
  detail: '{}',
  time: '2026-11-21T15:00:00.000Z',
  ...overrides,
});

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

describe('error log', () => {
  it('stores a batch for the caller and lists only the caller’s own entries, newest first, with their username', async () => {
    const ada = await signIn(t, 'elog-ada', ['official']);
    const bob = await signIn(t, 'elog-bob', ['official']);
    const added = await t.call<{ added: number }>('POST', ADD, {
      token: ada,
      body: { entries: [entry('first'), entry('second', { type: 'ajax', name: 'GET 500' })] },
    });
    expect(added).toMatchObject({ status: 200, code: 200, data: { added: 2 } });
    await t.call('POST', ADD, { token: bob, body: { entries: [entry('bob only')] } });

    const list = await t.call<ErrorLogList>('GET', LIST, { token: ada });
    expect(list.code).toBe(200);
    expect(list.data.total).toBe(2);
    expect(list.data.list.map((row) => [row.message, row.type, row.username])).toEqual([
      ['second', 'ajax', 'elog-ada'],
      ['first', 'script', 'elog-ada'],
    ]);
    expect(list.data.list[1]).toMatchObject({ ...entry('first'), created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
  });

  it('lets role admin see everyone’s entries with all=1, and refuses it to others', async () => {
    const admin = await adminSession(t);
    const all = await t.call<ErrorLogList>('GET', `${LIST}?all=1&page_size=100`, { token: admin });
    expect(all.code).toBe(200);
    expect(new Set(all.data.list.map((row) => row.username))).toEqual(new Set(['elog-ada', 'elog-bob']));

    const own = await t.call<ErrorLogList>('GET', LIST, { token: admin });
    expect(own.data.total).toBe(0);

    const ada = await signIn(t, 'elog-ada', ['official']);
    const refused = await t.call('GET', `${LIST}?all=1`, { token: ada });
    expect(refused).toMatchObject({ status: 403, code: 403 });
  });

  it('pages the list', async () => {
    const ada = await signIn(t, 'elog-ada', ['official']);
    const page = await t.call<ErrorLogList>('GET', `${LIST}?page=2&page_size=1`, { token: ada });
    expect(page.data).toMatchObject({ total: 2, list: [{ message: 'first' }] });
  });

  it('filters by type and by keyword (message, url, name or file; case-insensitive, % and _ taken literally), alone and with all=1', async () => {
    const eve = await signIn(t, 'elog-eve', ['official']);
    await t.call('POST', ADD, {
      token: eve,
      body: {
        entries: [
          entry('Request failed with status 500', { type: 'ajax', name: 'AxiosError', url: 'https://console.example/article', file: '' }),
          entry('x is not a function', { type: 'script', name: 'TypeError', file: 'https://console.example/assets/Chart-9.js:1:2' }),
          entry('100% broken', { type: 'promise', name: 'Error' }),
        ],
      },
    });
    const messages = async (query: string, token = eve) => {
      const res = await t.call<ErrorLogList>('GET', `${LIST}?${query}`, { token });
      expect(res.code, query).toBe(200);
      return { total: res.data.total, messages: res.data.list.map((row) => row.message) };
    };
    expect(await messages('type=ajax')).toEqual({ total: 1, messages: ['Request failed with status 500'] });
    expect(await messages('type=vue')).toEqual({ total: 0, messages: [] });
    expect(await messages('keyword=STATUS%20500')).toEqual({ total: 1, messages: ['Request failed with status 500'] });
    expect((await messages('keyword=/article')).messages).toEqual(['Request failed with status 500']);
    expect((await messages('keyword=typeerror')).messages).toEqual(['x is not a function']);
    expect((await messages('keyword=chart-9')).messages).toEqual(['x is not a function']);
    expect((await messages(`keyword=${encodeURIComponent('100%')}`)).messages).toEqual(['100% broken']);
    expect((await messages('keyword=_')).total).toBe(0);
    expect((await messages('keyword=%20%20')).total).toBe(3);
    expect(await messages('type=script&keyword=function')).toEqual({ total: 1, messages: ['x is not a function'] });
    expect(await messages('type=ajax&keyword=function')).toEqual({ total: 0, messages: [] });

    const admin = await adminSession(t);
    const everyone = await t.call<ErrorLogList>('GET', `${LIST}?all=1&type=ajax&page_size=100`, { token: admin });
    expect(everyone.data.list.map((row) => [row.username, row.message])).toEqual([
      ['elog-eve', 'Request failed with status 500'],
      ['elog-ada', 'second'],
    ]);
    expect(everyone.data.total).toBe(2);
  });

  it('refuses a bad list query with 400 naming the field', async () => {
    const ada = await signIn(t, 'elog-ada', ['official']);
    const refused = async (query: string) => {
      const res = await t.call('GET', `${LIST}?${query}`, { token: ada });
      return [res.status, res.msg];
    };
    expect(await refused('type=vue3')).toEqual([400, expect.stringMatching(/^Type must be one of /)]);
    expect(await refused(`keyword=${'k'.repeat(ERROR_LOG_KEYWORD_LIMIT + 1)}`)).toEqual([400, expect.stringMatching(/^Keyword\b/)]);
    expect(await refused('all=2')).toEqual([400, expect.stringMatching(/^All\b/)]);
    expect(await refused('page=0')).toEqual([400, expect.stringMatching(/^Page\b/)]);
    expect(await refused('page_size=101')).toEqual([400, expect.stringMatching(/^Page size\b/)]);
    expect(await refused('user=bob')).toEqual([400, '"user" is not a known field']);
    expect((await t.call('GET', `${LIST}?keyword=${'k'.repeat(ERROR_LOG_KEYWORD_LIMIT)}`, { token: ada })).status).toBe(200);
  });

  it('validates entries by the contract: type, field sizes, batch size, unknown fields', async () => {
    const ada = await signIn(t, 'elog-ada', ['official']);
    const refusedBodies = [
      { entries: [] },
      { entries: [{ ...entry('x'), type: 'vue3' }] },
      { entries: [entry('x'.repeat(ERROR_LOG_FIELD_LIMITS.message + 1))] },
      { entries: [entry('x', { stack: 's'.repeat(ERROR_LOG_FIELD_LIMITS.stack + 1) })] },
      { entries: Array.from({ length: ERROR_LOG_BATCH_LIMIT + 1 }, (_, i) => entry(`n${i}`)) },
      { entries: [{ ...entry('x'), extra: 1 }] },
      { entries: [{ message: 'no other fields', type: 'script' }] },
    ];
    for (const body of refusedBodies) {
      const res = await t.call('POST', ADD, { token: ada, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const atLimit = await t.call<{ added: number }>('POST', ADD, {
      token: ada,
      body: { entries: [entry('m'.repeat(ERROR_LOG_FIELD_LIMITS.message), { stack: 's'.repeat(ERROR_LOG_FIELD_LIMITS.stack) })] },
    });
    expect(atLimit.data).toEqual({ added: 1 });
  });

  it('needs a session, and a locked screen still reports', async () => {
    expect((await t.call('POST', ADD, { body: { entries: [entry('anonymous')] } })).status).toBe(401);
    const cy = await signIn(t, 'elog-cy', ['official']);
    expect((await t.call('POST', '/api/v1/user/lock', { token: cy })).code).toBe(200);
    expect((await t.call('POST', ADD, { token: cy, body: { entries: [entry('while locked')] } })).data).toEqual({ added: 1 });
    expect((await t.call('GET', LIST, { token: cy })).code).toBe(100150);
  });

  it(`keeps an account’s newest ${ERROR_LOG_KEEP_PER_ACCOUNT} entries`, async () => {
    const dee = await signIn(t, 'elog-dee', ['official']);
    const batches = Math.ceil((ERROR_LOG_KEEP_PER_ACCOUNT + 10) / ERROR_LOG_BATCH_LIMIT);
    for (let b = 0; b < batches; b++) {
      const entries = Array.from({ length: ERROR_LOG_BATCH_LIMIT }, (_, i) => entry(`e${b * ERROR_LOG_BATCH_LIMIT + i}`));
      expect((await t.call('POST', ADD, { token: dee, body: { entries } })).code).toBe(200);
    }
    const list = await t.call<ErrorLogList>('GET', `${LIST}?page_size=1`, { token: dee });
    expect(list.data.total).toBe(ERROR_LOG_KEEP_PER_ACCOUNT);
    expect(list.data.list[0].message).toBe(`e${batches * ERROR_LOG_BATCH_LIMIT - 1}`);
    const oldest = await t.call<ErrorLogList>('GET', `${LIST}?page_size=1&page=${ERROR_LOG_KEEP_PER_ACCOUNT}`, { token: dee });
    expect(oldest.data.list[0].message).toBe(`e${batches * ERROR_LOG_BATCH_LIMIT - ERROR_LOG_KEEP_PER_ACCOUNT}`);
  });
});

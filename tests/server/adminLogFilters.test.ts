import { describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { serverWithAdmin } from './pipelineHelpers';

/* The admin log is searched by what it shows: an action or resource by its words in the reader's language, or by its code. */

let t: TestServer;
let admin: string;
serverWithAdmin((started) => ({ t, admin } = started));

interface Entry {
  action: string;
  resource: string;
}
async function found(query: string, language: string): Promise<Entry[]> {
  const res = await fetch(`${t.url}/admin/v1/admin-log/list?page_size=100&${query}`, {
    headers: { authorization: `Bearer ${admin}`, 'accept-language': language },
  });
  const body = (await res.json()) as { code: number; data: { list: Entry[] } };
  expect(body.code).toBe(200);
  return body.data.list;
}

describe('the admin log’s filters', () => {
  it('find a resource by its words in the reader’s language, or by its code', async () => {
    const signIns = await found(`resource=${encodeURIComponent('用户')}`, 'zh-CN');
    expect(signIns.length).toBeGreaterThan(0);
    expect(new Set(signIns.map((e) => e.resource))).toEqual(new Set(['user']));
    expect((await found('resource=USER', 'en')).map((e) => e.resource)).toContain('user');
    expect(await found('resource=user', 'zh-CN')).toEqual(signIns);
    // Words in another language than the reader's are not its words.
    expect(await found(`resource=${encodeURIComponent('用户')}`, 'en')).toEqual([]);
    expect(await found(`resource=${encodeURIComponent('没有这种资源')}`, 'zh-CN')).toEqual([]);
  });

  it('find an action by its words, as by its code', async () => {
    const byWords = await found(`action=${encodeURIComponent('登录')}`, 'zh-CN');
    expect(byWords.map((e) => e.action)).toContain('login');
    expect(byWords.map((e) => e.action)).not.toContain('create');
    expect((await found('action=sign%20in', 'en')).map((e) => e.action)).toContain('login');
    expect((await found('action=login', 'zh-CN')).map((e) => e.action)).toContain('login');
  });
});

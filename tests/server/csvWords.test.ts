import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPoints } from '../../server/db/accounts';
import { loginAdmin, type TestServer } from './harness';
import { newClient, startServer, type Client } from './pipelineHelpers';

/*
 * A CSV download says what its codes mean in the reader's language, with the words the console
 * shows; a machine client that asks for the keys gets the codes.
 */

let t: TestServer;
let admin: string;
let client: Client;
beforeAll(async () => {
  t = await startServer({ WORKERS: '0' });
  admin = await loginAdmin(t);
  client = await newClient(t);
  await addPoints(t.server.app.ctx.db, client.accountId, -3, 'article_generation', 'article_task_item:4');
  await addPoints(t.server.app.ctx.db, client.accountId, 2, 'grant', 'admin: order:9 was short');
  const packs = await client.get<{ list: { id: number; name: string }[] }>('/api/v1/topup/package/list');
  await client.call('POST', '/api/v1/topup/order/create', { body: { package_id: packs.data.list[0].id } });
});
afterAll(async () => t?.close());

/** The download's rows after its header, as a spreadsheet reads them (cells split at commas: none here holds one). */
async function rowsOf(path: string, token: string, language: string): Promise<string[][]> {
  const res = await fetch(t.url + path, { headers: { authorization: `Bearer ${token}`, 'accept-language': language } });
  expect(res.status).toBe(200);
  const text = (await res.text()).replace(/^\uFEFF/, '');
  return text
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(','));
}

describe('a CSV download’s codes', () => {
  it('the ledger: its reasons and references in Chinese, English, or as codes', async () => {
    const cells = async (language: string, query = '') =>
      (await rowsOf(`/api/v1/account/points/export${query}`, client.token, language)).map((row) => row.slice(2, 4));
    expect(await cells('zh-CN')).toEqual(
      expect.arrayContaining([
        ['文章生成', '文章生成任务项 #4'],
        // An operator's note is text, though it names an order.
        ['管理员调整', 'admin: order:9 was short'],
        ['注册赠送', ''],
      ]),
    );
    expect(await cells('en')).toEqual(expect.arrayContaining([['Article generation', 'Generation task item #4']]));
    expect(await cells('zh-CN', '?headers=keys')).toEqual(expect.arrayContaining([['article_generation', 'article_task_item:4']]));
  });

  it('orders and accounts: their channels, statuses and roles', async () => {
    const order = async (language: string, query = '') =>
      (await rowsOf(`/api/v1/topup/order/export${query}`, client.token, language))[0].filter((_, column) => column === 2 || column === 5);
    expect(await order('zh-CN')).toEqual(['转账', '待支付']);
    expect(await order('en')).toEqual(['Transfer', 'Awaiting payment']);
    expect(await order('zh-CN', '?headers=keys')).toEqual(['manual', 'pending']);

    const account = async (language: string, query = '') =>
      (await rowsOf(`/admin/v1/subaccount/export${query}`, admin, language))
        .find((row) => row[0] === String(client.accountId))
        ?.filter((_, column) => column === 4 || column === 6);
    expect(await account('zh-CN')).toEqual(['账户所有者', '已启用']);
    expect(await account('en')).toEqual(['Account owner', 'Enabled']);
    expect(await account('zh-CN', '?headers=keys')).toEqual(['master', 'enabled']);
  });

  it('the admin log: what was done, and what to', async () => {
    const signIn = async (language: string, query = '') =>
      (await rowsOf(`/admin/v1/admin-log/export?user=admin&action=login${query}`, admin, language))[0].slice(3, 7);
    expect(await signIn('zh-CN')).toEqual(['登录', 'POST', '/api/v1/user/login', '用户']);
    expect(await signIn('en')).toEqual(['Sign in', 'POST', '/api/v1/user/login', 'User']);
    expect(await signIn('zh-CN', '&headers=keys')).toEqual(['login', 'POST', '/api/v1/user/login', 'user']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../contract/paths';
import { ADMIN_PASSWORD } from './harness';
import { freshIp, startAuthServer, type AuthServer } from './authKit';

/**
 * The server answers in the caller's language: the first-hour refusals come back in Chinese when
 * Chinese is asked for and in English when English is, with no field name or validator wording.
 */
let s: AuthServer;
let admin: string;
beforeAll(async () => {
  s = await startAuthServer();
  const res = await s.as(freshIp())<{ token: string }>('POST', ApiPath.login, { body: { username: 'admin', password: ADMIN_PASSWORD } });
  admin = res.data.token;
});
afterAll(async () => s?.close());

type Language = 'zh-CN' | 'en';
const ask = (language: Language | null, method: string, path: string, body?: unknown, token: string | null = admin) =>
  s.as(freshIp())(method, path, { body, token, headers: language ? { 'accept-language': language } : {} });

/** The first-hour refusals: what a new user meets, and what each says in either language. */
const FIRST_HOUR: { name: string; send: (language: Language) => ReturnType<typeof ask>; zh: RegExp; en: RegExp }[] = [
  {
    name: 'a wrong password',
    send: (l) => ask(l, 'POST', ApiPath.login, { username: 'admin', password: 'not-the-password' }, null),
    zh: /^用户名或密码错误$/,
    en: /^Wrong username or password$/,
  },
  {
    name: 'missing fields',
    send: (l) => ask(l, 'POST', ApiPath.siteAdd, { type: 'export' }),
    zh: /^名称不能为空；网址不能为空$/,
    en: /^Name is required; URL is required$/,
  },
  {
    name: 'a mistyped field',
    send: (l) => ask(l, 'POST', ApiPath.siteAdd, { name: 5, url: 'https://shop.example', type: 'export' }),
    zh: /^名称应为文本$/,
    en: /^Name must be text$/,
  },
  {
    name: 'an unknown prompt variable',
    send: (l) => ask(l, 'POST', ApiPath.promptAdd, { kind: 'article', name: 'Mine', content: 'Write about {foo}' }),
    zh: /^模板中有未知变量 \{foo\}；可用的变量有 \{keyword\}/,
    en: /^Template: unknown variable\(s\) \{foo\}; the known ones are \{keyword\}/,
  },
  {
    // The prompt editor labels its content the template: so do the prompt routes' refusals.
    name: 'a prompt without its template',
    send: (l) => ask(l, 'POST', ApiPath.promptAdd, { kind: 'article', name: 'Mine' }),
    zh: /^模板不能为空$/,
    en: /^Template is required$/,
  },
  {
    name: 'a notice without its content',
    send: (l) => ask(l, 'POST', ApiPath.adminNoticeAdd, { title: 'Hello', audience: 'all' }),
    zh: /^内容不能为空$/,
    en: /^Content is required$/,
  },
  {
    name: 'a wrong recharge code',
    send: (l) => ask(l, 'POST', ApiPath.topupCodeRedeem, { code: 'NO-SUCH-CODE' }),
    zh: /^充值码不存在：请检查输入是否正确$/,
    en: /^There is no such recharge code: check what you typed$/,
  },
  {
    name: 'a bad notice date',
    send: (l) => ask(l, 'POST', ApiPath.adminNoticeAdd, { title: 'Hello', content: '<p>Hi</p>', audience: 'all', publish_at: '2026' }),
    zh: /^发布时间格式应为 YYYY-MM-DD HH:mm:ss$/,
    en: /^Publish time: expected YYYY-MM-DD HH:mm:ss$/,
  },
  {
    name: 'a bad IP allow-list',
    send: (l) => ask(l, 'POST', ApiPath.accessKeyAdd, { name: 'ci', scopes: ['read'], allowed_ips: ['not-an-ip'] }),
    zh: /^允许的 IP 地址中的“not-an-ip”不是 IP 地址或 CIDR 网段$/,
    en: /^Allowed IP addresses: "not-an-ip" is not an IP address or CIDR range$/,
  },
  {
    name: 'an unknown article',
    send: (l) => s.as(freshIp())('GET', `${ApiPath.articleDetail}?id=999999`, { token: admin, headers: { 'accept-language': l } }),
    zh: /^没有 ID 为 999999 的文章$/,
    en: /^No article with id 999999$/,
  },
  {
    name: 'no session',
    send: (l) => ask(l, 'GET', ApiPath.userDetails, undefined, null),
    zh: /^未登录或登录已失效，请先登录$/,
    en: /^Not logged in$/,
  },
];

/** What may stay in Latin letters in a Chinese message: formats, units, user data and tokens the user typed. */
const LATIN_ALLOWED = /YYYY-MM-DD|HH:mm:ss|\bIP\b|\bCIDR\b|\bID\b|\{\w+\}|“[^”]*”/g;
/** What a message must never show: a raw field name or ajv's own words. */
const RAW = /\b[a-z]+_[a-z_]+\b|must NOT|must have required property|instancePath|\/[a-z_]+\/|\bpublish_at\b|\burl\b/;

describe('messages in the caller language', () => {
  for (const refusal of FIRST_HOUR) {
    it(`words ${refusal.name} in Chinese and in English, without raw field names`, async () => {
      const zh = await refusal.send('zh-CN');
      expect(zh.msg).toMatch(refusal.zh);
      expect(zh.msg.replace(LATIN_ALLOWED, '')).not.toMatch(/[A-Za-z]{2,}/);
      expect(zh.msg.replace(/\{\w+\}/g, '')).not.toMatch(RAW);
      const en = await refusal.send('en');
      expect(en.msg).toMatch(refusal.en);
      expect(en.msg.replace(/\{\w+\}/g, '')).not.toMatch(RAW);
      expect([en.status, en.code]).toEqual([zh.status, zh.code]);
    });
  }

  it('names each wrong field of a form, in the reader language', async () => {
    const res = await ask('zh-CN', 'POST', ApiPath.siteAdd, { name: '', url: 'ftp://shop.example', type: 'blog', extra: 1 });
    expect(res.status).toBe(400);
    expect(res.msg).toBe(
      '名称不能为空；网址应为以 http:// 或 https:// 开头的地址；类型应为以下之一："wordpress", "webhook", "export"；“extra”不是可接受的字段',
    );
  });

  it('inserts what a user typed as text, never as a key, a variable or markup', async () => {
    const site = await ask('en', 'POST', ApiPath.siteAdd, { name: 'Shop', url: 'https://shop.example', type: 'export' });
    const name = '$t(http.notFound) {{name}} <b>&amp;';
    const body = { site_id: (site.data as { id: number }).id, name };
    expect((await ask('en', 'POST', ApiPath.siteCategoryAdd, body)).code).toBe(200);
    const again = await ask('zh-CN', 'POST', ApiPath.siteCategoryAdd, body);
    expect(again.msg).toBe(`此站点已有分类“${name}”`);
    // A field name the request made up is never looked up past the catalog's own entries.
    const madeUp = await ask('zh-CN', 'POST', ApiPath.siteAdd, { constructor: 'a\u0000b', __proto__x: 1 });
    expect([madeUp.status, madeUp.msg]).toEqual([400, 'constructor含有无法保存的字符（U+0000 或不成对的代理字符）']);
  });

  it('takes the language the caller prefers; garbage, a huge or an unknown header never fail', async () => {
    const details = (language: string) => s.as(freshIp())('GET', ApiPath.userDetails, { headers: { 'accept-language': language } });
    expect((await details('fr-FR, en;q=0.8, zh;q=0.9')).msg).toBe('未登录或登录已失效，请先登录');
    expect((await details('de, en-GB;q=0.5')).msg).toBe('Not logged in');
    // The console's own language when the header names none we speak.
    for (const header of ['fr-FR', ';;;===', `${'x'.repeat(6000)}`]) {
      const res = await details(header);
      expect([res.status, res.msg]).toEqual([401, '未登录或登录已失效，请先登录']);
    }
    // An API client saying nothing gets English.
    expect((await s.as(freshIp())('GET', ApiPath.userDetails)).msg).toBe('Not logged in');
  });

  it("speaks the account's chosen language to its access keys when the call names none, English before it is chosen", async () => {
    const key = await ask('en', 'POST', ApiPath.accessKeyAdd, { name: 'reader', scopes: ['read'] });
    const secret = (key.data as { secret: string }).secret;
    const byKey = (headers: Record<string, string> = {}) =>
      s.as(freshIp())('GET', `${ApiPath.articleDetail}?id=999999`, { headers: { 'x-api-key': secret, ...headers } });
    expect((await byKey()).msg).toBe('No article with id 999999');

    const chosen = await ask('en', 'PUT', ApiPath.userLanguage, { language: 'zh_CN' });
    expect(chosen.code).toBe(200);
    expect((await byKey()).msg).toBe('没有 ID 为 999999 的文章');
    expect((await byKey({ 'accept-language': 'gibberish-header-value' })).msg).toBe('没有 ID 为 999999 的文章');
    expect((await byKey({ 'accept-language': 'en' })).msg).toBe('No article with id 999999');
    expect((await ask('en', 'PUT', ApiPath.userLanguage, { language: 'fr' })).status).toBe(400);
    await ask('en', 'PUT', ApiPath.userLanguage, { language: 'en' });
    expect((await byKey()).msg).toBe('No article with id 999999');
  });
});

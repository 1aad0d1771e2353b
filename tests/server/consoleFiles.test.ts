import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_COOKIE } from '../../contract/firstScreen';
import { ApiPath } from '../../contract/paths';
import { FAKE_CONSOLE_SCRIPT, fakeConsole } from './fakeConsole';
import { startTestServer, type TestServer } from './harness';

/** A GET as curl or a health check sends it: no Accept-Encoding (fetch always asks for gzip). */
function plainGet(url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

/**
 * The built console served by the API server (`npm start`): its files as built (precompressed,
 * cached for good under assets/), index.html for every console route, and the API's own 404 for
 * an unknown API path.
 */
describe('the console served by the server', () => {
  let t: TestServer;
  let built: ReturnType<typeof fakeConsole>;
  let dir: string;
  const script = FAKE_CONSOLE_SCRIPT;

  beforeAll(async () => {
    built = fakeConsole();
    dir = built.dir;
    t = await startTestServer({ CONSOLE_DIR: dir });
  });
  afterAll(async () => {
    await t.close();
    built.remove();
  });

  it('serves a built asset precompressed, cached for good', async () => {
    const res = await fetch(`${t.url}/assets/entry-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await res.text()).toBe(script);
  });

  it('gives each client the best encoding it accepts, and a missing asset a 404', async () => {
    const brotli = await fetch(`${t.url}/assets/entry-abc123.js`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toBe('accept-encoding');
    expect(await brotli.text()).toBe(script);
    // A file the build did not compress, to a client that takes compression.
    const style = await fetch(`${t.url}/assets/style-def456.css`, { headers: { 'accept-encoding': 'br' } });
    expect(style.headers.get('content-encoding')).toBeNull();
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await style.text()).toBe('body{margin:0}');
    // Asked again (now from memory), by a client that takes none.
    const plain = await fetch(`${t.url}/assets/entry-abc123.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);

    // An old tab's chunk after an upgrade: a 404 the console can recover from, not its page.
    const missing = await fetch(`${t.url}/assets/gone-000000.js`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('<div id="root">');
    const unknownType = await plainGet(`${t.url}/assets/gone-000000.map`);
    expect(unknownType.status).toBe(404);
    expect(unknownType.body).not.toContain('<div id="root">');
  });

  it('opens the console at / for every client, with or without compression', async () => {
    const plain = await plainGet(`${t.url}/`);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toContain('text/html');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toContain('<div id="root">');
    const brotli = await fetch(`${t.url}/`, { headers: { 'accept-encoding': 'br' } });
    expect(brotli.status).toBe(200);
    expect(await brotli.text()).toContain('<div id="root">');
    // And any console route, to the same client.
    const page = await plainGet(`${t.url}/site/list`);
    expect([page.status, page.body.includes('<div id="root">')]).toEqual([200, true]);
  });

  it('lists API operations only in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${t.url}/api/docs/json`)).json()) as { paths: Record<string, unknown> };
    const paths = Object.keys(doc.paths);
    expect(paths).toContain('/api/v1/get_app');
    expect(paths.filter((route) => !/^\/(api|admin)\//.test(route) && route !== ApiPath.permCode)).toEqual([]);
  });

  it('lets the browser keep a public file for an hour, and never index.html', async () => {
    const logo = await fetch(`${t.url}/logo.svg`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('cache-control')).toBe('public, max-age=3600');
    const index = await fetch(`${t.url}/index.html`);
    expect(index.status).toBe(200);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    // Its precompressed copy neither: a cached page would ask for a previous build's chunks.
    const compressed = await fetch(`${t.url}/index.html`, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers /login with the login page prerendered in the locale and theme the cookie names', async () => {
    const login = (cookie?: string, search = '') =>
      fetch(`${t.url}/login${search}`, { headers: cookie ? { cookie: `other=1; ${cookie}` } : {} });
    const named = await login(`${FIRST_SCREEN_COOKIE}=en.dark`);
    expect(named.status).toBe(200);
    expect(await named.text()).toContain('data-prerendered="en.dark"');
    expect(named.headers.get('cache-control')).toBe('no-cache');
    expect(named.headers.get('vary')).toContain('cookie');
    // No cookie, a variant the build did not make, or a malformed value: the build's default page.
    for (const cookie of [undefined, `${FIRST_SCREEN_COOKIE}=fr.light`, `${FIRST_SCREEN_COOKIE}=../../index`]) {
      expect(await (await login(cookie)).text()).toContain('data-prerendered="default"');
    }
    // With a redirect afterwards, still the sign-in form; an invite link opens the register form: index.html.
    expect(await (await login(undefined, '?redirect=%2Fsite')).text()).toContain('data-prerendered="default"');
    expect(await (await login(`${FIRST_SCREEN_COOKIE}=en.dark`, '?invite=ABC')).text()).not.toContain('data-prerendered');
    // Other console routes: index.html.
    expect(await (await fetch(`${t.url}/login/other`, { headers: { cookie: `${FIRST_SCREEN_COOKIE}=en.dark` } })).text()).not.toContain(
      'data-prerendered',
    );
  });

  it('answers a console route and a file added after the start', async () => {
    const page = await fetch(`${t.url}/dashboard/analysis?tab=2`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<div id="root">');

    fs.writeFileSync(path.join(dir, 'late.txt'), 'late');
    const late = await fetch(`${t.url}/late.txt`);
    expect(late.status).toBe(200);
    expect(await late.text()).toBe('late');
  });

  it('keeps the API 404 and never serves outside the console folder', async () => {
    const api = await fetch(`${t.url}/api/no_such_thing`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ data: null });

    const outside = await fetch(`${t.url}/%2e%2e/%2e%2e/etc/passwd`);
    expect(await outside.text()).not.toContain('root:');
  });
});

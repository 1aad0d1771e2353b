import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../contract/paths';
import { fakeConsole } from './fakeConsole';
import { startTestServer, type TestServer } from './harness';

/** A CSP's directives by name: `script-src` → ["'self'", …]. */
function directivesOf(policy: string | null): Map<string, string[]> {
  return new Map(
    (policy ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );
}

/**
 * The headers OWASP ASVS asks of a web console, on its pages, its files and every API answer,
 * errors included: a Content-Security-Policy that runs the console's own scripts only and lets only
 * the console's origin frame it, nosniff, a Referrer-Policy; HSTS only on a request that came over
 * HTTPS (through a proxy the server trusts).
 */
describe('security headers', () => {
  let t: TestServer;
  let untrusting: TestServer;
  let built: ReturnType<typeof fakeConsole>;

  beforeAll(async () => {
    built = fakeConsole();
    [t, untrusting] = await Promise.all([
      startTestServer({ CONSOLE_DIR: built.dir, TRUST_PROXY: '1' }),
      startTestServer({ CONSOLE_DIR: built.dir }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([t.close(), untrusting.close()]);
    built.remove();
  });

  const answers: [string, () => Promise<Response>, number][] = [
    ['the console', () => fetch(`${t.url}/`), 200],
    ['the login page', () => fetch(`${t.url}/login`), 200],
    ['a console route', () => fetch(`${t.url}/dashboard/analysis`), 200],
    ['an asset', () => fetch(`${t.url}/assets/entry-abc123.js`), 200],
    ['an API answer', () => fetch(`${t.url}${ApiPath.publicConf}`), 200],
    ['a signed-out API call', () => fetch(`${t.url}${ApiPath.userDetails}`), 401],
    ['an unknown API path', () => fetch(`${t.url}/api/nothing-here`), 404],
    [
      'a malformed body',
      () => fetch(`${t.url}${ApiPath.login}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":' }),
      400,
    ],
    ['the API docs', () => fetch(`${t.url}${ApiPath.docs}/`), 200],
    ['the API document', () => fetch(`${t.url}${ApiPath.docsJson}`), 200],
  ];

  it.each(answers)('%s carries them', async (_name, send, status) => {
    const res = await send();
    expect(res.status).toBe(status);
    const csp = directivesOf(res.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    // The console's own files and inline scripts by hash: never any inline script or eval.
    const scripts = csp.get('script-src') ?? [];
    expect(scripts[0]).toBe("'self'");
    expect(scripts.slice(1).every((source) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(source))).toBe(true);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    // Plain HTTP: a browser told HSTS here would refuse an installation without HTTPS.
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('sends HSTS on a request that came over HTTPS through a trusted proxy, only', async () => {
    const overHttps = { headers: { 'x-forwarded-proto': 'https' } };
    for (const url of [`${t.url}/login`, `${t.url}${ApiPath.publicConf}`, `${t.url}/api/nothing-here`]) {
      const res = await fetch(url, overHttps);
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    }
    // A server without TRUST_PROXY does not take a client's word for it.
    const untrusted = await fetch(`${untrusting.url}/login`, overHttps);
    expect(untrusted.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(untrusted.headers.get('strict-transport-security')).toBeNull();
  });
});

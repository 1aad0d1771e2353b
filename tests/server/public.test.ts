import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

describe('public configuration', () => {
  it('serves the runtime configuration without a token', async () => {
    const res = await t.call<{ app_name: string; session_ttl: number }>('GET', '/api/public/conf');
    expect(res.status).toBe(200);
    expect(res.code).toBe(200);
    expect(res.data.app_name).toBe('Inkpress');
    expect(res.data.session_ttl).toBe(604800);
  });

  it('answers get_app with the seeded app, and 404 for an unknown one', async () => {
    const found = await t.call<{ app_name: string; win_icon: string }>('POST', '/api/v1/get_app', { body: { app_id: 'inkpress' } });
    expect(found.data).toEqual({ app_name: 'Inkpress', win_icon: '/favicon.svg' });
    const missing = await t.call('POST', '/api/v1/get_app', { body: { app_id: 'nope' } });
    expect([missing.status, missing.code]).toEqual([404, 404]);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /App ID is required/],
      [{ app_id: 5 }, /App ID must be text/],
      [{ app_id: 'x'.repeat(65) }, /App ID/],
      [{ app_id: 'inkpress', extra: 1 }, /"extra" is not a known field/],
    ];
    for (const [body, msg] of cases) {
      const res = await t.call('POST', '/api/v1/get_app', { body });
      expect(res.status).toBe(400);
      expect(res.msg).toMatch(msg);
    }
  });

  it('answers malformed JSON, a wrong content type and a huge body with clear errors', async () => {
    const malformed = await t.call('POST', '/api/v1/get_app', { raw: '{"app_id":', headers: { 'content-type': 'application/json' } });
    expect([malformed.status, malformed.msg]).toEqual([400, 'The body is not valid JSON']);
    const wrongType = await t.call('POST', '/api/v1/get_app', { raw: 'app_id=x', headers: { 'content-type': 'text/xml' } });
    expect(wrongType.status).toBe(415);
    const huge = await t.call('POST', '/api/v1/get_app', {
      raw: JSON.stringify({ app_id: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.status).toBe(413);
  });

  it('publishes the OpenAPI document', async () => {
    const res = await fetch(`${t.url}/api/docs/json`);
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    expect(res.status).toBe(200);
    expect(Object.keys(doc.paths)).toContain('/api/v1/get_app');
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await t.call('GET', '/api/v1/nothing-here');
    expect([res.status, res.code]).toEqual([404, 404]);
  });
});

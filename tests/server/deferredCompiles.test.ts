import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeferredCompiles } from '../../server/http/deferredCompiles';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from './harness';

describe('compilations put off until the server listens', () => {
  it('runs every pending compilation after start, one per turn, and none after stop', async () => {
    const deferred = new DeferredCompiles();
    const ran: number[] = [];
    for (let i = 0; i < 5; i++) deferred.add(() => ran.push(i));
    deferred.add(() => {
      throw new Error('a schema that does not compile');
    });
    deferred.add(() => ran.push(6));
    expect(ran).toEqual([]);
    deferred.start();
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(ran.length).toBeGreaterThan(0);
    expect(ran.length).toBeLessThan(5);
    while (deferred.size > 0) await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(ran).toEqual([0, 1, 2, 3, 4, 6]);

    const stopped = new DeferredCompiles();
    stopped.add(() => ran.push(7));
    stopped.start();
    stopped.stop();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ran).not.toContain(7);
  });

  describe('a server that compiles its routes after listening', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer({}, { compileAfterListen: true });
      // Let the compilations run before the calls, as they do in a server that has been up a moment.
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    afterAll(() => t.close());

    it('still refuses a bad body with the field named, and answers a good one', async () => {
      const bad = await fetch(`${t.url}/api/v1/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 42 }),
      });
      expect(await bad.json()).toMatchObject({ code: 400, msg: 'Password must be text' });
      const good = await fetch(`${t.url}/api/v1/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
      });
      expect(await good.json()).toMatchObject({ code: 200, data: { token: expect.any(String) } });
    });
  });
});

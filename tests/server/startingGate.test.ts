import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { holdApiWhileStarting } from '../../server/http/startingGate';

/** An app whose job queue is "starting" until the test settles it. */
function startingApp() {
  let settle!: (started: boolean) => void;
  const started = new Promise<boolean>((resolve) => (settle = resolve));
  const app = Fastify();
  holdApiWhileStarting(app, started, (url) => url.startsWith('/api/'));
  app.get('/api/public/conf', async () => ({ conf: true }));
  app.post('/api/v1/user/login', async () => ({ token: 't' }));
  app.get('/login', async () => 'console');
  return { app, settle };
}

/** The answer to `request`, or 'pending' if none came within 100 ms. */
async function answerSoon(request: Promise<{ statusCode: number }>) {
  const pending = new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), 100));
  return Promise.race([request.then((res) => res.statusCode), pending]);
}

describe('requests while the server is starting (it listens before its job queue runs)', () => {
  it('answers the console and the public configuration at once; the rest of the API once the queue runs', async () => {
    const { app, settle } = startingApp();
    expect(await answerSoon(app.inject({ method: 'GET', url: '/api/public/conf' }))).toBe(200);
    expect(await answerSoon(app.inject({ method: 'GET', url: '/login' }))).toBe(200);
    const login = app.inject({ method: 'POST', url: '/api/v1/user/login' });
    expect(await answerSoon(login)).toBe('pending');
    settle(true);
    const res = await login;
    expect([res.statusCode, res.json()]).toEqual([200, { token: 't' }]);
    // Started: nothing waits any more.
    expect(await answerSoon(app.inject({ method: 'POST', url: '/api/v1/user/login' }))).toBe(200);
    await app.close();
  });

  it('fails the waiting requests when the queue could not start', async () => {
    const { app, settle } = startingApp();
    const login = app.inject({ method: 'POST', url: '/api/v1/user/login' });
    expect(await answerSoon(login)).toBe('pending');
    settle(false);
    const res = await login;
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe('The server could not start its job queue');
    await app.close();
  });
});

import { Secret, TOTP } from 'otpauth';

/** Direct calls to the real server, for what a test sets up rather than exercises. */

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

let calls = 0;

export async function callServer<T>(baseUrl: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      'x-forwarded-for': `10.8.0.${++calls % 250}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.code !== 200) throw new Error(`${method} ${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

export const PASSWORD = 'Secret-passw0rd';
const PERIOD_MS = 30_000;
let accounts = 0;

/** Waits, if need be, for a fresh 30 s step, so the codes of a test stay valid while it runs. */
export async function startOfTotpStep(): Promise<void> {
  const intoStep = Date.now() % PERIOD_MS;
  if (intoStep > PERIOD_MS - 12_000) await new Promise((resolve) => setTimeout(resolve, PERIOD_MS - intoStep + 200));
}

/** Registers a new account; returns its name and the session token registering gave. */
export async function registerAccount(baseUrl: string): Promise<{ username: string; token: string }> {
  accounts += 1;
  const username = `view_${Date.now().toString(36)}_${accounts}`;
  const { token } = await callServer<{ token: string }>(baseUrl, 'POST', '/api/v1/user/register', {
    username,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  return { username, token };
}

/**
 * An authenticator bound to the account. The server accepts one step of drift and each step once,
 * so codes are handed out for consecutive steps: binding uses the previous step, then `nextCode()`
 * gives the current step's code, then the next one's.
 */
export async function bindAuthenticator(baseUrl: string, token: string) {
  const { secret } = await callServer<{ secret: string }>(baseUrl, 'GET', '/admin/v1/google_captcha', undefined, token);
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  const baseStep = Math.floor(Date.now() / PERIOD_MS);
  const codeFor = (step: number) => totp.generate({ timestamp: step * PERIOD_MS });
  await callServer(baseUrl, 'POST', '/api/v1/user/bind_google_captcha', { secret, code: codeFor(baseStep - 1) }, token);
  let next = baseStep;
  return {
    nextCode: () => codeFor(next++),
    /** A code of no nearby step. */
    wrongCode: () => {
      const near = new Set([-2, -1, 0, 1, 2, 3].map((offset) => codeFor(baseStep + offset)));
      return ['000000', '111111', '222222'].find((code) => !near.has(code)) as string;
    },
  };
}

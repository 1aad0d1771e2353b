import { Secret, TOTP } from 'otpauth';
import type { MessageSender, OutgoingMessage } from '../../server/providers/messaging';
import type { CaptchaGenerator } from '../../server/providers/captcha';
import { startTestServer, type CallOptions, type CallResult, type TestServer } from './harness';

/** A clock the test moves by hand: the server's `now` (sessions, codes, captchas, TOTP). */
export class TestClock {
  private t = Date.UTC(2030, 0, 1, 12, 0, 0);
  now = () => new Date(this.t);
  advance(seconds: number) {
    this.t += seconds * 1000;
  }
}

/** Keeps every message instead of sending it; can be told to fail like a broken SMTP server. */
export class CapturedSender implements MessageSender {
  readonly via = 'test';
  readonly sent: OutgoingMessage[] = [];
  failing = false;
  async send(message: OutgoingMessage) {
    if (this.failing) throw new Error('transport down');
    this.sent.push(message);
  }
  to(recipient: string) {
    return this.sent.filter((m) => m.to === recipient);
  }
  /** The six-digit code of the newest message to `recipient`. */
  lastCode(recipient: string): string {
    const message = this.to(recipient).at(-1);
    const code = message?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code was sent to ${recipient}`);
    return code;
  }
}

/** Captcha pictures whose answer the test knows. */
export const CAPTCHA_ANSWER = 'K7pQ';
export const knownCaptcha: CaptchaGenerator = {
  create: () => ({ text: CAPTCHA_ANSWER, svg: '<svg xmlns="http://www.w3.org/2000/svg"><text>K7pQ</text></svg>' }),
};

export interface AuthServer {
  t: TestServer;
  clock: TestClock;
  mail: CapturedSender;
  sms: CapturedSender;
  /** Calls as a client at `ip` (the server trusts X-Forwarded-For in these tests). */
  as(ip: string): Caller;
  close(): Promise<void>;
}

export type Caller = <T = unknown>(method: string, path: string, options?: CallOptions) => Promise<CallResult<T>>;

let nextIp = 1;
/** A fresh client address, so the per-address rules of one test do not touch another. */
export const freshIp = () => `10.${(nextIp >> 16) & 255}.${(nextIp >> 8) & 255}.${nextIp++ & 255}`;

export async function startAuthServer(env: Record<string, string> = {}): Promise<AuthServer> {
  const clock = new TestClock();
  const mail = new CapturedSender();
  const sms = new CapturedSender();
  const t = await startTestServer({ TRUST_PROXY: '1', ...env }, { now: clock.now, mail, sms, captcha: knownCaptcha });
  return {
    t,
    clock,
    mail,
    sms,
    as:
      (ip) =>
      (method, path, options = {}) =>
        t.call(method, path, { ...options, headers: { 'x-forwarded-for': ip, ...options.headers } }),
    close: () => t.close(),
  };
}

export interface Registered {
  token: string;
  id: number;
  username: string;
  password: string;
}

let nextUser = 1;
export const freshName = (prefix = 'user') => `${prefix}${nextUser++}_${Math.random().toString(36).slice(2, 7)}`;

/** Registers a new account over HTTP (from a fresh address) and returns its session. */
export async function register(s: AuthServer, username = freshName(), password = 'correct-horse-1'): Promise<Registered> {
  const res = await s.as(freshIp())<{ token: string; id: number }>('POST', '/api/v1/user/register', {
    body: { username, password, password_confirmation: password },
  });
  if (res.code !== 200) throw new Error(`register failed: ${res.code} ${res.msg}`);
  return { token: res.data.token, id: res.data.id, username, password };
}

/** The current code of an authenticator with `secret`, at the server's clock (+ `stepOffset` steps). */
export const totpCode = (secret: string, clock: TestClock, stepOffset = 0) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: clock.now().getTime() + stepOffset * 30_000,
  });

/** Checks that every case answers 400 with a message naming the field. */
export async function expectBadInput(call: Caller, method: string, path: string, cases: [unknown, RegExp][], token?: string) {
  const failures: string[] = [];
  for (const [body, msg] of cases) {
    const res = await call(method, path, { body, token });
    if (res.status !== 400 || !msg.test(res.msg)) failures.push(`${JSON.stringify(body).slice(0, 80)} → ${res.status} ${res.msg}`);
  }
  if (failures.length) throw new Error(`expected 400 naming the field:\n${failures.join('\n')}`);
}

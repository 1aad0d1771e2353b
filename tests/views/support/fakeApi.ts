import { act } from '@testing-library/react';
import type { AppApi } from '../../../src/app/createAppActor';

/** The endpoints whose answers a test gives, one call at a time (the others answer at once). */
export const HELD = ['login', 'loginMobile', 'logout', 'userDetails', 'lockScreen', 'unlockScreen'] as const;
export type Held = (typeof HELD)[number];

interface Call {
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * The console's endpoint functions (createAppActor's `api`) as a test's fake server: each call of a
 * held endpoint waits until the test answers it (`answer` / `fail`, inside act so React renders
 * what follows); permission codes, menus and error-log uploads answer at once with `fixed`.
 */
export function createFakeApi(fixed: Pick<AppApi, 'permCode' | 'menuList'>) {
  const calls = new Map<Held, Call[]>(HELD.map((name) => [name, []]));
  const held =
    (name: Held) =>
    (input?: unknown): Promise<never> =>
      new Promise((resolve, reject) => {
        calls.get(name)?.push({ input, resolve: resolve as (value: unknown) => void, reject });
      });
  const api: AppApi = {
    login: held('login'),
    loginMobile: held('loginMobile'),
    logout: held('logout'),
    userDetails: held('userDetails'),
    lockScreen: held('lockScreen'),
    unlockScreen: held('unlockScreen'),
    errorLogAdd: () => Promise.resolve(null),
    saveLanguage: () => Promise.resolve(null),
    ...fixed,
  };
  const latest = (name: Held) => {
    const call = calls.get(name)?.at(-1);
    if (!call) throw new Error(`The console has not called ${name}`);
    return call;
  };
  const settle = async (name: Held, run: (call: Call) => void) => {
    await act(async () => {
      run(latest(name));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  };
  return {
    api,
    /** How many times the console called `name`. */
    count: (name: Held) => calls.get(name)?.length ?? 0,
    /** What the console sent with its latest call of `name`. */
    inputOf: (name: Held) => latest(name).input,
    answer: (name: Held, value: unknown) => settle(name, (call) => call.resolve(value)),
    fail: (name: Held, error: unknown) => settle(name, (call) => call.reject(error)),
  };
}

export type FakeApi = ReturnType<typeof createFakeApi>;

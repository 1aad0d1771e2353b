import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { clearPersistedSession, persistSession, persistSettings, readAppInput } from '../../src/app/storedState';
import { DEFAULT_PROJECT_CONFIG } from '../../src/config/projectConfig';
import { sessionMachine, type SessionContext, type SessionInput } from '../../src/machines/session.machine';
import { StorageKey, type WebCache } from '../../src/services/webCache';
import { LOGIN_ADA, USER_ADA } from './fixtures/accounts';
import { createFakeActors, settle } from './modelPaths';
import { freshCache } from './oracles/freshCache';

/** A session whose effects reach a real web cache, as the console wires it. */
function startSession(cache: WebCache, input: SessionInput) {
  const fakes = createFakeActors(['signIn', 'fetchUser', 'logout']);
  const machine = sessionMachine.provide({
    actors: fakes.logic,
    actions: {
      persistSession: ({ context }: { context: SessionContext }) => persistSession(cache, context),
      clearPersistedSession: () => clearPersistedSession(cache),
      announceSignedIn: () => {},
      announceSignedOut: () => {},
      answerAccess: () => {},
      announceUserSettled: () => {},
    },
  });
  const actor = createActor(machine, { input });
  actor.start();
  return { actor, fakes };
}

const READ_AT = Date.UTC(2026, 10, 29, 1, 0, 0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(READ_AT);
});
afterEach(() => vi.useRealTimers());

/** Spec §3: the user store keeps roleRoleList and its last update time; the locale info keeps userAccount. */
describe('the user store’s role entries, last update time and the remembered account', () => {
  it('are kept once the user is read, stored, restored after a reload, and forgotten at logout (the account stays)', async () => {
    const cache = freshCache('userStore');
    const { actor, fakes } = startSession(cache, {});
    actor.send({ type: 'LOGIN.SUBMIT', username: 'ada', password: 'secret-pw' });
    fakes.resolve('signIn', LOGIN_ADA);
    await settle();
    fakes.resolve('fetchUser', USER_ADA);
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ roleRoleList: USER_ADA.roles, lastUpdateTime: READ_AT });
    expect(cache.getLocal(StorageKey.ROLE_ROLES)).toEqual(USER_ADA.roles);
    expect(cache.getLocal(StorageKey.USER_UPDATE_TIME)).toBe(READ_AT);
    expect(cache.getLocal<{ userAccount?: string }>(StorageKey.LOCALE)?.userAccount).toBe('ada');

    // Changing the language keeps the remembered account beside it.
    persistSettings(cache, { theme: 'light', locale: 'en', projectConfig: DEFAULT_PROJECT_CONFIG });
    expect(cache.getLocal(StorageKey.LOCALE)).toMatchObject({ locale: 'en', userAccount: 'ada' });

    // A reload: the console starts from storage.
    const restored = startSession(cache, readAppInput(cache, '/dashboard').session);
    expect(restored.actor.getSnapshot().context).toMatchObject({ roleRoleList: USER_ADA.roles, lastUpdateTime: READ_AT, username: 'ada' });
    // Read again a minute later: the update time moves on.
    vi.setSystemTime(READ_AT + 60_000);
    restored.fakes.resolve('fetchUser', USER_ADA);
    await settle();
    expect(restored.actor.getSnapshot().context.lastUpdateTime).toBe(READ_AT + 60_000);

    restored.actor.send({ type: 'LOGOUT' });
    restored.fakes.resolve('logout', undefined);
    await settle();
    expect(restored.actor.getSnapshot().context).toMatchObject({ roleRoleList: [], lastUpdateTime: null, username: 'ada' });
    expect(cache.getLocal(StorageKey.ROLE_ROLES)).toBeNull();
    expect(cache.getLocal(StorageKey.USER_UPDATE_TIME)).toBeNull();

    // Signed out, the next visit still knows the last account (the re-login form offers it).
    const afterLogout = startSession(cache, readAppInput(cache, '/login').session);
    expect(afterLogout.actor.getSnapshot().context).toMatchObject({ user: null, username: 'ada', roleRoleList: [], lastUpdateTime: null });
  });
});

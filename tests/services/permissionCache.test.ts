import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import type { AppActor, BootstrapActor, SessionActor } from '../../src/app/AppActorProvider';
import { createAppActor, type AppApi } from '../../src/app/createAppActor';
import * as shell from '../../src/app/shellActors';
import { STORAGE_CIPHER } from '../../src/config/constants';
import { createWebCache, createWebStorage, StorageKey } from '../../src/services/webCache';
import { createAesCipher } from '../../src/services/webCache/cipher';
import { LOGIN_ADA, USER_ADA } from '../machines/fixtures/accounts';
import { SERVER_MENUS } from '../machines/fixtures/menus';

/**
 * Spec §6 and §3: the permission codes and the authorised routes (the menus) are cached in local
 * storage, encrypted like every stored value, and a logout clears them with the rest of the session.
 */

const PREFIX = 'permission-cache-';
const cipher = createAesCipher(STORAGE_CIPHER.key, STORAGE_CIPHER.iv);
const area = (storage: Storage) => createWebStorage({ storage, prefix: PREFIX, cipher, timeoutSeconds: null });

const api: AppApi = {
  login: () => Promise.resolve(LOGIN_ADA),
  loginMobile: () => Promise.resolve(LOGIN_ADA),
  logout: () => Promise.resolve(),
  userDetails: () => Promise.resolve(USER_ADA),
  permCode: () => Promise.resolve(['site:add', 'site:edit']),
  menuList: () => Promise.resolve(SERVER_MENUS),
  lockScreen: () => Promise.resolve(null),
  unlockScreen: () => Promise.resolve(null),
  errorLogAdd: () => Promise.resolve(null),
  saveLanguage: () => Promise.resolve(null),
};

/** What the browser holds under `key`, as anyone reading the storage sees it. */
const raw = (key: string) => window.localStorage.getItem(`${PREFIX}${key}`.toUpperCase());
const opened = (value: string | null) => (value === null ? null : (JSON.parse(cipher.decrypt(value)) as { value: unknown }).value);

describe('the permission cache', () => {
  it('holds the codes and the menus encrypted while signed in, and nothing after logout', async () => {
    window.localStorage.clear();
    const cache = createWebCache({ local: area(window.localStorage), session: area(window.sessionStorage) });
    cache.setLocal(StorageKey.TOKEN, LOGIN_ADA.token);
    cache.setLocal(StorageKey.USER_INFO, USER_ADA);
    window.history.replaceState(null, '', '/site');
    // A stored session: the shell's actors (bootstrap among them) start with the root, as src/prepareConsole starts them.
    const actor: AppActor = createAppActor({ cache, api, globalErrorHandling: false, shell });
    const bootstrap = actor.system.get('bootstrap') as BootstrapActor;
    await waitFor(bootstrap, (state) => state.hasTag('routesAdded'));
    cache.flush();

    const codes = raw(StorageKey.PERM_CODES);
    const menus = raw(StorageKey.MENUS);
    expect(codes).toBeTypeOf('string');
    expect(codes).not.toContain('site:add');
    expect(opened(codes)).toEqual(['site:add', 'site:edit']);
    expect(menus).not.toContain('/article');
    expect(JSON.stringify(opened(menus))).toContain('/article');

    (actor.system.get('session') as SessionActor).send({ type: 'LOGOUT' });
    await waitFor(bootstrap, (state) => !state.hasTag('routesAdded'));
    cache.flush();
    expect(raw(StorageKey.PERM_CODES)).toBeNull();
    expect(raw(StorageKey.MENUS)).toBeNull();
    actor.stop();
  });
});

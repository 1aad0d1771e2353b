import { assign, fromCallback, fromPromise } from 'xstate';
import { LOCALES } from '../config/constants';
import type { MenuItem } from '../../contract/schemas/menu';
import { bootstrapMachine } from '../machines/bootstrap.machine';
import { errorLogMachine } from '../machines/errorLog.machine';
import { lockMachine } from '../machines/lock.machine';
import { menuSearchMachine } from '../machines/menuSearch.machine';
import { searchItemsOf, type Translate } from '../machines/menuSearch';
import type { Menu } from '../machines/menus';
import type { ShellLogic } from '../machines/app.machine';
import type { HasPage } from '../machines/tabs';
import { tabsMachine } from '../machines/tabs.machine';
import type { ErrorLogEntry } from '../shared/errorLogEntry';
import { permCode } from '../services/api/auth';
import { errorLogAdd } from '../services/api/errorLog';
import { lockScreen, unlockScreen } from '../services/api/lock';
import { menuList } from '../services/api/menus';
import { listenForActivity } from '../services/idle/activity';
import type { WebCache } from '../services/webCache';
import { persistLock, persistPermissions, persistTabs } from './storedState';

/** The endpoint functions the shell's actors call (src/services/api by default). */
export interface ShellApi {
  permCode: () => Promise<string[]>;
  menuList: () => Promise<MenuItem[]>;
  lockScreen: () => Promise<unknown>;
  unlockScreen: (password: string) => Promise<unknown>;
  errorLogAdd: (entries: readonly ErrorLogEntry[]) => Promise<unknown>;
}

const defaultApi: ShellApi = { permCode, menuList, lockScreen, unlockScreen, errorLogAdd };

/**
 * The signed-in shell's actors (bootstrap, tabs, lock, menu search, error log) with the real services provided
 * by name: the code the login page does without, loaded with the signed-in console (createAppActor
 * starts them).
 */
export function shellLogic({
  browser,
  cache,
  api: given,
  translate,
  hasPage,
}: {
  browser: Window;
  cache: WebCache;
  api?: Partial<ShellApi>;
  translate: Translate;
  /** Whether the console has the page a menu names: a menu without one is not found and never a tab. */
  hasPage: HasPage;
}): ShellLogic {
  const api = { ...defaultApi, ...given };
  return {
    bootstrap: bootstrapMachine.provide({
      actors: {
        fetchPermCodes: fromPromise<string[]>(() => api.permCode()),
        fetchMenus: fromPromise<MenuItem[]>(() => api.menuList()),
      },
      actions: {
        reload: () => browser.location.reload(),
        persistPermissions: (_, permissions) => persistPermissions(cache, permissions),
      },
    }),
    tabs: tabsMachine.provide({
      actions: {
        persistTabs: (_, list) => persistTabs(cache, list),
      },
      guards: {
        hasPage: (_, { component }) => hasPage(component),
      },
    }),
    lock: lockMachine.provide({
      actors: {
        watchActivity: fromCallback(({ sendBack }) => listenForActivity(browser, () => sendBack({ type: 'ACTIVITY' }))),
        lockSession: fromPromise(() => api.lockScreen()),
        unlockSession: fromPromise<unknown, { password: string }>(({ input }) => api.unlockScreen(input.password)),
      },
      actions: {
        persistLock: (_, locked) => persistLock(cache, locked),
      },
    }),
    menuSearch: menuSearchMachine.provide({
      actions: {
        indexMenus: assign((_, menus: readonly Menu[]) => ({ items: searchItemsOf(menus, translate, LOCALES) })),
      },
    }),
    errorLog: errorLogMachine.provide({
      actors: {
        upload: fromPromise<unknown, { entries: ErrorLogEntry[] }>(({ input }) => api.errorLogAdd(input.entries)),
      },
    }),
  };
}

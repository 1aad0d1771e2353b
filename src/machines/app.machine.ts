import { sendTo, setup } from 'xstate';
import type { ProjectConfigPatch } from '../config/projectConfig';
import type { Announcement } from './announcements';
import { bootstrapMachine, type BootstrapInput } from './bootstrap.machine';
import { navigationMachine, type NavigationInput } from './navigation.machine';
import { sessionMachine, type SessionInput } from './session.machine';
import { settingsMachine, type SettingsInput } from './settings.machine';

/**
 * The root of the console's actor system: it runs the long-lived actors (found by systemId
 * `settings`, `session`, `bootstrap`, `navigation`) and routes what one announces to those that care.
 */

export interface AppInput {
  settings: SettingsInput;
  session: SessionInput;
  bootstrap: BootstrapInput;
  navigation: NavigationInput;
}

export const appMachine = setup({
  types: {
    input: {} as AppInput,
    context: {} as AppInput,
    events: {} as Announcement,
  },
  actors: {
    settings: settingsMachine,
    session: sessionMachine,
    bootstrap: bootstrapMachine,
    navigation: navigationMachine,
  },
  actions: {
    tellSession: sendTo('session', ({ event }) => event),
    tellBootstrap: sendTo('bootstrap', ({ event }) => event),
    tellNavigation: sendTo('navigation', ({ event }) => event),
    changePermissionMode: sendTo('settings', ({ event }) => ({
      type: 'CONFIG.CHANGE' as const,
      patch: (event.type === 'PERMISSION_MODE.REQUESTED' ? { permissionMode: event.permissionMode } : {}) satisfies ProjectConfigPatch,
    })),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => input,
  invoke: [
    { id: 'settings', systemId: 'settings', src: 'settings', input: ({ context }) => context.settings },
    { id: 'session', systemId: 'session', src: 'session', input: ({ context }) => context.session },
    { id: 'bootstrap', systemId: 'bootstrap', src: 'bootstrap', input: ({ context }) => context.bootstrap },
    { id: 'navigation', systemId: 'navigation', src: 'navigation', input: ({ context }) => context.navigation },
  ],
  initial: 'running',
  states: {
    running: {
      on: {
        'SESSION.SIGNED_IN': { actions: ['tellBootstrap', 'tellNavigation'] },
        'SESSION.SIGNED_OUT': { actions: ['tellBootstrap', 'tellNavigation'] },
        'SETTINGS.CHANGED': { actions: ['tellSession', 'tellBootstrap', 'tellNavigation'] },
        'PERMISSION_MODE.REQUESTED': { actions: 'changePermissionMode' },
        'MENU.PARAMS_APPLIED': { actions: 'tellBootstrap' },
      },
    },
  },
});

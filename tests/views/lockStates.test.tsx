import { consoleOnFakeServices } from './support/consoleOnFakeServices'; // first: it points the console's http client at its page server
import { afterAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EventObject } from 'xstate';
import type { SessionActor } from '../../src/app/AppActorProvider';
import { lockMachine, type LockInput } from '../../src/machines/lock.machine';
import { i18next } from '../../src/i18n';
import { LOGIN_ADA, USER_ADA } from '../machines/fixtures/accounts';
import { SERVER_MENUS } from '../machines/fixtures/menus';
import { longestOnly, transitionPaths, type Model } from '../machines/modelPaths';
import { leafOf } from '../machines/oracles/leafOf';
import type { Held } from './support/fakeApi';
import { createUiStateCoverage } from './support/uiStateCoverage';
import { walkPath } from './support/walkPath';
import { findDialog } from './support/dialogs';

/**
 * The lock model walked through the rendered console (spec §4 lock screen): its generated paths
 * replayed on a signed-in console with fake endpoints, asserting at every step
 * what the user sees — the page and its lock button, or the lock screen with its password field, busy
 * while the server checks it, and the server's refusal.
 */

const PASSWORD = 'secret-1';
const WRONG = { kind: 'business', code: 100120, msg: 'Wrong password' };
const t = (key: string) => i18next.getFixedT('zh_CN')(key);

/** `lockTime` minutes as the settings store them (1: long enough never to lock by itself while a test runs). */
const model = (input: LockInput): Model<typeof lockMachine> => ({
  // Logging out goes to a parent the graph's actor has not.
  machine: lockMachine.provide({ actions: { requestLogout: () => {} } }),
  input,
  events: {
    // The user signs in as the console starts (the stored session's details arrive), locked on the server or not.
    'SESSION.SIGNED_IN': [
      { type: 'SESSION.SIGNED_IN', user: USER_ADA },
      { type: 'SESSION.SIGNED_IN', user: { ...USER_ADA, locked: true } },
    ],
    // The view sends no empty password (it says one is needed).
    'UNLOCK.SUBMIT': [{ type: 'UNLOCK.SUBMIT', password: PASSWORD }],
    // These keep the state or lead where the events above lead (signing out: walked below).
    'SESSION.SIGNED_OUT': [],
    'SETTINGS.CHANGED': [],
    ACTIVITY: [],
    'LOCK.LOGOUT': [],
  },
  errors: { unlockSession: [WRONG] },
  label: (event) =>
    event.type === 'SESSION.SIGNED_IN' && (event as { user?: { locked?: boolean } }).user?.locked
      ? 'SESSION.SIGNED_IN(locked on the server)'
      : undefined,
  // Locking after the idle time is a timer of minutes, not something to wait for here; the user signs in once.
  filterEvents: (snapshot, event) =>
    !event.type.startsWith('xstate.after.') && (event.type !== 'SESSION.SIGNED_IN' || snapshot.matches({ unlocked: 'signedOut' })),
});

const coverage = createUiStateCoverage('lock', lockMachine, {
  starting: 'transient: the lock leaves it as it starts',
  'unlocked.signedIn.checking': 'transient: decides at once whether to watch for input',
});

const services = consoleOnFakeServices({ permCode: () => Promise.resolve([]), menuList: () => Promise.resolve(SERVER_MENUS) });

const lockScreen = () => screen.queryByRole('alertdialog', { name: t('layout.lock.title') });
const findLockScreen = () => findDialog('alertdialog', t('layout.lock.title'));
const submitOf = (scope: HTMLElement) => scope.querySelector('button[type="submit"]') as HTMLButtonElement;
const lockButton = () => screen.queryByRole('button', { name: t('layout.lock.lockScreen') });

/** The signed-in page, not locked: the header's lock button, no lock screen. */
async function seesThePage(from: string) {
  if (from === '') return expect(lockScreen()).toBeNull();
  await waitFor(() => expect(lockButton()).not.toBeNull());
  expect(lockScreen()).toBeNull();
  expect(window.location.pathname).toBe(USER_ADA.homePath);
}

async function seesTheLockScreen(busy: boolean) {
  const shown = await findLockScreen();
  expect(within(shown).getByLabelText(t('layout.lock.password'))).toBeTruthy();
  await waitFor(() => expect(submitOf(shown).disabled).toBe(busy));
  return shown;
}

const sees: Record<string, (from: string) => Promise<void>> = {
  // The stored session's details are still on their way: the page without the lock screen.
  'unlocked.signedOut': seesThePage,
  'unlocked.signedIn.inactive': seesThePage,
  'unlocked.signedIn.watching.waiting': seesThePage,
  // The screen locks at once; until the server has the lock, the password waits (its button off).
  locking: async () => {
    await seesTheLockScreen(true);
  },
  locked: async (from) => {
    const shown = await seesTheLockScreen(false);
    // A refused password: the server's message, and the field emptied for the next try.
    if (from === 'unlocking') {
      expect((await within(shown).findByRole('alert')).textContent).toContain(WRONG.msg);
      expect((within(shown).getByLabelText(t('layout.lock.password')) as HTMLInputElement).value).toBe('');
    } else expect(within(shown).queryByRole('alert')).toBeNull();
  },
  unlocking: async () => {
    await seesTheLockScreen(true);
  },
};

const CALLED: Record<string, Held> = {
  'unlocked.signedOut': 'userDetails',
  'unlocked.signedIn.inactive': 'userDetails',
  'unlocked.signedIn.watching.waiting': 'userDetails',
  locking: 'lockScreen',
  unlocking: 'unlockScreen',
};

type Opened = Awaited<ReturnType<typeof services.open>>;

async function perform(event: EventObject, from: string, { fake, actor }: Opened, user: ReturnType<typeof userEvent.setup>) {
  const payload = event as EventObject & Record<string, unknown>;
  if (event.type.startsWith('xstate.done.actor.')) return fake.answer(CALLED[from], null);
  if (event.type.startsWith('xstate.error.actor.')) return fake.fail(CALLED[from], payload.error);
  switch (event.type) {
    case 'SESSION.SIGNED_IN':
      return fake.answer('userDetails', payload.user);
    case 'LOCK':
      return user.click(lockButton() as HTMLElement);
    case 'UNLOCK.SUBMIT': {
      const shown = await findLockScreen();
      await user.type(within(shown).getByLabelText(t('layout.lock.password')), String(payload.password));
      return user.click(submitOf(shown));
    }
    // What the http client reports when the server refuses a call because another window locked the session.
    case 'LOCK.DETECTED':
      return act(() => actor.system.get('lock').send(event));
    default:
      throw new Error(`No way to do ${event.type} through the console`);
  }
}

/** The console of a signed-in user (the stored session) whose project settings lock after `lockTime` minutes. */
async function openSignedIn(lockTime: number) {
  return services.open(USER_ADA.homePath, { token: LOGIN_ADA.token, user: USER_ADA, config: { lockTime } });
}

/** Every transition these events reach, in the paths no other begins with: the lock watching for input, one minute. */
const watched = longestOnly(transitionPaths(model({ lockTime: 1 })));
/** Without a lock time the signed-in page is not watched: the shortest path there. */
const unwatched = transitionPaths(model({ lockTime: 0 }))
  .filter((path) => leafOf(path.state.value) === 'unlocked.signedIn.inactive')
  .slice(0, 1);
const paths = [...watched.map((path) => ({ path, lockTime: 1 })), ...unwatched.map((path) => ({ path, lockTime: 0 }))];

describe('the lock screen, every generated path through the rendered console', () => {
  it.each(paths.map(({ path, lockTime }) => [`${path.description} (lockTime ${lockTime})`, path, lockTime] as const))(
    '%s',
    async (_, path, lockTime) => {
      const opened = await openSignedIn(lockTime);
      const user = userEvent.setup();
      await walkPath(path, {
        actor: opened.actor.system.get('lock'),
        perform: (event, from) => perform(event, from, opened, user),
        sees,
        coverage,
      });
    },
  );

  it('logging out from the lock screen leads to the login page, and the lock is gone', async () => {
    const opened = await openSignedIn(0);
    const user = userEvent.setup();
    await opened.fake.answer('userDetails', { ...USER_ADA, locked: true });
    const shown = await findLockScreen();
    await user.click(within(shown).getByRole('button', { name: t('layout.lock.logout') }));
    await waitFor(() => expect((opened.actor.system.get('session') as SessionActor).getSnapshot().value).toBe('loggingOut'));
    await opened.fake.answer('logout', null);
    await screen.findByRole('form', { name: t('sys.login.signInFormTitle') });
    expect(lockScreen()).toBeNull();
    expect(opened.actor.system.get('lock').getSnapshot().matches({ unlocked: 'signedOut' })).toBe(true);
  });
});

afterAll(() => {
  coverage.report();
});

it('lock: every state a user can see was checked through the views', () => {
  expect(coverage.unchecked()).toEqual([]);
});

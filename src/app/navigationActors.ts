import { fromPromise, waitFor, type ActorSystem } from 'xstate';
import type { Access } from '../machines/navigation.machine';
import { flattenMenus, groupTargets } from '../machines/menus';
import type { BootstrapActor, SessionActor } from './AppActorProvider';

/**
 * The navigation guards' view of the other actors of the system (spec §2 guards 1, 5, 6): the
 * navigation machine asks, these read or wait for the session and bootstrap actors.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the system's actors are typed where they are read
type System = ActorSystem<any>;

const sessionOf = (system: System) => system.get('session') as SessionActor;
const bootstrapOf = (system: System) => system.get('bootstrap') as BootstrapActor;

/** The session is still finding out who the user is: loading the details, or waiting for a required password change (issue 14). */
const settlingUser = (state: ReturnType<SessionActor['getSnapshot']>) => state.hasTag('settlingUser');

function readAccess(system: System): Access {
  const session = sessionOf(system).getSnapshot();
  const bootstrap = bootstrapOf(system).getSnapshot();
  const { token, user } = session.context;
  return {
    hasToken: token !== null,
    userLoaded: user !== null && !settlingUser(session),
    homePath: user?.homePath ?? '',
    sessionTimedOut: session.hasTag('overlay'),
    routesAdded: bootstrap.hasTag('routesAdded'),
    menuTitles: Object.fromEntries(flattenMenus(bootstrap.context.menus).map((menu) => [menu.pattern ?? menu.path, menu.title])),
    groupTargets: groupTargets(bootstrap.context.menus),
  };
}

/** Waits until the session has finished loading the user (a failure ends the wait too; a required password change holds it). */
async function loadUser(system: System): Promise<void> {
  await waitFor(sessionOf(system), (state) => !settlingUser(state), { timeout: Infinity });
}

/** Asks bootstrap to build the menu routes once; rejects when they could not be built. */
async function addRoutes(system: System): Promise<void> {
  const bootstrap = bootstrapOf(system);
  if (bootstrap.getSnapshot().hasTag('routesAdded')) return;
  bootstrap.send({ type: 'ROUTES.BUILD' });
  const settled = await waitFor(bootstrap, (state) => !state.matches('building'));
  if (!settled.hasTag('routesAdded')) throw new Error(settled.context.error ?? 'The menu routes could not be built');
}

export const navigationActors = {
  readAccess: fromPromise<Access>(async ({ system }) => readAccess(system)),
  loadUser: fromPromise<void>(({ system }) => loadUser(system)),
  addRoutes: fromPromise<void>(({ system }) => addRoutes(system)),
  finishLogin: fromPromise<void>(async ({ system }) => {
    await loadUser(system);
    await addRoutes(system);
  }),
};

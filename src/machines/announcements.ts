import type { UserDetails } from '../../contract/schemas/user';
import type { Locale, Theme } from '../config/constants';
import type { PermissionMode, ProjectConfig } from '../config/projectConfig';
import type { ErrorLogEntry } from '../shared/errorLogEntry';
import type { Menu, MenuRoutes } from './menus';

/**
 * Events the long-lived machines (and the services, through src/app) announce to the root `app`
 * actor, which routes them to the actors that care (see app.machine.ts). Named for what happened.
 */

/** The session has a token and a loaded user (after login, or on start with a stored token). */
export interface SessionSignedIn {
  type: 'SESSION.SIGNED_IN';
  user: UserDetails;
}

/** The session ended: by logout, by expiry with `redirect` handling, or a stored token was refused. */
export interface SessionSignedOut {
  type: 'SESSION.SIGNED_OUT';
  reason: 'logout' | 'expired' | 'refused' | 'replaced';
}

/** The settings as they now are (sent at start and after every change). */
export interface SettingsChanged {
  type: 'SETTINGS.CHANGED';
  theme: Theme;
  locale: Locale;
  projectConfig: ProjectConfig;
}

/** The user asked to switch the permission mode; settings apply it, bootstrap then reloads. */
export interface PermissionModeRequested {
  type: 'PERMISSION_MODE.REQUESTED';
  permissionMode: PermissionMode;
}

/** A route with parameters was committed: menus whose path has parameters take them (spec §2 guard 7). */
export interface MenuParamsApplied {
  type: 'MENU.PARAMS_APPLIED';
  pathname: string;
}

/** A machine other than the navigation wants to go somewhere (closing a tab, a menu search pick). */
export interface NavigationRequested {
  type: 'NAVIGATION.REQUESTED';
  to: string;
}

/** The lock screen's logout button, or the server's code 2005 (signed in elsewhere): the session logs out. */
export interface LogoutRequested {
  type: 'LOGOUT.REQUESTED';
}

/** The navigation committed a location (after its guards): it becomes a tab, or updates one. */
export interface LocationCommitted {
  type: 'LOCATION.COMMITTED';
  location: string;
}

/** Bootstrap's menus are now these (built, rebuilt for new roles, given a path's parameters, or cleared). */
export interface MenusChanged {
  type: 'MENUS.CHANGED';
  menus: Menu[];
  /** What the navigation's guards read of them, worked out with them (./menus `menuRoutesOf`). */
  routes: MenuRoutes;
}

/** The user's roles changed in ROUTE_MAPPING mode and the menus were rebuilt: every tab closes (spec §4 Permission mode). */
export interface RolesChanged {
  type: 'ROLES.CHANGED';
  roles: string[];
}

/** More translations arrived (the other locale loads after sign-in): the menu search indexes the titles again. */
export interface TranslationsLoaded {
  type: 'TRANSLATIONS.LOADED';
}

/** A call's answer said the session is over (the http client's request ends the session). */
export interface SessionExpired {
  type: 'SESSION.EXPIRED';
  /** A sign-in elsewhere ended it (one session per user): signed out, not offered the re-login overlay. */
  replaced?: boolean;
}

/** The server refused a call because the session is locked (another window locked it): the lock screen shows here too. */
export interface LockDetected {
  type: 'LOCK.DETECTED';
}

/**
 * The browser went offline or online, a call got no answer for want of a network or got one or
 * timed out, or the user asked to try again: the connection actor decides whether the offline banner shows.
 */
export interface ConnectionChanged {
  type: 'CONNECTION.LOST' | 'CONNECTION.FOUND' | 'CONNECTION.RETRY' | 'CONNECTION.TIMED_OUT';
}

/** The error log recorded an entry (an ajax failure, a window error): it is uploaded to the server in batches. */
export interface ErrorLogged {
  type: 'ERROR.LOGGED';
  entry: ErrorLogEntry;
}

/**
 * A navigation's questions (spec §2 guards 1, 5, 6), asked through the app: who the user is
 * (before the guards run), and the menu routes (guard 6). Asked, not read, so that the answer
 * comes after every message sent before the question (a SESSION.SIGNED_OUT's token is gone).
 */
export interface AccessRequested {
  type: 'ACCESS.REQUESTED';
}

/** What the navigation's guards need to know of the session. */
export interface SessionAccessFacts {
  hasToken: boolean;
  /** A user is kept and the session is not still finding out who (loading, or a required password change). */
  userLoaded: boolean;
  /** The session is not still finding out who the user is (it may have failed to: no user then). */
  userSettled: boolean;
  /** The user's homePath, '' when none. */
  homePath: string;
  /** The re-login overlay is up. */
  sessionTimedOut: boolean;
}

/** The session's answer to ACCESS.REQUESTED. */
export interface SessionAccess extends SessionAccessFacts {
  type: 'SESSION.ACCESS';
}

/** The session has finished finding out who the user is: loaded, unavailable for now, or signed out. */
export interface UserSettled {
  type: 'USER.SETTLED';
}

/** The navigation needs the menu routes of this session (spec §2 guard 6): bootstrap builds them once. */
export interface RoutesRequested {
  type: 'ROUTES.REQUESTED';
}

/** Bootstrap's answer: the menu routes of this session are added. */
export interface RoutesAdded {
  type: 'ROUTES.ADDED';
}

/** Bootstrap's answer: the menu routes could not be built (the navigation goes on without them). */
export interface RoutesFailed {
  type: 'ROUTES.FAILED';
}

export type Announcement =
  | SessionSignedIn
  | SessionSignedOut
  | SettingsChanged
  | PermissionModeRequested
  | MenuParamsApplied
  | NavigationRequested
  | LogoutRequested
  | LocationCommitted
  | MenusChanged
  | RolesChanged
  | TranslationsLoaded
  | SessionExpired
  | LockDetected
  | ConnectionChanged
  | ErrorLogged
  | AccessRequested
  | SessionAccess
  | UserSettled
  | RoutesRequested
  | RoutesAdded
  | RoutesFailed;

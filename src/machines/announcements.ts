import type { UserDetails } from '../../contract/schemas/user';
import type { Locale, Theme } from '../config/constants';
import type { PermissionMode, ProjectConfig } from '../config/projectConfig';

/**
 * Events the long-lived machines announce to the root `app` actor, which forwards them to the
 * actors that care (see app.machine.ts). Named for what happened.
 */

/** The session has a token and a loaded user (after login, or on start with a stored token). */
export interface SessionSignedIn {
  type: 'SESSION.SIGNED_IN';
  user: UserDetails;
}

/** The session ended: by logout, by expiry with `redirect` handling, or a stored token was refused. */
export interface SessionSignedOut {
  type: 'SESSION.SIGNED_OUT';
  reason: 'logout' | 'expired' | 'refused';
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

/** The lock screen's logout button: the session logs out. */
export interface LogoutRequested {
  type: 'LOGOUT.REQUESTED';
}

export type Announcement =
  | SessionSignedIn
  | SessionSignedOut
  | SettingsChanged
  | PermissionModeRequested
  | MenuParamsApplied
  | NavigationRequested
  | LogoutRequested;

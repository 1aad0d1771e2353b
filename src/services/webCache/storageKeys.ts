/** The names of what the console stores (spec §3 "Local storage keys"). */
export const StorageKey = {
  TOKEN: 'TOKEN__',
  LOCALE: 'LOCALE__',
  USER_INFO: 'USER__INFO__',
  IS_BIND_GOOGLE: 'IS__BIND__GOOGLE__',
  ROLES: 'ROLES__KEY__',
  /** The user's roles with their names (the user store's roleRoleList, spec §3). */
  ROLE_ROLES: 'ROLE__ROLES__KEY__',
  /** When the user's details were last read (the user store's last update time, spec §3). */
  USER_UPDATE_TIME: 'USER__UPDATE__TIME__',
  PERM_CODES: 'PERM__CODES__KEY__',
  MENUS: 'MENUS__KEY__',
  PROJ_CFG: 'PROJ__CFG__KEY__',
  LOCK_INFO: 'LOCK__INFO__KEY__',
  MULTIPLE_TABS: 'MULTIPLE_TABS__KEY__',
  APP_DARK_MODE: '__APP__DARK__MODE__',
  /** Spec §2: the progressive-web-app master flag and app id, in session storage. */
  PWA_MASTER: 'PWA__MASTER__',
  /** The operator's own session while signed in as a user ("Return to my account"). */
  OPERATOR_RETURN: 'OPERATOR__RETURN__KEY__',
} as const;

export type StorageKeyName = (typeof StorageKey)[keyof typeof StorageKey];

/** What a logout clears (spec §4 Session): everything about the user, not the console's settings. */
export const SESSION_KEYS: readonly StorageKeyName[] = [
  StorageKey.TOKEN,
  StorageKey.USER_INFO,
  StorageKey.IS_BIND_GOOGLE,
  StorageKey.ROLES,
  StorageKey.ROLE_ROLES,
  StorageKey.USER_UPDATE_TIME,
  StorageKey.PERM_CODES,
  StorageKey.MENUS,
  StorageKey.LOCK_INFO,
  StorageKey.MULTIPLE_TABS,
  StorageKey.OPERATOR_RETURN,
];

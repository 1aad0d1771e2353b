/** The forms of the login page (spec §2 /login); the second-factor step follows the session. */
export type LoginFormKind = 'account' | 'register' | 'forgot' | 'mobile' | 'qr';

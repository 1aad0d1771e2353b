import { Type, type Static } from 'typebox';
import { Email, Mobile, OtpCode } from './auth';
import { Body, LiteralUnion } from './common';
import { LANGUAGES } from '../languages';

/**
 * The six illustrations an account without a picture of its own shows (console assets; the console
 * prefixes the host): one chosen in the account modal is stored as the avatar, else one by the
 * account's id, so that people on one team tell each other apart.
 */
export const AVATAR_ILLUSTRATIONS = [
  '/avatars/1.svg',
  '/avatars/2.svg',
  '/avatars/3.svg',
  '/avatars/4.svg',
  '/avatars/5.svg',
  '/avatars/6.svg',
] as const;

/** The illustration an account without an avatar gets, by its id. */
export const illustrationFor = (accountId: number): string => AVATAR_ILLUSTRATIONS[accountId % AVATAR_ILLUSTRATIONS.length];

export const Role = Type.Object({ roleName: Type.String(), value: Type.String() });
export type Role = Static<typeof Role>;

/** Spec §3 "User info", plus the login fields and the points balance. */
export const UserDetails = Type.Object({
  userId: Type.Integer(),
  id: Type.Integer(),
  username: Type.String(),
  realName: Type.String(),
  avatar: Type.String(),
  homePath: Type.String(),
  roles: Type.Array(Role),
  isBindGoogle: Type.Boolean(),
  points: Type.Integer(),
  email: Type.Union([Type.String(), Type.Null()]),
  mobile: Type.Union([Type.String(), Type.Null()]),
  contact_us: Type.String(),
  /** This account's invite code: a new account registered with it is recorded as invited by it. */
  inviteCode: Type.String(),
  /** Whether this session is locked (the lock screen). */
  locked: Type.Boolean(),
  /** A sub-account's owner (whose sites, articles and points it works on); absent for an owner. */
  owner: Type.Optional(Type.Object({ id: Type.Integer(), username: Type.String() })),
  /** The password was reset; nothing else is answered until it is changed. */
  mustChangePassword: Type.Optional(Type.Boolean()),
  /** The operator requires an authenticator of this account, and none is bound: binding comes first. */
  mustBindAuthenticator: Type.Optional(Type.Boolean()),
});
export type UserDetails = Static<typeof UserDetails>;

export const PermCodes = Type.Array(Type.String());
export type PermCodes = Static<typeof PermCodes>;

/**
 * PUT /api/v1/user/profile: only the fields sent change. A new email or mobile needs the code sent
 * to it (send_email_code purpose `bind_email`, AccountSendMsgCode purpose `bind_mobile`); null
 * removes it.
 */
export const ProfileBody = Body({
  realName: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  email: Type.Optional(Type.Union([Email, Type.Null()])),
  email_code: Type.Optional(OtpCode),
  mobile: Type.Optional(Type.Union([Mobile, Type.Null()])),
  mobile_code: Type.Optional(OtpCode),
  /** A path on this server (an upload) or an http(s) URL; empty for the default avatar. */
  avatar: Type.Optional(Type.String({ maxLength: 512, pattern: '^(|/[^/].*|https?://.+)$' })),
});
export type ProfileBody = Static<typeof ProfileBody>;

/** PUT /api/v1/user/language: the language the user chose in the console, spoken to their access keys too. */
export const LanguageBody = Body({ language: LiteralUnion(LANGUAGES) });
export type LanguageBody = Static<typeof LanguageBody>;

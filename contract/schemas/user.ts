import { Type, type Static } from 'typebox';

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
  /** Whether this session is locked (the lock screen). */
  locked: Type.Boolean(),
});
export type UserDetails = Static<typeof UserDetails>;

export const PermCodes = Type.Array(Type.String());
export type PermCodes = Static<typeof PermCodes>;

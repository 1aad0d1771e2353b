import { Type, type Static } from 'typebox';
import { DateTime, ListQuery } from './common';

/** Invite registration: the account's code, link, rewards in force and what it earned. */
export const InviteInfo = Type.Object({
  code: Type.String(),
  /** The console's register form with the code filled in: `/login?invite=CODE`. */
  link: Type.String(),
  /** The link as a QR code (SVG data URL). */
  qr: Type.String(),
  rewards: Type.Object({
    inviter_points: Type.Integer(),
    invitee_points: Type.Integer(),
    first_topup_points: Type.Integer(),
    /** Rewarded registrations per inviter per address in 24 hours; 0: no limit. */
    daily_limit_per_ip: Type.Integer(),
  }),
  invited: Type.Integer(),
  rewarded: Type.Integer(),
  total_earned: Type.Integer(),
});
export type InviteInfo = Static<typeof InviteInfo>;

export const InviteListQuery = ListQuery({});
export type InviteListQuery = Static<typeof InviteListQuery>;

export const InvitedAccount = Type.Object({
  id: Type.Integer(),
  /** Masked: `al***e`. */
  username: Type.String(),
  created_at: DateTime,
  /** Points the inviter got for it (registration and first top-up). */
  reward: Type.Integer(),
  /** Why no reward was given: `self` or `ip_daily_limit`; null when it was. */
  withheld_reason: Type.Union([Type.Literal('self'), Type.Literal('ip_daily_limit'), Type.Null()]),
});
export type InvitedAccount = Static<typeof InvitedAccount>;
export const InviteList = Type.Object({ list: Type.Array(InvitedAccount), total: Type.Integer() });
export type InviteList = Static<typeof InviteList>;

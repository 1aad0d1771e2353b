import { Type, type Static } from 'typebox';
import { Body, CacheBust } from './common';

export const Username = Type.String({
  minLength: 3,
  maxLength: 32,
  pattern: '^[A-Za-z0-9_.@-]+$',
  description: '3–32 letters, digits, _ . @ -',
});
export const Password = Type.String({ minLength: 8, maxLength: 128, description: '8–128 characters' });
/** Any password as typed at login (the rules apply when one is set, not when one is checked). */
export const AnyPassword = Type.String({ minLength: 1, maxLength: 128 });
export const OtpCode = Type.String({ pattern: '^[0-9]{6}$', description: 'six digits' });
export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Mobile = Type.String({ pattern: '^\\+?[0-9]{6,15}$', description: '6–15 digits, optional +' });

/** A graphic captcha answer, required once the server asks for one (code 100121). */
export const CaptchaAnswer = {
  captcha_key: Type.Optional(Type.String({ maxLength: 64 })),
  captcha_code: Type.Optional(Type.String({ maxLength: 16 })),
};

/**
 * What a captcha is for, so `required` answers for that rule: `login` (3 failed logins of the
 * account or from the address within 15 min), `register` (5 accounts from the address within an
 * hour), `send_code` (3 codes asked for from the address within an hour).
 */
export const CaptchaScene = Type.Union([Type.Literal('login'), Type.Literal('register'), Type.Literal('send_code')]);
export type CaptchaScene = Static<typeof CaptchaScene>;
export const GraphicCodeQuery = Type.Object(
  {
    scene: Type.Optional(CaptchaScene),
    /** For `login`: the username typed so far, so the account's failures count too. */
    username: Type.Optional(Type.String({ maxLength: 64 })),
    ...CacheBust,
  },
  { additionalProperties: false },
);
export type GraphicCodeQuery = Static<typeof GraphicCodeQuery>;

export const CaptchaImage = Type.Object({
  key: Type.String(),
  /** An SVG image as a data URL. */
  img: Type.String(),
  /** Whether the server will demand a captcha for this address right now. */
  required: Type.Boolean(),
});
export type CaptchaImage = Static<typeof CaptchaImage>;

export const RegisterBody = Body({
  username: Username,
  password: Password,
  password_confirmation: Password,
  /** Another account's invite code (shown in its user details as `inviteCode`); case-insensitive. */
  invite_code: Type.Optional(Type.String({ maxLength: 32 })),
  email: Type.Optional(Email),
  /** Required with `email`: the code sent to it by send_email_code with purpose `register`. */
  email_code: Type.Optional(OtpCode),
  ...CaptchaAnswer,
});
export type RegisterBody = Static<typeof RegisterBody>;

export const LoginFirstBody = Body({ username: Type.String({ minLength: 1, maxLength: 64 }), password: AnyPassword, ...CaptchaAnswer });
export type LoginFirstBody = Static<typeof LoginFirstBody>;
/** `must_bind_google`: the account must bind an authenticator at this sign-in before it enters. */
export const LoginFirstResult = Type.Object({ is_bind_google: Type.Boolean(), must_bind_google: Type.Boolean() });
export type LoginFirstResult = Static<typeof LoginFirstResult>;

export const LoginBody = Body({
  username: Type.String({ minLength: 1, maxLength: 64 }),
  password: AnyPassword,
  google_code: Type.Optional(OtpCode),
  ...CaptchaAnswer,
});
export type LoginBody = Static<typeof LoginBody>;

/** Spec §3 "Login response". */
export const LoginResult = Type.Object({
  token: Type.String(),
  id: Type.Integer(),
  username: Type.String(),
  avatar: Type.String(),
  contact_us: Type.String(),
});
export type LoginResult = Static<typeof LoginResult>;

export const GoogleSecret = Type.Object({
  secret: Type.String(),
  /** otpauth://totp/... */
  uri: Type.String(),
  /** The URI as a QR code, an SVG data URL. */
  qr: Type.String(),
});
export type GoogleSecret = Static<typeof GoogleSecret>;

export const BindGoogleBody = Body({ secret: Type.String({ minLength: 16, maxLength: 128, pattern: '^[A-Z2-7]+=*$' }), code: OtpCode });
export type BindGoogleBody = Static<typeof BindGoogleBody>;

export const EmailCodePurpose = Type.Union([Type.Literal('reset_password'), Type.Literal('register'), Type.Literal('bind_email')]);
export const SendEmailCodeBody = Body({ email: Email, purpose: EmailCodePurpose, ...CaptchaAnswer });
export type SendEmailCodeBody = Static<typeof SendEmailCodeBody>;

export const ResetPasswordBody = Body({
  email: Email,
  code: OtpCode,
  password: Password,
  password_confirmation: Password,
});
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

/** `login` (default): sent only when an account has this mobile; `bind_mobile`: for the profile. */
export const SmsCodePurpose = Type.Union([Type.Literal('login'), Type.Literal('bind_mobile')]);
export const SendSmsCodeBody = Body({ mobile: Mobile, purpose: Type.Optional(SmsCodePurpose), ...CaptchaAnswer });
export type SendSmsCodeBody = Static<typeof SendSmsCodeBody>;
/** `google_code` is needed when the account has an authenticator bound (code 100020 otherwise). */
export const LoginMobileBody = Body({ mobile: Mobile, code: OtpCode, google_code: Type.Optional(OtpCode) });
export type LoginMobileBody = Static<typeof LoginMobileBody>;

/** Returned when a code was sent, so the form can show a countdown. */
export const CodeSent = Type.Object({ resend_after: Type.Integer({ description: 'seconds' }), expires_in: Type.Integer() });
export type CodeSent = Static<typeof CodeSent>;

export const QrCreated = Type.Object({
  id: Type.String(),
  /** What the QR code encodes: a console URL that a logged-in device opens to approve. */
  url: Type.String(),
  /** The URL as a QR code, an SVG data URL. */
  qr: Type.String(),
  expires_in: Type.Integer(),
});
export type QrCreated = Static<typeof QrCreated>;
export const QrStatusQuery = Type.Object(
  { id: Type.String({ minLength: 16, maxLength: 64 }), ...CacheBust },
  { additionalProperties: false },
);
export type QrStatusQuery = Static<typeof QrStatusQuery>;
export const QrStatus = Type.Object({
  status: Type.Union([Type.Literal('pending'), Type.Literal('scanned'), Type.Literal('confirmed'), Type.Literal('expired')]),
  login: Type.Optional(LoginResult),
});
export type QrStatus = Static<typeof QrStatus>;
export const QrConfirmBody = Body({
  id: Type.String({ minLength: 16, maxLength: 64 }),
  action: Type.Optional(Type.Union([Type.Literal('scan'), Type.Literal('confirm')])),
});
export type QrConfirmBody = Static<typeof QrConfirmBody>;

export const PasswordEditBody = Body({ old_password: AnyPassword, new_password: Password, password_confirmation: Password });
export type PasswordEditBody = Static<typeof PasswordEditBody>;

export const UnlockBody = Body({ password: AnyPassword });
export type UnlockBody = Static<typeof UnlockBody>;

/**
 * Client-side validation, the same rules as the API contract (contract/schemas/auth.ts), so a form
 * never sends what the server would refuse. A rule returns the i18n key of its message, or null.
 */
export type Rule<Values> = (value: string, values: Values) => string | null;

const USERNAME = /^[A-Za-z0-9_.@-]+$/;
const OTP = /^[0-9]{6}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MOBILE = /^\+?[0-9]{6,15}$/;

export const required =
  (messageKey: string): Rule<unknown> =>
  (value) =>
    value.trim() ? null : messageKey;

/** A new account's name: 3–32 letters, digits, _ . @ - */
export const username: Rule<unknown> = (value) => {
  if (!value.trim()) return 'sys.validation.usernameRequired';
  if (value.length < 3 || value.length > 32 || !USERNAME.test(value)) return 'sys.validation.usernameFormat';
  return null;
};

/** The name typed at login: anything up to 64 characters. */
export const loginUsername: Rule<unknown> = (value) => {
  if (!value.trim()) return 'sys.validation.usernameRequired';
  return value.length > 64 ? 'sys.validation.usernameFormat' : null;
};

/** A password being set: 8–128 characters. */
export const newPassword: Rule<unknown> = (value) => {
  if (!value) return 'sys.validation.passwordRequired';
  return value.length < 8 || value.length > 128 ? 'sys.validation.passwordLength' : null;
};

/** A password being checked: anything up to 128 characters. */
export const anyPassword: Rule<unknown> = (value) => {
  if (!value) return 'sys.validation.passwordRequired';
  return value.length > 128 ? 'sys.validation.passwordLength' : null;
};

/** The confirmation must repeat the field `passwordField`. */
export const confirmationOf =
  <Values extends Record<string, string>>(passwordField: keyof Values): Rule<Values> =>
  (value, values) => {
    if (!value) return 'sys.validation.confirmRequired';
    return value === values[passwordField] ? null : 'sys.validation.confirmMismatch';
  };

export const otpCode: Rule<unknown> = (value) => {
  if (!value) return 'sys.validation.codeRequired';
  return OTP.test(value) ? null : 'sys.validation.codeFormat';
};

export const email: Rule<unknown> = (value) => {
  if (!value.trim()) return 'sys.validation.emailRequired';
  return value.length <= 254 && EMAIL.test(value.trim()) ? null : 'sys.validation.emailFormat';
};

export const mobile: Rule<unknown> = (value) => {
  if (!value.trim()) return 'sys.validation.mobileRequired';
  return MOBILE.test(value.trim()) ? null : 'sys.validation.mobileFormat';
};

export const captchaCode: Rule<unknown> = (value) => {
  if (!value.trim()) return 'sys.validation.captchaRequired';
  return value.length > 16 ? 'sys.validation.captchaFormat' : null;
};

export const inviteCode: Rule<unknown> = (value) => (value.length > 32 ? 'sys.validation.inviteCodeFormat' : null);

/** An http(s) address with a host, as the API contract checks it (contract/schemas/site.ts). */
export const httpUrl: Rule<unknown> = (value) => {
  if (!value.trim()) return 'sys.validation.urlRequired';
  return /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value.trim()) && value.trim().length <= 500 ? null : 'sys.validation.urlFormat';
};

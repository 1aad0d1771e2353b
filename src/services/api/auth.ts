import { FirstScreenApiPath } from '../../../contract/firstScreenPaths';
import type {
  BindGoogleBody,
  CaptchaImage,
  CodeSent,
  GoogleSecret,
  GraphicCodeQuery,
  LoginBody,
  LoginFirstBody,
  LoginFirstResult,
  LoginMobileBody,
  LoginResult,
  PasswordEditBody,
  QrConfirmBody,
  QrCreated,
  QrStatus,
  RegisterBody,
  ResetPasswordBody,
  SendEmailCodeBody,
  SendSmsCodeBody,
} from '../../../contract/schemas/auth';
import type { PermCodes, UserDetails } from '../../../contract/schemas/user';
import { http, type CallOptions } from '../http';

/**
 * The account endpoints (spec §7). Calls made by a form show their failure in the form, so they
 * send no toast of their own (`errorMessageMode: 'none'`).
 */
const FORM: CallOptions = { errorMessageMode: 'none' };

export const register = (body: RegisterBody) => http.post<LoginResult>(FirstScreenApiPath.register, body, FORM);
/** Checks the password and tells whether the account has an authenticator bound. */
export const loginFirst = (body: LoginFirstBody) => http.post<LoginFirstResult>(FirstScreenApiPath.loginFirst, body, FORM);
export const login = (body: LoginBody) => http.post<LoginResult>(FirstScreenApiPath.login, body, FORM);
export const logout = () => http.post<null>(FirstScreenApiPath.logout);
export const userDetails = () => http.get<UserDetails>(FirstScreenApiPath.userDetails);
export const permCode = () => http.get<PermCodes>(FirstScreenApiPath.permCode);
export const passwordEdit = (body: PasswordEditBody) => http.put<null>(FirstScreenApiPath.passwordEdit, body, FORM);
export const resetPassword = (body: ResetPasswordBody) => http.post<null>(FirstScreenApiPath.resetPassword, body, FORM);
export const sendEmailCode = (body: SendEmailCodeBody) => http.post<CodeSent>(FirstScreenApiPath.sendEmailCode, body, FORM);
export const sendSmsCode = (body: SendSmsCodeBody) => http.post<CodeSent>(FirstScreenApiPath.sendSmsCode, body, FORM);
export const loginMobile = (body: LoginMobileBody) => http.post<LoginResult>(FirstScreenApiPath.loginMobile, body, FORM);
export const qrCreate = () => http.post<QrCreated>(FirstScreenApiPath.qrCreate, undefined, FORM);
export const qrStatus = (id: string) => http.get<QrStatus>(FirstScreenApiPath.qrStatus, { id }, FORM);
export const qrConfirm = (body: QrConfirmBody) => http.post<null>(FirstScreenApiPath.qrConfirm, body, FORM);
/** A fresh authenticator secret to bind, with its QR code. */
export const googleCaptcha = () => http.get<GoogleSecret>(FirstScreenApiPath.googleCaptcha, undefined, FORM);
export const bindGoogle = (body: BindGoogleBody) => http.post<null>(FirstScreenApiPath.bindGoogle, body, FORM);
/** A graphic captcha (spec §8 code 100121). */
export const graphicCode = (query: GraphicCodeQuery = {}) => http.get<CaptchaImage>(FirstScreenApiPath.graphicCode, { ...query }, FORM);

import { ApiPath } from '../../../contract/paths';
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

export const register = (body: RegisterBody) => http.post<LoginResult>(ApiPath.register, body, FORM);
/** Checks the password and tells whether the account has an authenticator bound. */
export const loginFirst = (body: LoginFirstBody) => http.post<LoginFirstResult>(ApiPath.loginFirst, body, FORM);
export const login = (body: LoginBody) => http.post<LoginResult>(ApiPath.login, body, FORM);
export const logout = () => http.post<null>(ApiPath.logout);
export const userDetails = () => http.get<UserDetails>(ApiPath.userDetails);
export const permCode = () => http.get<PermCodes>(ApiPath.permCode);
export const passwordEdit = (body: PasswordEditBody) => http.put<null>(ApiPath.passwordEdit, body, FORM);
export const resetPassword = (body: ResetPasswordBody) => http.post<null>(ApiPath.resetPassword, body, FORM);
export const sendEmailCode = (body: SendEmailCodeBody) => http.post<CodeSent>(ApiPath.sendEmailCode, body, FORM);
export const sendSmsCode = (body: SendSmsCodeBody) => http.post<CodeSent>(ApiPath.sendSmsCode, body, FORM);
export const loginMobile = (body: LoginMobileBody) => http.post<LoginResult>(ApiPath.loginMobile, body, FORM);
export const qrCreate = () => http.post<QrCreated>(ApiPath.qrCreate, undefined, FORM);
export const qrStatus = (id: string) => http.get<QrStatus>(ApiPath.qrStatus, { id }, FORM);
export const qrConfirm = (body: QrConfirmBody) => http.post<null>(ApiPath.qrConfirm, body, FORM);
/** A fresh authenticator secret to bind, with its QR code. */
export const googleCaptcha = () => http.get<GoogleSecret>(ApiPath.googleCaptcha, undefined, FORM);
export const bindGoogle = (body: BindGoogleBody) => http.post<null>(ApiPath.bindGoogle, body, FORM);
/** A graphic captcha (spec §8 code 100121). */
export const graphicCode = (query: GraphicCodeQuery = {}) => http.get<CaptchaImage>(ApiPath.graphicCode, { ...query }, FORM);

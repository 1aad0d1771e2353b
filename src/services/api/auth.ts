import { FirstScreenApiPath } from '../../../contract/firstScreenPaths';
import type {
  BindGoogleBody,
  GraphicCodeQuery,
  LoginBody,
  LoginFirstBody,
  LoginMobileBody,
  PasswordEditBody,
  QrConfirmBody,
  RegisterBody,
  ResetPasswordBody,
  SendEmailCodeBody,
  SendSmsCodeBody,
} from '../../../contract/schemas/auth';
import { http, type CallOptions } from '../http';
import type { ReplyOf } from '../../../contract/endpoint';
import type { authEndpoints } from '../../../contract/endpoints/auth';
import type { userEndpoints } from '../../../contract/endpoints/user';

/**
 * The account endpoints (spec §7). Calls made by a form show their failure in the form, so they
 * send no toast of their own (`errorMessageMode: 'none'`).
 */
const FORM: CallOptions = { errorMessageMode: 'none' };

export const register = (body: RegisterBody) => http.post<ReplyOf<typeof authEndpoints.register>>(FirstScreenApiPath.register, body, FORM);
/** Checks the password and tells whether the account has an authenticator bound. */
export const loginFirst = (body: LoginFirstBody) =>
  http.post<ReplyOf<typeof authEndpoints.loginFirst>>(FirstScreenApiPath.loginFirst, body, FORM);
export const login = (body: LoginBody) => http.post<ReplyOf<typeof authEndpoints.login>>(FirstScreenApiPath.login, body, FORM);
export const logout = () => http.post<ReplyOf<typeof authEndpoints.logout>>(FirstScreenApiPath.logout);
export const userDetails = () => http.get<ReplyOf<typeof userEndpoints.userDetails>>(FirstScreenApiPath.userDetails);
export const permCode = () => http.get<ReplyOf<typeof userEndpoints.permCode>>(FirstScreenApiPath.permCode);
export const passwordEdit = (body: PasswordEditBody) =>
  http.put<ReplyOf<typeof authEndpoints.passwordEdit>>(FirstScreenApiPath.passwordEdit, body, FORM);
export const resetPassword = (body: ResetPasswordBody) =>
  http.post<ReplyOf<typeof authEndpoints.resetPassword>>(FirstScreenApiPath.resetPassword, body, FORM);
export const sendEmailCode = (body: SendEmailCodeBody) =>
  http.post<ReplyOf<typeof authEndpoints.sendEmailCode>>(FirstScreenApiPath.sendEmailCode, body, FORM);
export const sendSmsCode = (body: SendSmsCodeBody) =>
  http.post<ReplyOf<typeof authEndpoints.sendSmsCode>>(FirstScreenApiPath.sendSmsCode, body, FORM);
export const loginMobile = (body: LoginMobileBody) =>
  http.post<ReplyOf<typeof authEndpoints.loginMobile>>(FirstScreenApiPath.loginMobile, body, FORM);
export const qrCreate = () => http.post<ReplyOf<typeof authEndpoints.qrCreate>>(FirstScreenApiPath.qrCreate, undefined, FORM);
export const qrStatus = (id: string) => http.get<ReplyOf<typeof authEndpoints.qrStatus>>(FirstScreenApiPath.qrStatus, { id }, FORM);
export const qrConfirm = (body: QrConfirmBody) =>
  http.post<ReplyOf<typeof authEndpoints.qrConfirm>>(FirstScreenApiPath.qrConfirm, body, FORM);
/** A fresh authenticator secret to bind, with its QR code. */
export const googleCaptcha = () => http.get<ReplyOf<typeof authEndpoints.googleCaptcha>>(FirstScreenApiPath.googleCaptcha, undefined, FORM);
export const bindGoogle = (body: BindGoogleBody) =>
  http.post<ReplyOf<typeof authEndpoints.bindGoogle>>(FirstScreenApiPath.bindGoogle, body, FORM);
/** A graphic captcha (spec §8 code 100121). */
export const graphicCode = (query: GraphicCodeQuery = {}) =>
  http.get<ReplyOf<typeof authEndpoints.graphicCode>>(FirstScreenApiPath.graphicCode, { ...query }, FORM);

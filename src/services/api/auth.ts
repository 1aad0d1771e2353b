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

/**
 * The account endpoints (spec §7). Calls made by a form show their failure in the form, so they
 * send no toast of their own (`errorMessageMode: 'none'`).
 */
const FORM: CallOptions = { errorMessageMode: 'none' };

export const register = (body: RegisterBody) => http.post(FirstScreenApiPath.register, body, FORM);
/** Checks the password and tells whether the account has an authenticator bound. */
export const loginFirst = (body: LoginFirstBody) => http.post(FirstScreenApiPath.loginFirst, body, FORM);
export const login = (body: LoginBody) => http.post(FirstScreenApiPath.login, body, FORM);
export const logout = () => http.post(FirstScreenApiPath.logout);
export const userDetails = () => http.get(FirstScreenApiPath.userDetails);
export const permCode = () => http.get(FirstScreenApiPath.permCode);
export const passwordEdit = (body: PasswordEditBody) => http.put(FirstScreenApiPath.passwordEdit, body, FORM);
export const resetPassword = (body: ResetPasswordBody) => http.post(FirstScreenApiPath.resetPassword, body, FORM);
export const sendEmailCode = (body: SendEmailCodeBody) => http.post(FirstScreenApiPath.sendEmailCode, body, FORM);
export const sendSmsCode = (body: SendSmsCodeBody) => http.post(FirstScreenApiPath.sendSmsCode, body, FORM);
export const loginMobile = (body: LoginMobileBody) => http.post(FirstScreenApiPath.loginMobile, body, FORM);
export const qrCreate = () => http.post(FirstScreenApiPath.qrCreate, undefined, FORM);
export const qrStatus = (id: string) => http.get(FirstScreenApiPath.qrStatus, { id }, FORM);
export const qrConfirm = (body: QrConfirmBody) => http.post(FirstScreenApiPath.qrConfirm, body, FORM);
/** A fresh authenticator secret to bind, with its QR code. */
export const googleCaptcha = () => http.get(FirstScreenApiPath.googleCaptcha, undefined, FORM);
export const bindGoogle = (body: BindGoogleBody) => http.post(FirstScreenApiPath.bindGoogle, body, FORM);
/** A graphic captcha (spec §8 code 100121). */
export const graphicCode = (query: GraphicCodeQuery = {}) => http.get(FirstScreenApiPath.graphicCode, { ...query }, FORM);

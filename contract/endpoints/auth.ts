import { endpoint } from '../endpoint';
import { Empty } from '../schemas/common';
import {
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
  QrStatusQuery,
  RegisterBody,
  ResetPasswordBody,
  SendEmailCodeBody,
  SendSmsCodeBody,
  UnlockBody,
} from '../schemas/auth';
import { ApiPath } from '../paths';

/** Registration, logins (password, SMS code, QR), the lock screen, passwords, captchas and the authenticator. */
export const authEndpoints = {
  register: endpoint.post(ApiPath.register, { body: RegisterBody, reply: LoginResult }),
  loginFirst: endpoint.post(ApiPath.loginFirst, { body: LoginFirstBody, reply: LoginFirstResult }),
  login: endpoint.post(ApiPath.login, { body: LoginBody, reply: LoginResult }),
  logout: endpoint.post(ApiPath.logout, { reply: Empty }),
  lock: endpoint.post(ApiPath.lock, { reply: Empty }),
  unlock: endpoint.post(ApiPath.unlock, { body: UnlockBody, reply: Empty }),
  passwordEdit: endpoint.put(ApiPath.passwordEdit, { body: PasswordEditBody, reply: Empty }),
  graphicCode: endpoint.get(ApiPath.graphicCode, { query: GraphicCodeQuery, reply: CaptchaImage }),
  sendEmailCode: endpoint.post(ApiPath.sendEmailCode, { body: SendEmailCodeBody, reply: CodeSent }),
  resetPassword: endpoint.post(ApiPath.resetPassword, { body: ResetPasswordBody, reply: Empty }),
  googleCaptcha: endpoint.get(ApiPath.googleCaptcha, { reply: GoogleSecret }),
  bindGoogle: endpoint.post(ApiPath.bindGoogle, { body: BindGoogleBody, reply: Empty }),
  sendSmsCode: endpoint.post(ApiPath.sendSmsCode, { body: SendSmsCodeBody, reply: CodeSent }),
  loginMobile: endpoint.post(ApiPath.loginMobile, { body: LoginMobileBody, reply: LoginResult }),
  qrCreate: endpoint.post(ApiPath.qrCreate, { reply: QrCreated }),
  qrStatus: endpoint.get(ApiPath.qrStatus, { query: QrStatusQuery, reply: QrStatus }),
  qrConfirm: endpoint.post(ApiPath.qrConfirm, { body: QrConfirmBody, reply: Empty }),
};

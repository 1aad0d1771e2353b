/**
 * The API paths the console's first screen and its root call: the public configuration, the ways
 * to sign in, sign up and reset a password, the user read once signed in, the language switched to,
 * and the error log (the login page reports its errors too). Apart from the other paths so that the
 * first screen's code carries only these; `ApiPath` (./paths) holds them all.
 */
export const FirstScreenApiPath = {
  publicConf: '/api/public/conf',
  getApp: '/api/v1/get_app',
  graphicCode: '/api/v1/graphic/code',

  register: '/api/v1/user/register',
  loginFirst: '/api/v1/user/login_first',
  login: '/api/v1/user/login',
  logout: '/api/v1/user/logout',
  userDetails: '/api/v1/user/get_user_details',
  permCode: '/getPermCode',
  passwordEdit: '/api/v1/user/password_edit',
  resetPassword: '/api/v1/user/reset_password',
  userLanguage: '/api/v1/user/language',

  googleCaptcha: '/admin/v1/google_captcha',
  bindGoogle: '/api/v1/user/bind_google_captcha',

  sendEmailCode: '/api/v1/auth/send_email_code',
  sendSmsCode: '/admin/v1/system/AccountSendMsgCode',
  loginMobile: '/api/v1/user/login_mobile',

  qrCreate: '/api/v1/user/qr/create',
  qrStatus: '/api/v1/user/qr/status',
  qrConfirm: '/api/v1/user/qr/confirm',

  errorLogAdd: '/api/v1/error_log/add',
} as const;

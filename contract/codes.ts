/**
 * Result codes of the `{ code, msg, data }` envelope (spec §8, DESIGN.md §3).
 * Shared by the server (which sends them) and the console (which maps them to messages).
 */
export const ResultCode = {
  SUCCESS: 200,
  /** The console also accepts 0 as success (spec §8). */
  SUCCESS_ALT: 0,
  ERROR: -1,
  TIMEOUT: 4001,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  INVALID_INPUT: 400,
  TOO_LARGE: 413,
  RATE_LIMITED: 429,
  SERVER_ERROR: 500,
  /** The client should go to the login page. */
  REDIRECT_LOGIN: 2005,
  /** Session expired or timed out: the console offers its re-login overlay. */
  SESSION_EXPIRED: 100007,
  /** A sign-in elsewhere ended the session (one session per user): the console signs out, saying so. */
  REPEAT_LOGIN: 100008,
  /** The account has a second factor bound: send `google_code`. */
  SECOND_FACTOR_REQUIRED: 100020,
  /** Too many failures: a graphic captcha must accompany the request. */
  CAPTCHA_REQUIRED: 100121,
  CAPTCHA_WRONG: 100123,
  SECOND_FACTOR_WRONG: 100124,
  /** Not enough points: the console offers the top-up dialog. */
  NOT_ENOUGH_POINTS: 100146,
  /** The session is locked: only unlock and logout are accepted. */
  SESSION_LOCKED: 100150,
  /** Something with that unique name or code already exists. */
  DUPLICATE: 100151,
  /** The record is still used (a menu with child menus): it cannot be deleted yet. */
  IN_USE: 100152,
  /* Top-up. */
  /** No recharge code is spelled like that. */
  RECHARGE_CODE_UNKNOWN: 100301,
  /** The recharge code was already redeemed. */
  RECHARGE_CODE_USED: 100302,
  /** The recharge code's expiry date has passed. */
  RECHARGE_CODE_EXPIRED: 100303,
  /** Taking the points would make the balance negative. */
  BALANCE_WOULD_GO_NEGATIVE: 100304,
  /** The order is not in a state that allows this (already paid, expired, refunded, …). */
  ORDER_STATE: 100305,
  /** The package does not exist any more or is not on sale. */
  PACKAGE_UNAVAILABLE: 100306,
} as const;

export type ResultCodeValue = (typeof ResultCode)[keyof typeof ResultCode];

/** Codes whose message the console never shows as a toast (spec §8): the view handles them. */
export const SUPPRESSED_CODES: readonly number[] = [
  ResultCode.SECOND_FACTOR_WRONG,
  ResultCode.CAPTCHA_WRONG,
  ResultCode.CAPTCHA_REQUIRED,
  ResultCode.SECOND_FACTOR_REQUIRED,
  ResultCode.NOT_ENOUGH_POINTS,
];

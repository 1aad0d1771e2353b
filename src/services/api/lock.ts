import { ApiPath } from '../../../contract/paths';
import { http } from '../http';
import type { ReplyOf } from '../../../contract/endpoint';
import type { authEndpoints } from '../../../contract/endpoints/auth';

/** The lock screen (spec §4): the server refuses the session's other calls until it is unlocked. */
export const lockScreen = () => http.post<ReplyOf<typeof authEndpoints.lock>>(ApiPath.lock, undefined, { errorMessageMode: 'none' });
/** Checks the account's password; the lock screen shows a wrong one itself. */
export const unlockScreen = (password: string) =>
  http.post<ReplyOf<typeof authEndpoints.unlock>>(ApiPath.unlock, { password }, { errorMessageMode: 'none' });

import { ApiPath } from '../../../contract/paths';
import { http } from '../http';

/** The lock screen (spec §4): the server refuses the session's other calls until it is unlocked. */
export const lockScreen = () => http.post(ApiPath.lock, undefined, { errorMessageMode: 'none' });
/** Checks the account's password; the lock screen shows a wrong one itself. */
export const unlockScreen = (password: string) => http.post(ApiPath.unlock, { password }, { errorMessageMode: 'none' });

import { FirstScreenApiPath } from '../../../contract/firstScreenPaths';
import type { Language } from '../../../contract/languages';
import { http } from '../http';
import type { ReplyOf } from '../../../contract/endpoint';
import type { userEndpoints } from '../../../contract/endpoints/user';

/** The locale the user switched to, remembered for the account; a failure leaves the console as it is. */
export const saveLanguage = (language: Language) =>
  http.put<ReplyOf<typeof userEndpoints.userLanguage>>(FirstScreenApiPath.userLanguage, { language }, { errorMessageMode: 'none' });

import { FirstScreenApiPath } from '../../../contract/firstScreenPaths';
import type { Language } from '../../../contract/languages';
import { http } from '../http';

/** The locale the user switched to, remembered for the account; a failure leaves the console as it is. */
export const saveLanguage = (language: Language) => http.put(FirstScreenApiPath.userLanguage, { language }, { errorMessageMode: 'none' });

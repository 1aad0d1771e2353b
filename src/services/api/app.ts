import { FirstScreenApiPath } from '../../../contract/firstScreenPaths';
import type { AppInfo, GetAppBody, PublicConf } from '../../../contract/schemas/app';
import { http } from '../http';

/** What the server offers (login forms, upload limits) and its name. */
export const publicConf = () => http.get<PublicConf>(FirstScreenApiPath.publicConf);
export const getApp = (body: GetAppBody) => http.post<AppInfo>(FirstScreenApiPath.getApp, body);

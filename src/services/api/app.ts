import { FirstScreenApiPath } from '../../../contract/firstScreenPaths';
import type { GetAppBody } from '../../../contract/schemas/app';
import { http } from '../http';

/** What the server offers (login forms, upload limits) and its name. */
export const publicConf = () => http.get(FirstScreenApiPath.publicConf);
export const getApp = (body: GetAppBody) => http.post(FirstScreenApiPath.getApp, body);

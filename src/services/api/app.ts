import { FirstScreenApiPath } from '../../../contract/firstScreenPaths';
import type { GetAppBody } from '../../../contract/schemas/app';
import { http } from '../http';
import type { ReplyOf } from '../../../contract/endpoint';
import type { appEndpoints } from '../../../contract/endpoints/app';

/** What the server offers (login forms, upload limits) and its name. */
export const publicConf = () => http.get<ReplyOf<typeof appEndpoints.publicConf>>(FirstScreenApiPath.publicConf);
export const getApp = (body: GetAppBody) => http.post<ReplyOf<typeof appEndpoints.getApp>>(FirstScreenApiPath.getApp, body);

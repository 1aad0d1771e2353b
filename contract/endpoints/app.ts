import { endpoint } from '../endpoint';
import { AppInfo, GetAppBody, PublicConf } from '../schemas/app';
import { ApiPath } from '../paths';

/** What the console reads before anyone signs in: the public configuration and an app's details. */
export const appEndpoints = {
  publicConf: endpoint.get(ApiPath.publicConf, { reply: PublicConf }),
  getApp: endpoint.post(ApiPath.getApp, { body: GetAppBody, reply: AppInfo }),
};

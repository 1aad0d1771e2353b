import { endpoint } from '../endpoint';
import { InviteInfo, InviteList, InviteListQuery } from '../schemas/invite';
import { ApiPath } from '../paths';

/** The invitation link, its rewards and the invited accounts. */
export const inviteEndpoints = {
  inviteInfo: endpoint.get(ApiPath.inviteInfo, { reply: InviteInfo }),
  inviteList: endpoint.get(ApiPath.inviteList, { query: InviteListQuery, reply: InviteList }),
};

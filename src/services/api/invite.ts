import { ApiPath } from '../../../contract/paths';
import { http } from '../http';
import type { ReplyOf } from '../../../contract/endpoint';
import type { inviteEndpoints } from '../../../contract/endpoints/invite';

/** Invite registration: the account's code, link, rewards, and the accounts it brought. */
export const inviteInfo = () => http.get<ReplyOf<typeof inviteEndpoints.inviteInfo>>(ApiPath.inviteInfo);
export const inviteList = (query: { page: number; page_size: number }) =>
  http.get<ReplyOf<typeof inviteEndpoints.inviteList>>(ApiPath.inviteList, { ...query });

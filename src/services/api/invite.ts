import { ApiPath } from '../../../contract/paths';
import type { InviteInfo, InviteList } from '../../../contract/schemas/invite';
import { http } from '../http';

/** Invite registration: the account's code, link, rewards, and the accounts it brought. */
export const inviteInfo = () => http.get<InviteInfo>(ApiPath.inviteInfo);
export const inviteList = (query: { page: number; page_size: number }) => http.get<InviteList>(ApiPath.inviteList, { ...query });

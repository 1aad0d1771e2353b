import { ApiPath } from '../../../contract/paths';
import { http } from '../http';

/** Invite registration: the account's code, link, rewards, and the accounts it brought. */
export const inviteInfo = () => http.get(ApiPath.inviteInfo);
export const inviteList = (query: { page: number; page_size: number }) => http.get(ApiPath.inviteList, { ...query });

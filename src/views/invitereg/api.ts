import { useLoad } from '../../app/useLoad';
import { inviteInfo, inviteList } from '../../services/api/invite';

const NO_INPUT = undefined;

/** The accounts the invite code brought, a page at a time. */
export const invitedRows = { fetchPage: ({ page, page_size }: { page: number; page_size: number }) => inviteList({ page, page_size }) };

/** The account's invite code, link and rewards: loaded ahead at the click that opens the page. */
export const inviteAhead = () => inviteInfo();

export const useInvite = () => useLoad(inviteInfo, NO_INPUT);

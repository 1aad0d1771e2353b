import { ApiPath } from '../../../contract/paths';
import type { Static } from 'typebox';
import type { AdminNoticeAddBody, AdminNoticeEditBody, NoticeFilter, NoticeKindName } from '../../../contract/schemas/notice';
import { http, type CallOptions } from '../http';

/** Notices: the reader's list and read state, the operator's announcements. */
const FORM: CallOptions = { errorMessageMode: 'none' };

export interface NoticeQuery {
  page: number;
  page_size: number;
  filter?: NoticeFilter;
  kind?: NoticeKindName;
}

export const noticeList = (query: NoticeQuery) => http.get(ApiPath.noticeList, { ...query });
/** Opens one notice (the server marks it read), with its neighbours in the list it came from. */
export const noticeDetail = (query: { id: number; filter?: NoticeFilter; kind?: NoticeKindName }) =>
  http.get(ApiPath.noticeDetail, { ...query });
export const noticeRead = (ids: number[]) => http.post(ApiPath.noticeRead, { ids });
export const noticeReadAll = (kind?: NoticeKindName) => http.post(ApiPath.noticeReadAll, kind ? { kind } : {});
export const noticeUnread = () => http.get(ApiPath.noticeUnread, {}, { retry: null });

export const adminNoticeList = (query: { page: number; page_size: number }) => http.get(ApiPath.adminNoticeList, { ...query });
export const adminNoticeAdd = (body: Static<typeof AdminNoticeAddBody>) => http.post(ApiPath.adminNoticeAdd, body, FORM);
export const adminNoticeEdit = (body: Static<typeof AdminNoticeEditBody>) => http.put(ApiPath.adminNoticeEdit, body, FORM);
export const adminNoticeWithdraw = (id: number) => http.post(ApiPath.adminNoticeWithdraw, { id });

import { ApiPath } from '../../../contract/paths';
import type { Static } from 'typebox';
import type {
  AdminNotice,
  AdminNoticeAddBody,
  AdminNoticeEditBody,
  Notice,
  NoticeDetail,
  NoticeFilter,
  NoticeKindName,
  NoticeUnread,
} from '../../../contract/schemas/notice';
import { http, type CallOptions } from '../http';
import type { Paged } from './site';

/** Notices: the reader's list and read state, the operator's announcements. */
const FORM: CallOptions = { errorMessageMode: 'none' };

export interface NoticeQuery {
  page: number;
  page_size: number;
  filter?: NoticeFilter;
  kind?: NoticeKindName;
}

export const noticeList = (query: NoticeQuery) => http.get<Paged<Notice>>(ApiPath.noticeList, { ...query });
/** Opens one notice (the server marks it read), with its neighbours in the list it came from. */
export const noticeDetail = (query: { id: number; filter?: NoticeFilter; kind?: NoticeKindName }) =>
  http.get<Static<typeof NoticeDetail>>(ApiPath.noticeDetail, { ...query });
export const noticeRead = (ids: number[]) => http.post<{ marked: number; unread: number }>(ApiPath.noticeRead, { ids });
export const noticeReadAll = (kind?: NoticeKindName) =>
  http.post<{ marked: number; unread: number }>(ApiPath.noticeReadAll, kind ? { kind } : {});
export const noticeUnread = () => http.get<NoticeUnread>(ApiPath.noticeUnread, {}, { retry: null });

export const adminNoticeList = (query: { page: number; page_size: number }) =>
  http.get<Paged<AdminNotice>>(ApiPath.adminNoticeList, { ...query });
export const adminNoticeAdd = (body: Static<typeof AdminNoticeAddBody>) => http.post<AdminNotice>(ApiPath.adminNoticeAdd, body, FORM);
export const adminNoticeEdit = (body: Static<typeof AdminNoticeEditBody>) => http.put<AdminNotice>(ApiPath.adminNoticeEdit, body, FORM);
export const adminNoticeWithdraw = (id: number) => http.post<null>(ApiPath.adminNoticeWithdraw, { id });

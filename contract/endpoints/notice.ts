import { endpoint } from '../endpoint';
import {
  AdminNotice,
  AdminNoticeAddBody,
  AdminNoticeEditBody,
  AdminNoticeListQuery,
  Notice,
  NoticeDetail,
  NoticeDetailQuery,
  NoticeListQuery,
  NoticeRead,
  NoticeReadAllBody,
  NoticeReadBody,
  NoticeSettings,
  NoticeSettingsBody,
  NoticeUnread,
} from '../schemas/notice';
import { Empty, IdBody, ListOf } from '../schemas/common';
import { ApiPath } from '../paths';

/** Notices: the user's list, reading them, the unread count and its stream, settings, and the operator's notices. */
export const noticeEndpoints = {
  noticeList: endpoint.get(ApiPath.noticeList, { query: NoticeListQuery, reply: ListOf(Notice) }),
  noticeDetail: endpoint.get(ApiPath.noticeDetail, { query: NoticeDetailQuery, reply: NoticeDetail }),
  noticeRead: endpoint.post(ApiPath.noticeRead, { body: NoticeReadBody, reply: NoticeRead }),
  noticeReadAll: endpoint.post(ApiPath.noticeReadAll, { body: NoticeReadAllBody, reply: NoticeRead }),
  noticeUnread: endpoint.get(ApiPath.noticeUnread, { reply: NoticeUnread }),
  noticeStream: endpoint.get(ApiPath.noticeStream),
  noticeSettings: endpoint.get(ApiPath.noticeSettings, { reply: NoticeSettings }),
  noticeSettingsSet: endpoint.put(ApiPath.noticeSettingsSet, { body: NoticeSettingsBody, reply: NoticeSettings }),
  adminNoticeList: endpoint.get(ApiPath.adminNoticeList, { query: AdminNoticeListQuery, reply: ListOf(AdminNotice) }),
  adminNoticeAdd: endpoint.post(ApiPath.adminNoticeAdd, { body: AdminNoticeAddBody, reply: AdminNotice }),
  adminNoticeEdit: endpoint.put(ApiPath.adminNoticeEdit, { body: AdminNoticeEditBody, reply: AdminNotice }),
  adminNoticeWithdraw: endpoint.post(ApiPath.adminNoticeWithdraw, { body: IdBody, reply: Empty }),
};

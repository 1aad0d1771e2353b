import type { AdminNotice, NoticeFilter, NoticeKindName } from '../../../contract/schemas/notice';
import { useCall, type HandlersOf } from '../../app/useCall';
import { useLoad } from '../../app/useLoad';
import type { ListFilters } from '../../machines/list.machine';
import {
  adminNoticeAdd,
  adminNoticeEdit,
  adminNoticeList,
  adminNoticeWithdraw,
  noticeDetail,
  noticeList,
  noticeRead,
  noticeReadAll,
} from '../../services/api/notice';

/** The reader's messages, a page at a time: unread ones unless the filter says otherwise. */
export const noticeRows = {
  fetchPage: ({ page, page_size, filters }: { page: number; page_size: number; filters: ListFilters }) =>
    noticeList({
      page,
      page_size,
      filter: (filters.filter as NoticeFilter) || 'unread',
      ...(filters.kind ? { kind: filters.kind as NoticeKindName } : {}),
    }),
};

/** Marks the notices of `ids` read. */
export const useMarkRead = (handlers?: HandlersOf<typeof noticeRead>) => useCall(noticeRead, handlers);

/** Marks every notice read, or those of one kind. */
export const useMarkAllRead = (handlers?: HandlersOf<typeof noticeReadAll>) => useCall(noticeReadAll, handlers);

type DetailQuery = Parameters<typeof noticeDetail>[0];

/** One message with the previous and next of its list; the server marks it read, then `onRead` runs. */
export const useNoticeDetail = (query: DetailQuery, onRead: () => void) =>
  useLoad(
    (q: DetailQuery) =>
      noticeDetail(q).then((answer) => {
        onRead();
        return answer;
      }),
    query,
  );

/** Every notice the operators wrote, a page at a time; a removed row is a withdrawn notice. */
export const managedNoticeRows = {
  fetchPage: ({ page, page_size }: { page: number; page_size: number }) => adminNoticeList({ page, page_size }),
  removeRow: (row: AdminNotice) => adminNoticeWithdraw(row.id),
};

const withdrawNotice = (notice: AdminNotice) => adminNoticeWithdraw(notice.id);

/** Withdraws a notice: its readers no longer see it. */
export const useWithdrawNotice = (handlers?: HandlersOf<typeof withdrawNotice>) => useCall(withdrawNotice, handlers);

type NoticeBody = Parameters<typeof adminNoticeAdd>[0];

/** A new notice, or an edit of the one with `id`. */
const saveNotice = ({ id, body }: { id: number | null; body: NoticeBody }) =>
  id ? adminNoticeEdit({ id, ...body }) : adminNoticeAdd(body);

export const useSaveNotice = (handlers?: HandlersOf<typeof saveNotice>) => useCall(saveNotice, handlers);

import { useCall, type HandlersOf } from '../../app/useCall';
import { passwordEdit } from '../../services/api/auth';
import { noticeReadAll, noticeUnread } from '../../services/api/notice';

/** The unread count and the latest few notices, for the bell's popover. */
export const latestNotices = () => noticeUnread();

/** Marks every notice read, from the bell's popover. */
export const useReadAllNotices = (handlers?: HandlersOf<typeof noticeReadAll>) => useCall(noticeReadAll, handlers);

export const useChangePassword = (handlers?: HandlersOf<typeof passwordEdit>) => useCall(passwordEdit, handlers);

import { useCall, type HandlersOf } from '../../app/useCall';
import { passwordEdit } from '../../services/api/auth';
import { noticeReadAll, noticeUnread } from '../../services/api/notice';

/** The unread count and the latest few notices, for the bell's popover. */
export const latestNotices = () => noticeUnread();

export const readAllNotices = () => noticeReadAll();

export const useChangePassword = (handlers?: HandlersOf<typeof passwordEdit>) => useCall(passwordEdit, handlers);

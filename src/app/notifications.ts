import type { Notice } from '../shared/notice';

/** The request layer's toasts and dialogs, for `src/views/layout/Notifications.tsx` to render. */

export type NotificationEvent = { type: 'notice'; notice: Notice } | { type: 'closeAll' };
type Listener = (event: NotificationEvent) => void;

const listeners = new Set<Listener>();

function publish(event: NotificationEvent) {
  for (const listener of listeners) listener(event);
}

export const notifications = {
  emit(notice: Notice): void {
    publish({ type: 'notice', notice });
  },
  /** Closes every open message (spec §2: messages close on route change, when configured). */
  closeAll(): void {
    publish({ type: 'closeAll' });
  },
  /** Returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

import { EventEmitter } from 'node:events';

/**
 * In-process signal that some accounts' notices changed (published, read, withdrawn), so the live
 * count streams of this process recount at once. Other processes (and scheduled notices coming
 * due) are caught by the streams' periodic sweep.
 */
export type NoticeChange = number[] | 'all';

const buses = new WeakMap<object, EventEmitter>();

function busOf(db: object) {
  let bus = buses.get(db);
  if (!bus) {
    bus = new EventEmitter();
    bus.setMaxListeners(0);
    buses.set(db, bus);
  }
  return bus;
}

export const noticeChanged = (db: object, change: NoticeChange) => void busOf(db).emit('change', change);

export function onNoticeChanged(db: object, listener: (change: NoticeChange) => void): () => void {
  const bus = busOf(db);
  bus.on('change', listener);
  return () => bus.off('change', listener);
}

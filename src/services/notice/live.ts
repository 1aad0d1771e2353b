import { fromCallback } from 'xstate';
import { ApiPath } from '../../../contract/paths';
import { NOTICE_LIVE } from '../../config/constants';
import type { NoticeStreamEvent } from '../../shared/noticeStreamEvents';
import { eventParser } from '../../shared/serverSentEvents';
import { http } from '../http';
import type { ReplyOf } from '../../../contract/endpoint';
import type { noticeEndpoints } from '../../../contract/endpoints/notice';

/**
 * The notice machine's two ways to hear the unread count. The stream is read with
 * fetch (EventSource cannot send the Authorization header); the poll asks with If-None-Match, so
 * an unchanged count costs a 304.
 */

export const noticeStream = fromCallback<NoticeStreamEvent>(({ sendBack }) => {
  const abort = new AbortController();
  void (async () => {
    let ended = false;
    try {
      const res = await fetch(http.urlOf(ApiPath.noticeStream), {
        headers: { ...http.authHeaders(), accept: 'text/event-stream' },
        signal: abort.signal,
      });
      if (res.status === 401) return sendBack({ type: 'STREAM.ENDED' });
      if (!res.ok || !res.body) return sendBack({ type: 'STREAM.ERROR' });
      sendBack({ type: 'STREAM.OPENED' });
      const parse = eventParser((type, data) => {
        if (type === 'unread') sendBack({ type: 'UNREAD', unread: (JSON.parse(data) as { unread: number }).unread });
        else if (type === 'end') ended = true;
      });
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parse(value);
      }
      sendBack({ type: ended ? 'STREAM.ENDED' : 'STREAM.ERROR' });
    } catch {
      if (!abort.signal.aborted) sendBack({ type: 'STREAM.ERROR' });
    }
  })();
  return () => abort.abort();
});

export const noticePoll = fromCallback<NoticeStreamEvent>(({ sendBack }) => {
  let etag: string | null = null;
  let stopped = false;
  const ask = async () => {
    try {
      const res = await fetch(http.urlOf(ApiPath.noticeUnread), {
        headers: { ...http.authHeaders(), ...(etag ? { 'if-none-match': etag } : {}) },
        cache: 'no-cache',
      });
      if (stopped) return;
      if (res.status === 401) return sendBack({ type: 'STREAM.ENDED' });
      if (res.status === 304) return;
      if (!res.ok) return;
      etag = res.headers.get('etag');
      const body = (await res.json()) as { data: ReplyOf<typeof noticeEndpoints.noticeUnread> };
      sendBack({ type: 'UNREAD', unread: body.data.unread });
    } catch {
      // offline: the next poll tries again
    }
  };
  void ask();
  const timer = setInterval(() => void ask(), NOTICE_LIVE.pollMs);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
});

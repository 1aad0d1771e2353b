import { eventParser } from '../../src/shared/serverSentEvents';

/** A server-sent events client over fetch (with the Authorization header), as the console reads the notice stream. */
export interface EventStreamClient {
  status: number;
  contentType: string | null;
  /** The next event of `type` (earlier events of other types are skipped), or a timeout error. */
  next(type: string, timeoutMs?: number): Promise<unknown>;
  /** Resolves when the server closed the stream. */
  closed: Promise<void>;
  close(): void;
}

export async function openEventStream(url: string, token: string): Promise<EventStreamClient> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal: abort.signal });
  const events: { type: string; data: unknown }[] = [];
  const waiting: { wake: (() => void) | null } = { wake: null };
  const parse = eventParser((type, data) => {
    events.push({ type, data: JSON.parse(data) });
    waiting.wake?.();
  });
  const closed = (async () => {
    if (!res.body) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        parse(value);
      }
    } catch {
      // aborted by close()
    } finally {
      waiting.wake?.();
    }
  })();
  let ended = false;
  void closed.then(() => (ended = true));
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    closed,
    close: () => abort.abort(),
    async next(type, timeoutMs = 8000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const at = events.findIndex((e) => e.type === type);
        if (at >= 0) return events.splice(0, at + 1)[at].data;
        if (ended) throw new Error(`the stream closed before a "${type}" event`);
        if (Date.now() > deadline) throw new Error(`no "${type}" event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiting.wake = resolve;
          setTimeout(resolve, 100);
        });
      }
    },
  };
}

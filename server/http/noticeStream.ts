import type { ServerResponse } from 'node:http';
import type { Ctx } from '../domain/context';
import { unreadCounts } from '../domain/support/notices';
import { hashToken, sessionLive } from '../domain/access/sessions';
import { onNoticeChanged, type NoticeChange } from '../domain/support/noticeEvents';

/** How often the streams recount (scheduled notices coming due, other processes' writes) and check their sessions. */
export const NOTICE_SWEEP_MS = 5_000;
/** A comment line this often keeps proxies from closing an idle stream. */
const PING_MS = 25_000;

interface Stream {
  accountId: number;
  tokenHash: string;
  res: ServerResponse;
  last: number | null;
}

/**
 * The live unread counts of one process: every open stream (`GET notice/stream`, server-sent
 * events) gets `event: unread` with `{ unread }` when its account's count changes, and
 * `event: end` before it is closed when its session ended (logout, expiry, disabled account).
 */
export class NoticeStreams {
  private streams = new Set<Stream>();
  private sweeping: NodeJS.Timeout | null = null;
  private pinging: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private busy: Promise<void> = Promise.resolve();

  constructor(private readonly ctx: Pick<Ctx, 'db' | 'now' | 'config' | 'log'>) {}

  get size() {
    return this.streams.size;
  }

  /** Takes over `res` as an event stream and sends the current count. */
  open(res: ServerResponse, accountId: number, token: string) {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    const stream: Stream = { accountId, tokenHash: hashToken(token), res, last: null };
    this.streams.add(stream);
    res.on('close', () => this.streams.delete(stream));
    this.start();
    this.queue(() => this.recount([stream]));
  }

  private start() {
    if (this.sweeping) return;
    this.unsubscribe = onNoticeChanged(this.ctx.db, (change) => this.queue(() => this.changed(change)));
    this.sweeping = setInterval(() => this.queue(() => this.sweep()), NOTICE_SWEEP_MS);
    this.pinging = setInterval(() => this.streams.forEach((s) => s.res.write(': ping\n\n')), PING_MS);
    this.sweeping.unref();
    this.pinging.unref();
  }

  /** One recount at a time, in order: a burst of changes costs a few grouped counts, not one each. */
  private queue(work: () => Promise<void>) {
    this.busy = this.busy.then(work).catch((error: Error) => this.ctx.log.error({ err: error }, 'notices: live count failed'));
  }

  private changed(change: NoticeChange) {
    const affected = change === 'all' ? [...this.streams] : [...this.streams].filter((s) => change.includes(s.accountId));
    return this.recount(affected);
  }

  private async recount(streams: Stream[]) {
    const open = streams.filter((s) => this.streams.has(s));
    if (!open.length) return;
    const counts = await unreadCounts(this.ctx, [...new Set(open.map((s) => s.accountId))]);
    for (const stream of open) {
      const unread = counts.get(stream.accountId) ?? 0;
      if (unread === stream.last) continue;
      stream.last = unread;
      stream.res.write(`event: unread\ndata: ${JSON.stringify({ unread })}\n\n`);
    }
  }

  /** Ends the streams of ended sessions, then recounts the rest. */
  private async sweep() {
    for (const stream of [...this.streams]) {
      if (!(await sessionLive(this.ctx, stream.tokenHash))) this.end(stream, 'session');
    }
    await this.recount([...this.streams]);
  }

  private end(stream: Stream, reason: string) {
    this.streams.delete(stream);
    stream.res.end(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
  }

  /** Ends every stream (the server is closing). */
  close() {
    for (const stream of [...this.streams]) this.end(stream, 'shutdown');
    if (this.sweeping) clearInterval(this.sweeping);
    if (this.pinging) clearInterval(this.pinging);
    this.unsubscribe?.();
    this.sweeping = this.pinging = null;
  }
}

import { Worker } from 'node:worker_threads';
import type { ParserOptions, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { pgliteThreadEntry } from './pgliteThreadEntry';
import { fromWireError, type ThreadCall, type ThreadMessage, type WireQueryOptions, type WireResults } from './pgliteThreadProtocol';

/** What the server runs statements on in the embedded database: PGlite's calls it uses. */
export type PgliteStatements = Pick<Transaction, 'query' | 'exec'>;
export type PgliteTransaction = Pick<Transaction, 'query' | 'exec' | 'rollback' | 'closed'>;
export interface PgliteClient extends PgliteStatements {
  /** Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: PgliteTransaction) => Promise<T>): Promise<T>;
  /** LISTENs on `channel` (the job queue's NOTIFYs wake its workers); resolves to the UNLISTEN. */
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Parsers that leave values as PostgreSQL wrote them (drizzle's, for dates and intervals) cross as type ids. */
const textTypesOf = new WeakMap<ParserOptions, number[]>();
function textTypes(parsers: ParserOptions): number[] {
  let types = textTypesOf.get(parsers);
  if (!types) {
    types = Object.entries(parsers).map(([type, parse]) => {
      if (parse('text', Number(type)) !== 'text') throw new Error(`A parser for type ${type} cannot run in the database's thread`);
      return Number(type);
    });
    textTypesOf.set(parsers, types);
  }
  return types;
}

async function toWire(options: QueryOptions | undefined): Promise<WireQueryOptions | undefined> {
  if (!options) return undefined;
  const { parsers, blob, serializers, onNotice, ...rest } = options;
  if (serializers || onNotice) throw new Error('Serializers and notice listeners cannot run in the database thread');
  return {
    ...rest,
    ...(parsers ? { textTypes: textTypes(parsers) } : {}),
    ...(blob ? { blob: await blob.arrayBuffer() } : {}),
  };
}

function fromWire<T>({ blob, ...rest }: WireResults): Results<T> {
  return { ...(rest as Results<T>), ...(blob ? { blob: new Blob([blob]) } : {}) };
}

/**
 * PostgreSQL's WebAssembly as the first thread compiled it: the next threads of this process (a
 * test process opens many databases) start from it instead of compiling it again.
 */
let compiledPostgres: WebAssembly.Module | undefined;

/**
 * The embedded database in a thread of its own (db/pgliteThread.ts): PGlite's query,
 * exec, transaction and listen, sent to the thread and answered from it. The thread starts loading PGlite
 * as soon as this is made; `open` then starts PostgreSQL in the data directory.
 *
 * The thread keeps the process alive only while a call waits for its answer (and until `close`
 * resolves), as PGlite in the server's own thread would: a process whose work is done ends
 * without closing it first.
 */
export class PgliteThreadClient implements PgliteClient {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private readonly exited: Promise<void>;
  private nextId = 1;
  private closing = false;
  private ended: Error | null = null;

  constructor() {
    this.worker = new Worker(pgliteThreadEntry());
    this.worker.unref();
    this.worker.on('message', (message: ThreadMessage) =>
      'listener' in message ? this.listeners.get(message.listener)?.(message.payload) : this.settle(message),
    );
    this.worker.on('error', (error) => this.end(error));
    this.exited = new Promise((resolve) =>
      this.worker.once('exit', (code) => {
        this.end(new Error(`The embedded database's thread has ended (exit code ${code})`));
        resolve();
      }),
    );
  }

  async open(pgDir: string, sharedBuffersMb: number): Promise<void> {
    compiledPostgres = await this.call<WebAssembly.Module>({ op: 'open', pgDir, sharedBuffersMb, wasmModule: compiledPostgres });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.statement('query', sql, params, options);
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.statement('exec', sql, undefined, options);
  }

  async transaction<T>(fn: (tx: PgliteTransaction) => Promise<T>): Promise<T> {
    const id = await this.call<number>({ op: 'begin' });
    let closed = false;
    const end = async (commit: boolean) => {
      if (closed) return;
      closed = true;
      await this.call({ op: 'end', tx: id, commit });
    };
    const tx: PgliteTransaction = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => this.statement<Results<R>>('query', sql, params, options, id),
      exec: (sql: string, options?: QueryOptions) => this.statement<Results[]>('exec', sql, undefined, options, id),
      rollback: () => end(false),
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      await end(false).catch(() => {});
      throw error;
    }
    await end(true);
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = await this.call<number>({ op: 'listen', channel });
    this.listeners.set(listener, callback);
    return async () => {
      this.listeners.delete(listener);
      await this.call({ op: 'unlisten', listener });
    };
  }

  async close(): Promise<void> {
    // Kept alive until the thread has ended: a caller awaiting this must see it resolve.
    this.closing = true;
    this.worker.ref();
    if (!this.ended) await this.call({ op: 'close' });
    await this.exited;
  }

  private async statement<R>(
    op: 'query' | 'exec',
    sql: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    tx?: number,
  ): Promise<R> {
    const wire = await toWire(options);
    const call: ThreadCall = op === 'query' ? { op, sql, params, options: wire, tx } : { op, sql, options: wire, tx };
    const value = await this.call<WireResults | WireResults[]>(call, wire?.blob ? [wire.blob] : []);
    return (Array.isArray(value) ? value.map((results) => fromWire(results)) : fromWire(value)) as R;
  }

  private call<T>(call: ThreadCall, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.ended) return Promise.reject(this.ended);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage({ id, ...call }, transfer);
    });
  }

  private settle(reply: Exclude<ThreadMessage, { listener: number }>) {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0 && !this.closing) this.worker.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(fromWireError(reply.error));
  }

  private end(error: Error) {
    this.ended ??= error;
    for (const waiting of this.pending.values()) waiting.reject(this.ended);
    this.pending.clear();
  }
}

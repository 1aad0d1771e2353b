import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { optimisePgliteWhenHot } from './pgliteTiering';
import {
  toWireError,
  type OpenRequest,
  type ThreadNotification,
  type ThreadReply,
  type ThreadRequest,
  type WireQueryOptions,
  type WireResults,
} from './pgliteThreadProtocol';

/**
 * The embedded database's thread: PGlite runs here, and the server's thread sends it
 * statements (db/pgliteThreadClient.ts). PostgreSQL's start (~0.7 s of WebAssembly on the
 * project's machine) then overlaps with loading the server, and a long query no longer stops the
 * server from answering other requests meanwhile.
 */
const port = parentPort;
if (!port) throw new Error('db/pgliteThread.ts runs as a worker thread (db/pgliteThreadClient.ts starts it)');

let client: PGlite | null = null;
/** Open transactions by id: the transaction's statements, and how to end it. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => Promise<void> }>();
/** The listeners' UNLISTENs by listener id. */
const listeners = new Map<number, () => Promise<void>>();
/** Thrown inside PGlite's transaction callback to end it with a rollback. */
const rollback = Symbol('rollback');

const leaveAsText = (value: string) => value;

function queryOptions(wire: WireQueryOptions = {}): QueryOptions {
  const { textTypes, blob, ...rest } = wire;
  return {
    ...rest,
    ...(textTypes ? { parsers: Object.fromEntries(textTypes.map((type) => [type, leaveAsText])) } : {}),
    ...(blob ? { blob: new Blob([blob]) } : {}),
  };
}

async function toWire(results: Results): Promise<WireResults> {
  const { blob, ...rest } = results;
  return blob ? { ...rest, blob: await blob.arrayBuffer() } : rest;
}

function openTransaction(tx: number) {
  const open = transactions.get(tx);
  if (!open) throw new Error(`No open transaction ${tx}`);
  return open;
}

function target(tx: number | undefined): Pick<PGlite, 'query' | 'exec'> {
  return tx === undefined ? opened() : openTransaction(tx).tx;
}

function opened(): PGlite {
  if (!client) throw new Error('The embedded database is not open');
  return client;
}

/** PGlite's WebAssembly, beside its package's main file. */
const pgliteWasm = path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm');

async function open({ pgDir, sharedBuffersMb, wasmModule }: OpenRequest): Promise<WebAssembly.Module> {
  optimisePgliteWhenHot();
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`];
  const pgliteWasmModule = wasmModule ?? (await WebAssembly.compile(await fs.promises.readFile(pgliteWasm)));
  client = await PGlite.create(pgDir, { extensions: { pg_trgm }, startParams, pgliteWasmModule });
  return pgliteWasmModule;
}

/** Opens a transaction that lasts until its `end` request; answers with its id once it has begun. */
function begin(id: number): Promise<number> {
  return new Promise<number>((begun, failed) => {
    let finish!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => (finish = resolve));
    const outcome = opened()
      .transaction(async (tx) => {
        transactions.set(id, { tx, end });
        begun(id);
        if (!(await decided)) throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      })
      .finally(() => transactions.delete(id));
    // Failing before the callback ran (BEGIN itself failed), the transaction never began.
    outcome.catch(failed);
    function end(commit: boolean) {
      finish(commit);
      return outcome;
    }
  });
}

async function handle(request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'open':
      return open(request);
    case 'query':
      return toWire(await target(request.tx).query(request.sql, request.params, queryOptions(request.options)));
    case 'exec':
      return Promise.all((await target(request.tx).exec(request.sql, queryOptions(request.options))).map(toWire));
    case 'begin':
      return begin(request.id);
    case 'end':
      return openTransaction(request.tx).end(request.commit);
    case 'listen': {
      const listener = request.id;
      const notify = (payload: string) => port?.postMessage({ listener, payload } satisfies ThreadNotification);
      listeners.set(listener, await opened().listen(request.channel, notify));
      return listener;
    }
    case 'unlisten': {
      const unlisten = listeners.get(request.listener);
      listeners.delete(request.listener);
      return unlisten?.();
    }
    case 'close':
      await client?.close();
      client = null;
      return undefined;
  }
}

port.on('message', (request: ThreadRequest) => {
  handle(request)
    .then(
      (value) => port.postMessage({ id: request.id, ok: true, value } satisfies ThreadReply),
      (error: unknown) => port.postMessage({ id: request.id, ok: false, error: toWireError(error) } satisfies ThreadReply),
    )
    // Closed, the thread has nothing left to wait for and ends.
    .finally(() => request.op === 'close' && port.close());
});

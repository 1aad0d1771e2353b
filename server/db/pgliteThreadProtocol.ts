import type { Results, RowMode } from '@electric-sql/pglite';

/**
 * The messages between the server and the embedded database's thread (db/pgliteThread.ts,
 * db/pgliteThreadClient.ts). What crosses is structured-cloned: SQL text, parameters and rows.
 * Functions cannot cross, so a query's `parsers` travel as the type ids to leave as text (the only
 * parsers the server's clients give: drizzle's, for dates and intervals), and a COPY's blob as bytes.
 */
export interface WireQueryOptions {
  rowMode?: RowMode;
  /** Values of these PostgreSQL type ids come back as PostgreSQL wrote them, unparsed. */
  textTypes?: number[];
  paramTypes?: number[];
  /** A COPY … FROM '/dev/blob' statement's input. */
  blob?: ArrayBuffer;
}

export interface OpenRequest {
  op: 'open';
  pgDir: string;
  sharedBuffersMb: number;
  /**
   * PostgreSQL's WebAssembly, compiled by an earlier thread of this process (the tests open many
   * databases), else compiled by this one. The answer to an open is the module it ran.
   */
  wasmModule?: WebAssembly.Module;
}

/** What the server asks of the thread. */
export type ThreadCall =
  | OpenRequest
  | { op: 'query'; tx?: number; sql: string; params?: unknown[]; options?: WireQueryOptions }
  | { op: 'exec'; tx?: number; sql: string; options?: WireQueryOptions }
  /** Opens a transaction; the answer is its id, for the queries inside it and its end. */
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  /** LISTEN; the answer is the listener's id, which its notifications carry. */
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; listener: number }
  | { op: 'close' };

/** A call as it is sent: numbered, for its reply. */
export type ThreadRequest = { id: number } & ThreadCall;

/** A result as it crosses: a COPY … TO '/dev/blob' statement's output as bytes. */
export type WireResults = Omit<Results, 'blob'> & { blob?: ArrayBuffer };

/** An error as it crosses: its message and its fields (PostgreSQL's code, detail, constraint…). */
export interface WireError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, string | number | boolean>;
}

export type ThreadReply = { id: number } & ({ ok: true; value: unknown } | { ok: false; error: WireError });

/** A NOTIFY on a channel a listener listens to. */
export interface ThreadNotification {
  listener: number;
  payload: string;
}

/** What the thread sends: replies to calls, and notifications. */
export type ThreadMessage = ThreadReply | ThreadNotification;

export function toWireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: WireError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value as string | number | boolean;
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

/** The error as the database threw it, with the same fields (db/errors.ts reads `code`). */
export function fromWireError(wire: WireError): Error {
  const error = Object.assign(new Error(wire.message), wire.fields);
  error.name = wire.name;
  if (wire.stack) error.stack = wire.stack;
  return error;
}

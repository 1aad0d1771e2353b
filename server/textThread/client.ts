import { Worker } from 'node:worker_threads';
import type { TextWork } from '../domain/articles/articleText';
import { DomainError, invalid } from '../domain/errors';
import { textThreadEntry } from './entry';
import type { TextCall, TextReply, WireError } from './protocol';

/**
 * How long one call may take in the text thread. Every step is linear on what the limits allow (a
 * 500,000-character body is read in about a second, several on a loaded machine); a call past
 * this is a text no step was made for: the thread is ended, the call refused, and the next call
 * gets a new thread.
 */
const TEXT_BUDGET_MS = 30_000;

/**
 * The thread's young generation, in MB (twice V8's 48 by default): reading a long text makes
 * hundreds of thousands of objects at once (Markdown's tokens, the sanitiser's frames), nearly all
 * kept until the text is read; with room for them, fewer are copied from one collection to the
 * next. 100,000 Markdown headings and 250,000 emphasis marks are read and scored with about a
 * tenth less CPU, for at most some 50 MB more while such a text is read.
 */
const YOUNG_GENERATION_MB = 96;

interface Waiting {
  call: TextCall;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null = null;
const queue: Waiting[] = [];
let running: (Waiting & { timer: NodeJS.Timeout }) | null = null;
let nextId = 1;
let entry: URL | undefined;

/** The thread, started on first use; it keeps the process alive only while a call runs. */
function thread(): Worker {
  if (worker) return worker;
  const started = new Worker((entry ??= textThreadEntry()), { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
  started.unref();
  started.on('message', (reply: TextReply) => {
    if (!running || reply.id !== running.call.id) return;
    const done = running;
    finish();
    if (reply.ok) done.resolve(reply.value);
    else done.reject(threadError(reply.error));
  });
  started.on('error', (error) => stop(started, error));
  started.on('exit', (code) => stop(started, new Error(`The text thread has ended (exit code ${code})`)));
  worker = started;
  return started;
}

/** A refusal stays one; a stack overflow is a text nested deeper than a step can follow: the caller's input, refused. */
function threadError(error: WireError): Error {
  if (error.code !== undefined && error.text) return new DomainError(error.code, error.text.key, error.text.params, error.status);
  if (error.name === 'RangeError') return invalid('articleRefusal.nestedTooDeeply');
  return Object.assign(new Error(error.message), { name: error.name });
}

function finish() {
  if (running) clearTimeout(running.timer);
  running = null;
  worker?.unref();
  next();
}

/** The thread ended (a budget ran out, or it failed): the running call is refused; the queue goes on in a new one. */
function stop(ended: Worker, error: Error) {
  if (worker !== ended) return;
  worker = null;
  const failed = running;
  if (failed) clearTimeout(failed.timer);
  running = null;
  failed?.reject(error);
  next();
}

function next() {
  if (running || queue.length === 0) return;
  const waiting = queue.shift()!;
  const t = thread();
  running = {
    ...waiting,
    timer: setTimeout(() => {
      stop(t, invalid('articleRefusal.overBudget', { seconds: TEXT_BUDGET_MS / 1000 }));
      void t.terminate();
    }, TEXT_BUDGET_MS),
  };
  t.ref();
  t.postMessage(waiting.call);
}

/** Runs one of textWork's functions in the text thread, within TEXT_BUDGET_MS. */
export function inTextThread<K extends keyof TextWork>(name: K, ...args: Parameters<TextWork[K]>): Promise<ReturnType<TextWork[K]>> {
  return new Promise((resolve, reject) => {
    queue.push({ call: { id: nextId++, name, args }, resolve: resolve as (value: unknown) => void, reject });
    next();
  });
}

import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { textWork, type TextWork } from '../domain/articles/articleText';
import { DomainError } from '../domain/errors';
import type { TextCall, TextReply } from './protocol';

/**
 * The text thread: sanitising, Markdown and scoring of a user's text run here, one call at a time,
 * so that a long or pathological text never stops the server's thread from answering others.
 */
const port = parentPort;
if (!port) throw new Error('textThread/thread.ts runs as a worker thread (textThread/client.ts starts it)');

// Below the server's own thread: on a busy machine the requests it answers meanwhile come first
// (on Linux a thread's priority is its own).
try {
  os.setPriority(os.constants.priority.PRIORITY_BELOW_NORMAL);
} catch {
  /* not allowed here: the thread runs at the server's priority */
}

port.on('message', ({ id, name, args }: TextCall) => {
  let reply: TextReply;
  try {
    const work = textWork[name] as (...a: unknown[]) => ReturnType<TextWork[typeof name]>;
    reply = { id, ok: true, value: work(...args) };
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    const refusal = e instanceof DomainError ? { code: e.code, status: e.status, text: e.text } : {};
    reply = { id, ok: false, error: { name: e.name, message: e.message, ...refusal } };
  }
  port.postMessage(reply);
});

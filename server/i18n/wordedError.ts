import { render } from './messages';
import type { Reason } from './storedText';

/**
 * A failure whose reason is kept and shown later (on a failed item, a publication, a test
 * connection's answer): a message of the catalog, worded when read, or a remote's own sentence.
 * `message` is the English, for logs.
 */
export class WordedError extends Error {
  constructor(readonly reason: Reason) {
    super(typeof reason === 'string' ? reason : render('en', reason));
  }
}

/** Why `error` happened, as a reason to keep: its message when it carries none of the catalog. */
export const reasonOf = (error: Error): Reason => (error instanceof WordedError ? error.reason : error.message);

import type { Language } from '../../contract/languages';
import { hasMessage, render, type Message, type MessageParams } from './messages';

/**
 * A reason the server keeps to show later (why an item failed, a publication's note): the catalog's
 * key and its values, so each reader reads it in their own language. Rows written before, and a
 * remote's own words, are plain sentences: they are shown as they are.
 */
export type Reason = Message | string;

/** What a parameter may be when it is kept: text, a number or another message (a label needs a request). */
type StoredParams = { [name: string]: string | number | StoredMessage };
interface StoredMessage {
  key: Message['key'];
  params?: StoredParams;
}

/** A value longer than this is cut when kept (the column holds a reason, not a document). */
const MAX_VALUE_LENGTH = 500;

const keptParams = (params: MessageParams = {}): StoredParams =>
  Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'string'
        ? value.slice(0, MAX_VALUE_LENGTH)
        : typeof value === 'number'
          ? value
          : 'key' in value
            ? { key: value.key, params: keptParams(value.params) }
            : value.name,
    ]),
  );

/** `reason` as its column keeps it: a message as JSON, a plain sentence as it is. */
export function storeReason(reason: Reason, maxLength = 1000): string {
  if (typeof reason === 'string') return reason.slice(0, maxLength);
  return JSON.stringify({ key: reason.key, params: keptParams(reason.params) });
}

const isStoredMessage = (value: unknown): value is StoredMessage =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as StoredMessage).key === 'string' &&
  hasMessage((value as StoredMessage).key) &&
  (value as StoredMessage).params !== null &&
  typeof ((value as StoredMessage).params ?? {}) === 'object';

/** A kept reason in `language`: a stored message rendered, anything else (an older row's sentence) as it is. */
export function readReason(language: Language, stored: string): string {
  if (!stored.startsWith('{"key":')) return stored;
  try {
    const parsed: unknown = JSON.parse(stored);
    return isStoredMessage(parsed) ? render(language, parsed) : stored;
  } catch {
    return stored;
  }
}

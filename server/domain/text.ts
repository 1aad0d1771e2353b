import { label } from '../i18n/messages';
import { invalid } from './errors';

/**
 * Text the database cannot hold or a client cannot show: U+0000 (PostgreSQL text refuses it) and
 * a UTF-16 surrogate without its other half (not a character: it cannot be encoded as UTF-8).
 */
// eslint-disable-next-line no-control-regex
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isBadText = (text: string) => BAD_TEXT.test(text);

/** `text` with each U+0000 and unpaired surrogate replaced by U+FFFD: for records of refused input (the admin log). */
export const cleanText = (text: string) => text.replace(new RegExp(BAD_TEXT.source, 'g'), '\uFFFD');

/** The path of the first string (or object key) in `value` that is bad text, or null. */
export function badTextPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isBadText(value) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = badTextPath(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const at = path ? `${path}.${key}` : key;
    if (isBadText(key)) return at;
    const found = badTextPath(item, at);
    if (found !== null) return found;
  }
  return null;
}

/** Refuses (400) input holding bad text anywhere, naming the field. */
export function refuseBadText(value: unknown, part: string) {
  const at = badTextPath(value);
  if (at !== null) throw invalid('http.badText', { field: label(at || part) });
}

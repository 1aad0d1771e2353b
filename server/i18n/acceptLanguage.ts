import type { Language } from '../../contract/languages';

/** Longer than any honest header: the rest is not read (a caller cannot make us parse megabytes). */
const MAX_HEADER_LENGTH = 512;
const MAX_RANGES = 16;

/** `zh`, `zh-CN`, `zh-Hans-CN`, `zh_cn` … are Chinese; `en`, `en-US` … English. */
const languageOfRange = (range: string): Language | null => {
  const primary = range.toLowerCase().split(/[-_]/)[0];
  if (primary === 'zh') return 'zh_CN';
  if (primary === 'en') return 'en';
  return null;
};

/**
 * The language an `Accept-Language` header asks for first among those we speak, by its q-values;
 * `null` when it states no preference (absent, empty, `*`), `'unusable'` when it names none we
 * speak or cannot be read.
 * Never throws: a header is the caller's wish, not an input to refuse.
 */
export function parseAcceptLanguage(header: string | string[] | undefined): Language | 'unusable' | null {
  const text = Array.isArray(header) ? header.join(',') : header;
  // `*` alone (what fetch sends by default) or nothing at all states no preference.
  if (text === undefined || /^[\s,]*(\*(\s*;\s*q=[\d.]+)?[\s,]*)*$/.test(text.slice(0, MAX_HEADER_LENGTH))) return null;
  let best: { language: Language; q: number } | null = null;
  for (const part of text.slice(0, MAX_HEADER_LENGTH).split(',').slice(0, MAX_RANGES)) {
    const [rangeText = '', ...params] = part.split(';');
    const range = rangeText.trim();
    if (!/^[A-Za-z]{1,8}([-_][A-Za-z0-9]{1,8})*$/.test(range)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => /^q=/i.test(p));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    const language = languageOfRange(range);
    if (language && (!best || q > best.q)) best = { language, q };
  }
  return best?.language ?? 'unusable';
}

/** How much of a refused request's bytes is searched for its `Accept-Language`. */
const MAX_RAW_SCAN = 16 * 1024;

/**
 * The `Accept-Language` among the bytes of a request Node's parser refused (no request object
 * exists then); undefined when it did not arrive, or not within the first bytes.
 */
export function acceptLanguageIn(raw: Buffer | undefined): string | undefined {
  if (!raw) return undefined;
  const head = raw.subarray(0, MAX_RAW_SCAN).toString('latin1');
  return /\r\naccept-language[ \t]*:[ \t]*([^\r\n]*)/i.exec(head)?.[1]?.slice(0, MAX_HEADER_LENGTH);
}

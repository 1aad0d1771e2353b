/** The longest slug: WordPress keeps 200 characters of a (percent-encoded) post name. */
export const SLUG_MAX = 200;

/**
 * A URL slug in WordPress's own form: lowercase latin letters, digits and hyphens, and every other
 * letter kept as its percent-encoded UTF-8 with lowercase hex (what WordPress's
 * sanitize_title_with_dashes stores for 跑步鞋: `%e8%b7%91%e6%ad%a5%e9%9e%8b`). So a keyword in any
 * language stays in its slug, exactly and without a dictionary, and the browser shows it as
 * Unicode. Accents are dropped from latin letters (café → cafe); at most SLUG_MAX characters,
 * never cutting a character's encoding.
 */
export function slugify(text: string): string {
  // NFKD splits accents off latin letters (and full-width forms); NFC puts Hangul and kana back together.
  const plain = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase();
  const words = plain.split(/[^\p{L}\p{N}\p{M}]+/u).filter(Boolean);
  let out = '';
  for (const word of words) {
    const encoded = [...word].map((c) => (/[a-z0-9]/.test(c) ? c : encodeURIComponent(c).toLowerCase())).join('');
    const next = out ? `${out}-${encoded}` : encoded;
    if (next.length <= SLUG_MAX) {
      out = next;
      continue;
    }
    // Fit what still fits of this word, whole characters only.
    let partial = out ? `${out}-` : '';
    for (const c of word) {
      const piece = /[a-z0-9]/.test(c) ? c : encodeURIComponent(c).toLowerCase();
      if (partial.length + piece.length > SLUG_MAX) break;
      partial += piece;
    }
    out = partial.replace(/-+$/, '');
    break;
  }
  return out;
}

/** The slug as a reader sees it (percent-encoding decoded). */
export const readableSlug = (slug: string) => {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
};

/** `base`, or `base-2`, `base-3`, … : the first not among `taken` (a site's slugs are unique). */
export function uniqueSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base
      .slice(0, SLUG_MAX - suffix.length)
      .replace(/%[0-9a-f]?$/, '')
      .replace(/-+$/, '')}${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}

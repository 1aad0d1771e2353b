/** What a WordPress post holds, as read back with `context=edit` after publishing. */
export interface HeldPost {
  status: string;
  slug: string;
  /** The author's user id. */
  author: number;
  /** The excerpt as written (`excerpt.raw`). */
  excerpt: string;
  categories: number[];
  tags: number[];
  featuredMedia: number;
  /** The featured image's alt text; null when the site has no such image. */
  featuredAlt: string | null;
  /** The SEO fields the site exposes (Yoast's or Rank Math's), by meta key. */
  meta: Record<string, unknown>;
  /** The addresses of the site's own pages its content links to (its internal links as the site has them). */
  links: string[];
}

/** The addresses of `siteUrl`'s pages a post's HTML links to, each once, in the order they come. */
export function siteLinksIn(html: string, siteUrl: string): string[] {
  let site: URL;
  try {
    site = new URL(siteUrl);
  } catch {
    return [];
  }
  const found = new Set<string>();
  for (const [, href] of html.matchAll(/<a\b[^>]*?\bhref="([^"#][^"]*)"/gi)) {
    try {
      const url = new URL(href.replace(/&amp;/g, '&'), site);
      if (url.host.toLowerCase() === site.host.toLowerCase()) found.add(url.href);
    } catch {
      // Not an address: not a link to a page.
    }
  }
  return [...found];
}

/** What was sent: each field is checked only when Inkpress set it. */
export interface SentPost {
  status: string;
  slug: string;
  /** The author's user id when one was chosen. */
  author: number | null;
  excerpt: string;
  categories: number[];
  tags: number[];
  featuredMedia: number | null;
  featuredAlt: string | null;
  /** The SEO fields the site exposes: which field, under which meta key, with what value. */
  seo: { field: 'meta_title' | 'meta_description' | 'focus_keyword' | 'canonical_url'; key: string; value: string }[];
}

export interface Difference {
  field: string;
  expected: string;
  actual: string;
}

// WordPress stores a non-latin slug percent-encoded in lower case: 中文 is %e4%b8%ad%e6%96%87.
const readSlug = (slug: string) => {
  try {
    return decodeURIComponent(slug).toLowerCase();
  } catch {
    return slug.toLowerCase();
  }
};

const sameSet = (a: number[], b: number[]) => a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',');

/** Each field the site holds differently from what was sent (none: the publish is verified). */
export function differences(sent: SentPost, held: HeldPost): Difference[] {
  const found: Difference[] = [];
  const differ = (field: string, expected: string, actual: string) => found.push({ field, expected, actual });
  if (held.status !== sent.status) differ('status', sent.status, held.status);
  if (sent.slug && readSlug(held.slug) !== readSlug(sent.slug)) differ('slug', sent.slug, readSlug(held.slug));
  if (sent.author !== null && held.author !== sent.author) differ('author', String(sent.author), String(held.author));
  if (sent.excerpt && held.excerpt.trim() !== sent.excerpt.trim()) differ('excerpt', sent.excerpt, held.excerpt);
  if (sent.categories.length && !sameSet(sent.categories, held.categories))
    differ('categories', sent.categories.join(','), held.categories.join(','));
  if (sent.tags.length && !sameSet(sent.tags, held.tags)) differ('tags', sent.tags.join(','), held.tags.join(','));
  if (sent.featuredMedia !== null) {
    if (held.featuredMedia !== sent.featuredMedia || held.featuredAlt === null)
      differ('featured_image', String(sent.featuredMedia), held.featuredAlt === null ? '' : String(held.featuredMedia));
    else if (sent.featuredAlt !== null && held.featuredAlt !== sent.featuredAlt) differ('featured_alt', sent.featuredAlt, held.featuredAlt);
  }
  for (const { field, key, value } of sent.seo) {
    const actual = held.meta[key];
    if (actual !== value) differ(field, value, typeof actual === 'string' ? actual : '');
  }
  return found;
}

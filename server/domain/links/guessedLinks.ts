/*
 * A model asked to write an article links pages of the site it never saw, at addresses it guesses
 * (`/best-compost-bins/`): a reader following one lands on a missing page. Only the site's live
 * addresses are kept; a guessed link keeps its words, without the link.
 */

const LINK = /<a\b[^>]*?\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi;

/** An address in one form: no query, fragment or trailing slash, the host in lower case. */
const sameAddress = (url: URL) => `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`.toLowerCase();

/**
 * `html` with every link to a page of the site (`siteUrl`'s host, or an address relative to it)
 * that is not one of `liveUrls` unwrapped. Links to other sites, anchors and mail are kept.
 */
export function dropGuessedLinks(html: string, siteUrl: string, liveUrls: string[]): string {
  let site: URL;
  try {
    site = new URL(siteUrl);
  } catch {
    return html;
  }
  const live = new Set(liveUrls.flatMap((u) => (URL.canParse(u) ? [sameAddress(new URL(u))] : [])));
  return html.replace(LINK, (whole, href: string, text: string) => {
    if (href.startsWith('#') || /^(mailto|tel):/i.test(href)) return whole;
    let url: URL;
    try {
      url = new URL(href.replace(/&amp;/g, '&'), site);
    } catch {
      return text;
    }
    if (url.host.toLowerCase() !== site.host.toLowerCase()) return whole;
    return live.has(sameAddress(url)) ? whole : text;
  });
}

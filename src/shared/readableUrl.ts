/**
 * A URL as a reader reads it: a WordPress slug in another script travels percent-encoded
 * (`/%e9%98%b3…`), shown with its letters; a URL that does not decode is shown as it is.
 */
export function readableUrl(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

/**
 * The login page is rendered to HTML at build time in each locale and theme
 * (scripts/prerenderLogin.ts), so that a browser draws the form from the page's HTML, before any of
 * the console's code has arrived, and the console then hydrates it. The server sends the variant
 * the browser last showed: the console keeps its locale and theme in a cookie for that (they are in
 * encrypted storage, which only the console can read).
 */
export const FIRST_SCREEN_COOKIE = 'inkpress-ui';

/** Where the build writes the prerendered login pages, in the console's folder. */
export const PRERENDERED_DIR = 'prerendered';

/** The cookie's value, e.g. `zh_CN.light`: a locale and a theme. */
export function firstScreenVariant(locale: string, theme: string): string {
  return `${locale}.${theme}`;
}

/** The file of the login page prerendered in `variant`, relative to the console's folder. */
export function prerenderedLoginFile(variant: string): string {
  return `${PRERENDERED_DIR}/login.${variant}.html`;
}

const VARIANT = /^[A-Za-z]{2,3}(_[A-Za-z]{2})?\.(light|dark)$/;

/** The variant a `Cookie` header names, or null when it names none (or a malformed one). */
export function firstScreenVariantOf(cookieHeader: string | undefined): string | null {
  for (const part of cookieHeader?.split(';') ?? []) {
    const [name, value] = part.trim().split('=');
    if (name === FIRST_SCREEN_COOKIE && value && VARIANT.test(value)) return value;
  }
  return null;
}

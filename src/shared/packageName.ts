/** The top-up packages the server seeds, by the names it gives them. */
const SEEDED = new Set(['Starter', 'Standard', 'Pro', 'Business']);

/**
 * A top-up package's name as the reader reads it: a seeded package still under its seeded name, in
 * the reader's language; a name the operator gave (a rename, a package of their own) as given.
 */
export function packageName(name: string, t: (key: string) => string): string {
  return SEEDED.has(name) ? t(`common.packages.${name}`) : name;
}

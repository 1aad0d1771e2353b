/** Whether a query failed on a unique constraint (PostgreSQL and PGlite, raw or wrapped by drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/**
 * The message of the deepest cause of `error`, with its code when it has one (a database's, e.g.
 * `deadlock detected (40P01)`): drizzle wraps a failed query in an error whose message is the SQL.
 */
export function rootMessage(error: unknown): string {
  let root = error as { message?: unknown; code?: unknown; cause?: unknown } | undefined;
  while (root?.cause) root = root.cause as typeof root;
  const message = typeof root?.message === 'string' ? root.message : String(root);
  return typeof root?.code === 'string' ? `${message} (${root.code})` : message;
}

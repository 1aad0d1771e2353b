import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder (the nearest one above this module with a package.json): the same whether
 * the server runs from its sources (server/) or from its build (dist/server/).
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return from;
  }
}

export const projectRoot = findRoot(path.dirname(fileURLToPath(import.meta.url)));

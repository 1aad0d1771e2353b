import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { templateCacheDir } from './pgliteTemplate';

/**
 * The embedded database thread's entry (db/pgliteThread.ts) as a JavaScript file a worker can run.
 * From the build (`npm start`), dist/server/pgliteThread.mjs beside this code. From the TypeScript
 * sources (development, tests), the thread bundled by esbuild into node_modules/.cache/inkpress,
 * once for each version of its sources: compiling it with tsx inside each new thread cost every
 * opening of a database a loader thread of its own (~0.4 s of CPU, ~60 s over the test suite).
 */
export function pgliteThreadEntry(): URL {
  if (!import.meta.url.endsWith('.ts')) return new URL('./pgliteThread.mjs', import.meta.url);
  const dir = path.dirname(fileURLToPath(import.meta.url));
  const sources = ['pgliteThread.ts', 'pgliteThreadProtocol.ts', 'pgliteTiering.ts'].map((name) => path.join(dir, name));
  const version = Math.max(...sources.map((source) => fs.statSync(source).mtimeMs)).toFixed(0);
  const bundle = path.join(templateCacheDir, `pgliteThread-${version}.mjs`);
  if (!fs.existsSync(bundle)) {
    // Bundled into a file of this process's own, then renamed: processes building at once each end with a whole file.
    const building = `${bundle}.${process.pid}.${Date.now()}`;
    const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
    buildSync({
      entryPoints: [sources[0]],
      outfile: building,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'warning',
    });
    fs.renameSync(building, bundle);
  }
  return pathToFileURL(bundle);
}

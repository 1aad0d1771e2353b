import fs from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { projectRoot } from '../projectRoot';

/**
 * The text thread's entry (textThread/thread.ts) as a JavaScript file a worker can run. From the
 * build (`npm start`), dist/server/textThread.mjs beside this code. From the TypeScript sources
 * (development, tests), the thread bundled by esbuild (packages stay in node_modules) into
 * node_modules/.cache/inkpress, named by its content: compiling it with tsx inside the thread
 * would cost the thread a loader of its own.
 */
export function textThreadEntry(): URL {
  if (!import.meta.url.endsWith('.ts')) return new URL('./textThread.mjs', import.meta.url);
  const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const [output] = buildSync({
    entryPoints: [path.join(path.dirname(fileURLToPath(import.meta.url)), 'thread.ts')],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  }).outputFiles;
  const dir = path.join(projectRoot, 'node_modules/.cache/inkpress');
  const bundle = path.join(dir, `textThread-${createHash('sha256').update(output.contents).digest('hex').slice(0, 16)}.mjs`);
  if (!fs.existsSync(bundle)) {
    // Written to a file of this process's own, then renamed: processes writing at once each end with a whole file.
    fs.mkdirSync(dir, { recursive: true });
    const writing = `${bundle}.${process.pid}.${Date.now()}`;
    fs.writeFileSync(writing, output.contents);
    fs.renameSync(writing, bundle);
  }
  return pathToFileURL(bundle);
}

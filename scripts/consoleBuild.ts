import fs from 'node:fs';
import path from 'node:path';

/** What the console is built from: when any of it is newer than the build, the build is stale. */
export const SOURCES = [
  'src',
  'contract',
  'public',
  'index.html',
  'vite.config.ts',
  // The build's own plugins (vite.config.ts).
  'scripts/chunkGraph.ts',
  'scripts/firstScreenChunk.ts',
  'scripts/preloadFirstScreen.ts',
  'scripts/precompress.ts',
  'scripts/prerenderLogin.ts',
  'scripts/prerenderLoginWorker.mjs',
  'package-lock.json',
];
export const CONSOLE_DIR = 'dist/console';

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

export function consoleBuildIsCurrent(root = process.cwd()): boolean {
  const index = path.join(root, CONSOLE_DIR, 'index.html');
  if (!fs.existsSync(index)) return false;
  const built = fs.statSync(index).mtimeMs;
  return SOURCES.every((entry) => newestMtime(path.join(root, entry)) <= built);
}

/** Builds the console with Vite (production mode) into dist/console. */
export async function buildConsole(): Promise<void> {
  const { build } = await import('vite');
  await build({ mode: 'production', logLevel: 'warn' });
}

import fs from 'node:fs';
import path from 'node:path';

/**
 * The server compiled to JavaScript once instead of transpiled by tsx at every start:
 * esbuild bundles our TypeScript (server/, contract/) and the packages it imports into
 * dist/server/*.mjs. Node resolving, reading and compiling about 540 CommonJS files one by one took
 * about 1.4 s of every start; a few large files load faster. The packages below stay in node_modules.
 */
export const SERVER_DIR = 'dist/server';
export const SERVER_ENTRIES = {
  main: 'server/main.ts',
  worker: 'server/worker.ts',
  pgliteThread: 'server/db/pgliteThread.ts',
  textThread: 'server/textThread/thread.ts',
} as const;
/** What the server is built from: when any of it is newer than the build, the build is stale. */
export const SOURCES = ['server', 'contract', 'package-lock.json', 'scripts/serverBuild.ts'];
/**
 * Packages imported from node_modules at run time, not bundled: they load files of their own by a
 * path relative to themselves, which a bundle in dist/server would not have.
 */
export const EXTERNAL_PACKAGES = [
  // Native addons: a .node binary of the platform's own package.
  '@node-rs/argon2',
  '@resvg/resvg-js',
  // Its WebAssembly, its data file and its extensions' archives, next to its modules (import.meta.url).
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  // Its font, read by a path relative to __dirname when it loads.
  'svg-captcha',
  // pg's optional native client: required only when asked for, and not installed.
  'pg-native',
];
/** Read at run time from the project, not bundled. */
export const NOT_SOURCES = [path.join('server', 'db', 'migrations')];

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry) || NOT_SOURCES.some((skip) => entry.endsWith(skip))) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

/** `dist/server/<entry>.mjs` of the project in `root`. */
export const serverBuildPath = (entry: keyof typeof SERVER_ENTRIES, root = process.cwd()) => path.join(root, SERVER_DIR, `${entry}.mjs`);

export function serverBuildIsCurrent(root = process.cwd()): boolean {
  const built = Object.keys(SERVER_ENTRIES).map((entry) => serverBuildPath(entry as keyof typeof SERVER_ENTRIES, root));
  if (!built.every((file) => fs.existsSync(file))) return false;
  const oldest = Math.min(...built.map((file) => fs.statSync(file).mtimeMs));
  return SOURCES.every((entry) => newestMtime(path.join(root, entry)) <= oldest);
}

/**
 * The bundled CommonJS packages call `require` (Node's own modules, and their files esbuild could not
 * see statically): an ES module has none, so each output file gets one of its own.
 */
const REQUIRE_BANNER =
  "import { createRequire as __inkpressCreateRequire } from 'node:module'; const require = __inkpressCreateRequire(import.meta.url);";

/** Bundles the server's entries into dist/server (ES modules for Node 20, shared code in chunks). */
export async function buildServer(root = process.cwd()): Promise<void> {
  const { build } = await import('esbuild');
  const outdir = path.join(root, SERVER_DIR);
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES,
    outdir,
    bundle: true,
    splitting: true,
    external: EXTERNAL_PACKAGES,
    banner: { js: REQUIRE_BANNER },
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

/** Builds the server when its build is missing or older than its sources; says so when it does. */
export async function ensureServerBuild(root = process.cwd()): Promise<void> {
  if (serverBuildIsCurrent(root)) return;
  const started = Date.now();
  await buildServer(root);
  console.log(`  Server built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

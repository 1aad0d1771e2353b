/**
 * What `npm start` runs before the server when a build is missing or stale (scripts/start.mjs):
 * `main` builds the console (Vite) and the server (esbuild) as needed and prepares the embedded
 * database's template; `worker` builds the server only. Each part it checked leaves a
 * stamp, dist/.build/<part>.json, naming its sources: start.mjs compares their times with the
 * stamp's without loading TypeScript.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SOURCES as CONSOLE_SOURCES, buildConsole, consoleBuildIsCurrent } from './consoleBuild';
import { SOURCES as SERVER_SOURCES, NOT_SOURCES as SERVER_NOT_SOURCES, buildServer, serverBuildIsCurrent } from './serverBuild';

export const STAMP_DIR = 'dist/.build';

/** Writes the stamp of `part`, dated `since` (a source changed during the build stays newer than it). */
function stamp(part: string, since: number, sources: string[], skip: string[] = []) {
  const file = path.join(STAMP_DIR, `${part}.json`);
  fs.mkdirSync(STAMP_DIR, { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ sources, skip }));
  fs.utimesSync(file, new Date(since), new Date(since));
}

async function timed(what: string, run: () => Promise<unknown>) {
  const started = Date.now();
  console.log(`  ${what}…`);
  await run();
  console.log(`  Done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const entry = process.argv[2] === 'worker' ? 'worker' : 'main';

if (entry === 'main') {
  const since = Date.now();
  if (!consoleBuildIsCurrent()) await timed('Building the console (first start, or its sources changed)', buildConsole);
  stamp('console', since, CONSOLE_SOURCES);
}
const since = Date.now();
if (!serverBuildIsCurrent()) await timed('Building the server (first start, or its sources changed)', buildServer);
stamp('server', since, SERVER_SOURCES, SERVER_NOT_SOURCES);

if (entry === 'main' && !process.env.DATABASE_URL) {
  const { preparePgliteTemplate } = await import('../server/db/connection');
  const { templateDir } = await import('../server/db/pgliteTemplate');
  if (!fs.existsSync(templateDir())) await timed('Preparing the embedded database (once for these migrations)', preparePgliteTemplate);
}

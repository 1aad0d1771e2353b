/**
 * `npm start` (`npm run worker`: with the argument `worker`): runs the built server,
 * dist/server/main.mjs (worker.mjs), in this process with plain Node (no TypeScript
 * transpiled at start). When a build is missing or one of its sources is newer than it, the sources
 * named by the stamps in dist/.build, scripts/build.ts (through tsx) builds what is stale first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = process.argv[2] === 'worker' ? 'worker' : 'main';
const parts = entry === 'main' ? ['console', 'server'] : ['server'];

function newerThan(file, time, skip) {
  if (!fs.existsSync(file) || skip.some((s) => file.endsWith(s))) return false;
  const stat = fs.statSync(file);
  if (stat.mtimeMs > time) return true;
  return stat.isDirectory() && fs.readdirSync(file).some((name) => newerThan(path.join(file, name), time, skip));
}

function isCurrent(part) {
  const stampFile = path.join(root, 'dist/.build', `${part}.json`);
  if (!fs.existsSync(stampFile)) return false;
  const { sources, skip } = JSON.parse(fs.readFileSync(stampFile, 'utf8'));
  const built = fs.statSync(stampFile).mtimeMs;
  return !sources.some((source) => newerThan(path.join(root, source), built, skip));
}

if (!parts.every(isCurrent) || !fs.existsSync(path.join(root, 'dist/server', `${entry}.mjs`))) {
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', entry], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import(pathToFileURL(path.join(root, 'dist/server', `${entry}.mjs`)).href);

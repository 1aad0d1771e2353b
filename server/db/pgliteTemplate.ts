import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { projectRoot } from '../projectRoot';
import { copyDirectory } from './copyDirectory';

/**
 * The prepared embedded database. Creating a PGlite database is initdb in WebAssembly
 * and then every migration: most of a first start. So it is done once per PGlite version and set of
 * migrations, into node_modules/.cache/inkpress/pglite-<key>, and a new DATA_DIR's database starts
 * as a copy of that directory (the server then applies any migration newer than it, as on any start).
 * A template made for an earlier set of migrations of the same PGlite is the starting point of the
 * next one: only the migrations it lacks run.
 */
export const migrationsFolder = path.join(projectRoot, 'server/db/migrations');
export const templateCacheDir = path.join(projectRoot, 'node_modules/.cache/inkpress');

interface Manifest {
  pglite: string;
  /** One hash per migration, in the journal's order (its tag, its time and its SQL). */
  migrations: string[];
}

function currentManifest(): Manifest {
  const pglite = (
    JSON.parse(fs.readFileSync(path.join(projectRoot, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }
  ).version;
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const migrations = journal.entries.map((entry) =>
    createHash('sha256')
      .update(`${entry.tag}\n${entry.when}\n`)
      .update(fs.readFileSync(path.join(migrationsFolder, `${entry.tag}.sql`)))
      .digest('hex'),
  );
  return { pglite, migrations };
}

const keyOf = (manifest: Manifest) => createHash('sha256').update(JSON.stringify(manifest)).digest('hex').slice(0, 16);
const manifestPath = (dir: string) => `${dir}.json`;

/** The template directory for this PGlite and these migrations (it may not exist yet). */
export function templateDir(): string {
  return path.join(templateCacheDir, `pglite-${keyOf(currentManifest())}`);
}

/** The existing template of this PGlite whose migrations are the longest prefix of `manifest`'s, if any. */
function closestTemplate(manifest: Manifest): string | null {
  let best: { dir: string; length: number } | null = null;
  for (const name of fs.existsSync(templateCacheDir) ? fs.readdirSync(templateCacheDir) : []) {
    if (!name.startsWith('pglite-') || name.endsWith('.json')) continue;
    const dir = path.join(templateCacheDir, name);
    let other: Manifest;
    try {
      other = JSON.parse(fs.readFileSync(manifestPath(dir), 'utf8')) as Manifest;
    } catch {
      continue;
    }
    const prefix =
      other.pglite === manifest.pglite &&
      other.migrations.length <= manifest.migrations.length &&
      other.migrations.every((hash, i) => manifest.migrations[i] === hash);
    if (prefix && (!best || other.migrations.length > best.length)) best = { dir, length: other.migrations.length };
  }
  return best?.dir ?? null;
}

/**
 * The template for this PGlite and these migrations, made now if missing: `migrate(dir)` opens the
 * database in `dir` (creating it when empty), applies the migrations and closes it. Several
 * processes may make it at once; each builds its own copy and the first to finish puts it in place.
 * Null when the cache cannot be written (the caller then creates its database in place).
 */
export async function preparedTemplate(migrate: (dir: string) => Promise<void>): Promise<string | null> {
  const manifest = currentManifest();
  const dir = path.join(templateCacheDir, `pglite-${keyOf(manifest)}`);
  if (fs.existsSync(dir)) return dir;
  try {
    fs.mkdirSync(templateCacheDir, { recursive: true });
  } catch {
    return null;
  }
  const building = fs.mkdtempSync(path.join(templateCacheDir, 'building-'));
  try {
    const work = path.join(building, 'pg');
    const start = closestTemplate(manifest);
    if (start) await copyDirectory(start, work);
    await migrate(work);
    fs.writeFileSync(manifestPath(work), JSON.stringify(manifest));
    try {
      fs.renameSync(manifestPath(work), manifestPath(dir));
      fs.renameSync(work, dir);
    } catch (error) {
      // Another process put its copy in place first.
      if (!fs.existsSync(dir)) throw error;
    }
    // Templates of other migrations are left behind by upgrades: only this one is kept.
    for (const name of fs.readdirSync(templateCacheDir)) {
      if (name.startsWith('pglite-') && !name.startsWith(path.basename(dir)))
        fs.rmSync(path.join(templateCacheDir, name), { recursive: true, force: true });
    }
  } finally {
    fs.rmSync(building, { recursive: true, force: true });
  }
  return dir;
}

/** Copies `template` to `pgDir` (which must not exist) so that `pgDir` appears complete or not at all. */
export async function copyTemplate(template: string, pgDir: string): Promise<void> {
  const partial = `${pgDir}.partial-${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  await copyDirectory(template, partial);
  fs.renameSync(partial, pgDir);
}

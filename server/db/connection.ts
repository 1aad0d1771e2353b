import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PGLITE_SHARED_BUFFERS_MB } from '../config';
import * as schema from './schema';
import { lockDataDir } from './dataDirLock';
import { WriteWatch, watchPoolWrites, watchWrites } from './writeWatch';
import { listenForWrites } from './watchedTables';
import { PRINCIPAL_TABLES, cachePrincipals } from './sessions';
import { KEY_TABLES, cacheKeyPrincipals } from './accessKeys';
import { PERMISSION_TABLES, cachePermissionTable } from './permissionTable';
import { copyTemplate, migrationsFolder, preparedTemplate } from './pgliteTemplate';
import { PgliteThreadClient, type PgliteClient } from './pgliteThreadClient';
import type { Db } from './types';

/** The handle's types live in db/types.ts; here for the callers that open the database too. */
export type { Db, DbOrTx, Tx } from './types';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded database's own client (the job queue runs on it); null on PostgreSQL. */
  pglite: PgliteClient | null;
  close(): Promise<void>;
}

/** Serialises migrations when several processes start at once on one PostgreSQL. */
const MIGRATION_LOCK = 727_001;

/**
 * Opens the embedded database in `dataDir`, or PostgreSQL when `databaseUrl` is set, and migrates it.
 * A new embedded database is a copy of the prepared one (db/pgliteTemplate.ts) unless `pgliteTemplate` is false.
 */
export async function openDatabase(options: {
  dataDir: string;
  databaseUrl: string | null;
  pgliteTemplate?: boolean;
  pgliteSharedBuffersMb?: number;
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(options.dataDir, options.pgliteTemplate ?? true, options.pgliteSharedBuffersMb ?? PGLITE_SHARED_BUFFERS_MB);
}

/** The process's time zone (IANA name), for the database sessions: `TZ`, else the system's. */
export function serverTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return /^[A-Za-z0-9_+\-/]+$/.test(zone) ? zone : 'UTC';
}

/** drizzle's PGlite driver and its migrator, loaded while the database's thread opens. */
async function drizzleWhile(opening: Promise<void>) {
  const [{ drizzle }, { migrate }] = await Promise.all([import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator'), opening]);
  return { drizzle, migrate };
}

/** Creates (when `pgDir` is empty) and migrates the embedded database in `pgDir`, then closes it: how a template is made. */
async function migratePglite(pgDir: string): Promise<void> {
  const thread = new PgliteThreadClient();
  try {
    const { drizzle, migrate } = await drizzleWhile(thread.open(pgDir, PGLITE_SHARED_BUFFERS_MB));
    await migrate(drizzle({ client: thread as unknown as PGlite }), { migrationsFolder });
  } finally {
    await thread.close();
  }
}

/** Makes the prepared embedded database for these migrations now, if it is missing (`npm start`'s build does). */
export const preparePgliteTemplate = () => preparedTemplate(migratePglite);

/** The tables the in-process caches are made of (each has the trigger of migration 0018). */
export const WATCHED_TABLES = [...PRINCIPAL_TABLES, ...KEY_TABLES, ...PERMISSION_TABLES];

/** `pgDir` made a copy of the prepared database, when there is one (else PGlite creates it in place). */
async function copiedTemplate(pgDir: string): Promise<void> {
  const template = await preparedTemplate(migratePglite);
  if (template) await copyTemplate(template, pgDir);
}

/** Sessions, keys and the permission table answered from memory while `watch` sees no write. */
function cacheWatched(db: Db, watch: WriteWatch) {
  cachePrincipals(db, watch);
  cacheKeyPrincipals(db, watch);
  cachePermissionTable(db, watch);
}

async function openPglite(dataDir: string, fromTemplate: boolean, sharedBuffersMb: number): Promise<Database> {
  const unlock = await lockDataDir(dataDir);
  // PostgreSQL runs in a thread of its own, which starts loading PGlite now.
  const thread = new PgliteThreadClient();
  try {
    // Asked before PGlite starts: Intl's first use took 20 ms before and 65–170 ms after
    // PGlite's start in the same process.
    const timeZone = serverTimeZone();
    const pgDir = path.join(dataDir, 'pg');
    // A new database is a copy of the prepared one instead of initdb and every migration.
    if (fromTemplate && !fs.existsSync(pgDir)) await copiedTemplate(pgDir);
    const { drizzle, migrate } = await drizzleWhile(thread.open(pgDir, sharedBuffersMb));
    // One process owns this database, so what it reads about sessions can be kept in memory until
    // it writes them (db/sessions.ts): every statement is watched for such writes.
    const watch = new WriteWatch(WATCHED_TABLES);
    const client = watchWrites(thread, watch);
    // The dashboard's days are the server's days (its roll-up triggers date in this zone).
    await client.exec(`set TimeZone to '${timeZone}'`);
    // drizzle's PGlite driver calls the client's query and transaction, and its transactions' query.
    const pgliteDb = drizzle({ client: client as unknown as PGlite, schema });
    await migrate(pgliteDb, { migrationsFolder });
    const db = pgliteDb as unknown as Db;
    cacheWatched(db, watch);
    return {
      db,
      kind: 'pglite',
      pglite: client,
      async close() {
        await client.close();
        await unlock();
      },
    };
  } catch (error) {
    await thread.close().catch(() => {});
    await unlock();
    throw error;
  }
}

async function openPostgres(url: string): Promise<Database> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // The dashboard's days are the server's days (its roll-up triggers date in this zone).
  const options = `-c TimeZone=${serverTimeZone()}`;
  const pool = new Pool({ connectionString: url, max: Number(process.env.PG_POOL_SIZE || 10), options });
  // Sessions, keys and permissions are kept in memory until a write to their tables, seen here
  // for this process and announced by PostgreSQL for every other (writeWatch.ts).
  const watch = new WriteWatch(WATCHED_TABLES);
  watchPoolWrites(pool, watch);
  // A connection lost (the database restarted, a connection killed): unhandled, its error event
  // would end the process. Idle, the pool drops it and the next query opens a new one; checked out
  // (a transaction between two queries), its next query fails and the caller sees that error.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle({ client: pool, schema });
  const lockHolder = await pool.connect();
  try {
    await lockHolder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(db, { migrationsFolder });
  } finally {
    await lockHolder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    lockHolder.release();
  }
  const listener = await listenForWrites(url, watch, options);
  cacheWatched(db as unknown as Db, watch);
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    pglite: null,
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgliteClient } from '../../server/db/pgliteThreadClient';
import { startServer, type RunningServer } from '../../server/server';
import { templateDir } from '../../server/db/pgliteTemplate';
import { testConfig } from './harness';

/**
 * A new embedded database is a copy of a prepared one (initdb and the migrations made
 * once). Started on it, the server must have exactly what it has when it runs initdb and every
 * migration itself: the same catalog (schemas, tables, columns, indexes, constraints, functions,
 * triggers, views, types, extensions, sequences, applied migrations) and the same seeded rows.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const SYSTEM = `('pg_catalog', 'information_schema', 'pg_toast')`;
const CATALOG: Record<string, string> = {
  database: `select pg_encoding_to_char(encoding) as encoding, datcollate, datctype from pg_database where datname = current_database()`,
  schemas: `select nspname from pg_namespace where nspname not in ${SYSTEM} and nspname not like 'pg_temp%' and nspname not like 'pg_toast_temp%' order by 1`,
  relations: `select n.nspname, c.relname, c.relkind, c.relpersistence from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname not in ${SYSTEM} and n.nspname not like 'pg_temp%' order by 1, 2`,
  columns: `select table_schema, table_name, column_name, ordinal_position, data_type, udt_name, is_nullable, column_default,
      character_maximum_length, numeric_precision, numeric_scale, is_identity, identity_generation, is_generated, generation_expression
    from information_schema.columns where table_schema not in ${SYSTEM} order by 1, 2, 4`,
  indexes: `select schemaname, tablename, indexname, indexdef from pg_indexes where schemaname not in ${SYSTEM} order by 1, 2, 3`,
  constraints: `select n.nspname, c.conrelid::regclass::text as relation, c.conname, c.contype, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname not in ${SYSTEM} order by 1, 2, 3`,
  functions: `select n.nspname, p.proname, pg_get_function_identity_arguments(p.oid) as args, p.prokind, p.prorettype::regtype::text as returns,
      l.lanname, md5(p.prosrc) as source
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
    where n.nspname not in ${SYSTEM} order by 1, 2, 3`,
  triggers: `select t.tgrelid::regclass::text as relation, t.tgname, t.tgenabled, pg_get_triggerdef(t.oid) as definition
    from pg_trigger t where not t.tgisinternal order by 1, 2`,
  views: `select schemaname, viewname, definition from pg_views where schemaname not in ${SYSTEM} order by 1, 2`,
  types: `select n.nspname, t.typname, t.typtype, coalesce((select string_agg(e.enumlabel, ',' order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid), '') as labels
    from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname not in ${SYSTEM} and t.typtype in ('e', 'd', 'c') order by 1, 2`,
  extensions: `select extname, extversion from pg_extension order by 1`,
  sequences: `select schemaname, sequencename, data_type::text, start_value, increment_by, last_value from pg_sequences where schemaname not in ${SYSTEM} order by 1, 2`,
  policies: `select schemaname, tablename, policyname, cmd, qual, with_check from pg_policies order by 1, 2, 3`,
  migrations: `select hash, created_at from drizzle.__drizzle_migrations order by id`,
};

/** Columns whose values differ between two starts by nature: times, random ids and codes, password hashes. */
const VOLATILE_TYPES = new Set(['timestamp without time zone', 'timestamp with time zone', 'date', 'uuid']);
const VOLATILE_NAME = /(hash|password|salt|secret|token|invite_code)/i;

async function catalogOf(client: PgliteClient) {
  const result: Record<string, unknown[]> = {};
  for (const [what, query] of Object.entries(CATALOG)) result[what] = (await client.query(query)).rows;
  return result;
}

/** Every row of every table (schemas public, drizzle and pgboss), without the volatile columns, in a stable order. */
async function rowsOf(client: PgliteClient) {
  const columns = (
    await client.query<{ table_schema: string; table_name: string; column_name: string; data_type: string }>(
      `select c.table_schema, c.table_name, c.column_name, c.data_type from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        where c.table_schema not in ${SYSTEM} order by 1, 2, c.ordinal_position`,
    )
  ).rows;
  const tables = new Map<string, string[]>();
  for (const column of columns) {
    const table = `"${column.table_schema}"."${column.table_name}"`;
    if (!tables.has(table)) tables.set(table, []);
    if (!VOLATILE_TYPES.has(column.data_type) && !VOLATILE_NAME.test(column.column_name))
      tables.get(table)!.push(`"${column.column_name}"`);
  }
  const rows: Record<string, string[]> = {};
  for (const [table, kept] of tables) {
    const found = await client.query<Record<string, unknown>>(`select ${kept.length ? kept.join(', ') : 'null as none'} from ${table}`);
    rows[table] = found.rows.map((row) => JSON.stringify(row)).sort();
  }
  return rows;
}

async function start(dataDir: string, env: Record<string, string>): Promise<RunningServer> {
  return startServer(testConfig(dataDir, env), { logger: false });
}

describe.skipIf(onPostgres)('the prepared embedded database', () => {
  const dirs: string[] = [];
  const servers: RunningServer[] = [];
  let fresh: PgliteClient;
  let prepared: PgliteClient;

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) dirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'inkpress-template-test-')));
    // The slow way: initdb, every migration and the seed in this DATA_DIR.
    servers.push(await start(dirs[0], { PGLITE_TEMPLATE: '0' }));
    // The fast way: a copy of the prepared database (made now if this PGlite and these migrations have none).
    // With shared buffers of its own size too (PGLITE_SHARED_BUFFERS_MB; 32 MB unless set).
    servers.push(await start(dirs[1], { PGLITE_SHARED_BUFFERS_MB: '16' }));
    fresh = servers[0].database.pglite!;
    prepared = servers[1].database.pglite!;
  }, 240_000);

  afterAll(async () => {
    for (const server of servers) await server.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is where a new DATA_DIR comes from', () => {
    expect(fs.existsSync(templateDir())).toBe(true);
    expect(fs.existsSync(path.join(dirs[1], 'pg', 'PG_VERSION'))).toBe(true);
  });

  it('runs with the shared buffers configured: 32 MB unless PGLITE_SHARED_BUFFERS_MB says', async () => {
    const setting = async (client: PgliteClient) =>
      (await client.query<{ size: string }>(`select current_setting('shared_buffers') as size`)).rows[0].size;
    expect([await setting(fresh), await setting(prepared)]).toEqual(['32MB', '16MB']);
  });

  it('has the same catalog as a database made by initdb and every migration', async () => {
    const [a, b] = [await catalogOf(fresh), await catalogOf(prepared)];
    // Something to compare: the built-in tables, the trigram extension, the migrations, the queue.
    expect(a.relations.length).toBeGreaterThan(50);
    expect(a.extensions).toContainEqual(expect.objectContaining({ extname: 'pg_trgm' }));
    expect(a.migrations.length).toBe(fs.readdirSync(path.resolve('server/db/migrations')).filter((f) => f.endsWith('.sql')).length);
    expect(a.triggers.length).toBeGreaterThan(0);
    for (const what of Object.keys(CATALOG)) expect({ [what]: b[what] }).toEqual({ [what]: a[what] });
  });

  it('has the same seeded rows: roles, menus, access entries, the app, the admin account, prompts', async () => {
    const [a, b] = [await rowsOf(fresh), await rowsOf(prepared)];
    expect(a['"public"."menus"']?.length).toBeGreaterThan(10);
    expect(a['"public"."roles"']?.length).toBeGreaterThan(0);
    expect(a['"public"."accounts"']?.length).toBe(1);
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    for (const table of Object.keys(a)) expect({ [table]: b[table] }).toEqual({ [table]: a[table] });
  });
});

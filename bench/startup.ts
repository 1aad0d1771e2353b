import fs from 'node:fs';
import os from 'node:os';
import { ms, spawnServer, tempDataDir, throwawayPostgres, type BenchRow, type BenchSection } from './lib';
import { ensureServerBuild } from '../scripts/serverBuild';
import { CONSOLE_DIR, buildConsole, consoleBuildIsCurrent } from '../scripts/consoleBuild';
import { preparePgliteTemplate } from '../server/db/connection';

/**
 * The server's start, spawn to the first 200 on /api/public/conf, of what `npm start`
 * runs (`node dist/server/main.mjs`, the server compiled once; a new embedded database copied from
 * the prepared one). First start on empty data (a new DATA_DIR, on PostgreSQL a new database, each
 * run) and restart on the same data, the median of BENCH_STARTUP_RUNS (5) each, beside the goals.
 * BENCH_STARTUP_BEFORE=1 also measures the way it was before (tsx transpiling server/main.ts at
 * every start, initdb and every migration on empty data), 3 runs each.
 */
const RUNS = Math.max(1, Number(process.env.BENCH_STARTUP_RUNS) || 5);
const GOAL = { first: 2500, restart: 1500 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

interface Way {
  built: boolean;
  env?: Record<string, string>;
}

/** `runs` first starts, each on empty data, then `runs` restarts on the first one's data. */
async function measure(label: string, way: Way, runs: number, databaseUrl: string | null, log: (line: string) => void) {
  const first: number[] = [];
  const restart: number[] = [];
  const dirs: string[] = [];
  const databases: { url: string; drop(): Promise<void> }[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const dataDir = tempDataDir();
      dirs.push(dataDir);
      const database = databaseUrl ? await throwawayPostgres(databaseUrl) : null;
      if (database) databases.push(database);
      const server = await spawnServer({
        dataDir,
        databaseUrl: database?.url ?? null,
        consoleDir: CONSOLE_DIR,
        built: way.built,
        env: way.env,
      });
      await server.stop();
      first.push(server.startMs);
    }
    log(`${label}: first starts ${first.map(ms).join(', ')} (load average ${load()})`);
    for (let i = 0; i < runs; i++) {
      const server = await spawnServer({
        dataDir: dirs[0],
        databaseUrl: databases[0]?.url ?? null,
        consoleDir: CONSOLE_DIR,
        built: way.built,
        env: way.env,
      });
      await server.stop();
      restart.push(server.startMs);
    }
    log(`${label}: restarts ${restart.map(ms).join(', ')} (load average ${load()})`);
  } finally {
    for (const database of databases) await database.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
  return { first, restart };
}

const verdict = (value: number, goal: number) => `goal ≤ ${ms(goal)}: ${value <= goal ? 'met' : 'NOT met'}`;

function rows(label: string, result: { first: number[]; restart: number[] }, what: string, goals: boolean): BenchRow[] {
  const first = median(result.first);
  const restart = median(result.restart);
  const runs = `median of ${result.first.length}, ${what}`;
  return [
    { what: `${label}: first start (empty data)`, value: ms(first), note: goals ? `${verdict(first, GOAL.first)}; ${runs}` : runs },
    { what: `${label}: restart (same data)`, value: ms(restart), note: goals ? `${verdict(restart, GOAL.restart)}; ${runs}` : runs },
  ];
}

export const startup: BenchSection = {
  name: 'startup',
  title: 'Server start (spawn to the first 200 on /api/public/conf)',
  async run(log) {
    // What `npm start` does before it runs the server: the builds and the prepared database (not
    // timed). The server serves the built console, as `npm start` does.
    if (!consoleBuildIsCurrent()) await buildConsole();
    await ensureServerBuild();
    await preparePgliteTemplate();
    log(`load average at the start: ${load()} (${os.cpus().length} cores)`);
    const out: BenchRow[] = [];
    const now = { built: true };
    out.push(...rows('PGlite', await measure('PGlite', now, RUNS, null, log), 'node dist/server/main.mjs (npm start)', true));
    if (process.env.BENCH_STARTUP_BEFORE === '1') {
      const before = { built: false, env: { PGLITE_TEMPLATE: '0' } };
      out.push(
        ...rows(
          'PGlite, before',
          await measure('PGlite, before', before, 3, null, log),
          'tsx server/main.ts, initdb and every migration',
          false,
        ),
      );
    }
    if (process.env.DATABASE_URL) {
      out.push(
        ...rows(
          'PostgreSQL',
          await measure('PostgreSQL', now, RUNS, process.env.DATABASE_URL, log),
          'node dist/server/main.mjs, a new database each first start',
          true,
        ),
      );
      if (process.env.BENCH_STARTUP_BEFORE === '1') {
        out.push(
          ...rows(
            'PostgreSQL, before',
            await measure('PostgreSQL, before', { built: false }, 3, process.env.DATABASE_URL, log),
            'tsx server/main.ts',
            false,
          ),
        );
      }
    }
    return out;
  },
};

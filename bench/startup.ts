import fs from 'node:fs';
import { ms, spawnServer, tempDataDir, throwawayPostgres, type BenchRow, type BenchSection } from './lib';

const WARM_RUNS = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Cold start on empty data (migrations, seed, admin account) and warm restarts on the same data. */
async function measure(label: string, dataDir: string, databaseUrl: string | null, log: (line: string) => void): Promise<BenchRow[]> {
  const cold = await spawnServer({ dataDir, databaseUrl });
  await cold.stop();
  log(`${label}: cold start ${ms(cold.startMs)}`);
  const warm: number[] = [];
  for (let i = 0; i < WARM_RUNS; i++) {
    const server = await spawnServer({ dataDir, databaseUrl });
    await server.stop();
    warm.push(server.startMs);
  }
  log(`${label}: warm restarts ${warm.map(ms).join(', ')}`);
  return [
    { what: `${label}: cold start (empty data)`, value: ms(cold.startMs), note: 'spawn of tsx server/main.ts to first 200 on /api/public/conf' },
    { what: `${label}: warm restart (same data)`, value: ms(median(warm)), note: `median of ${WARM_RUNS}` },
  ];
}

export const startup: BenchSection = {
  name: 'startup',
  title: 'Server start',
  async run(log) {
    const dataDir = tempDataDir();
    const rows: BenchRow[] = [];
    try {
      rows.push(...(await measure('PGlite', dataDir, null, log)));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    if (process.env.DATABASE_URL) {
      const database = await throwawayPostgres(process.env.DATABASE_URL);
      const pgDataDir = tempDataDir();
      try {
        rows.push(...(await measure('PostgreSQL', pgDataDir, database.url, log)));
      } finally {
        await database.drop();
        fs.rmSync(pgDataDir, { recursive: true, force: true });
      }
    }
    return rows;
  },
};

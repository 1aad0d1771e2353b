import fs from 'node:fs';
import autocannon from 'autocannon';
import { loginAdmin, onEachDatabase, spawnServer, tempDataDir, type BenchRow, type BenchSection } from './lib';

const PATH = '/api/v1/user/get_user_details';
const CONNECTIONS = 50;
const SECONDS = 10;
const GOAL_ON_POSTGRES = 10_000;

/**
 * Requests per second and p99 latency of an authenticated GET get_user_details (session lookup,
 * account, roles) under 50 concurrent connections for 10 s, the server in its own process.
 */
async function measure(label: string, databaseUrl: string | null, log: (line: string) => void): Promise<BenchRow[]> {
  const dataDir = tempDataDir();
  const server = await spawnServer({ dataDir, databaseUrl });
  try {
    const token = await loginAdmin(server.url);
    const url = server.url + PATH;
    const headers = { authorization: `Bearer ${token}` };
    const probe = (await (await fetch(url, { headers })).json()) as { code: number; msg: string };
    if (probe.code !== 200) throw new Error(`${PATH} answered code ${probe.code}: ${probe.msg}`);

    await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 }); // warm-up: JIT, caches
    const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
    const failed = result.non2xx + result.errors + result.timeouts;
    log(`${label}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ${result['2xx']} ok, ${failed} failed`);
    if (failed > 0) throw new Error(`${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
    const perSecond = Math.round(result.requests.average);
    // The goal on PostgreSQL: the session lookup answered from memory (writeWatch.ts).
    const goal = databaseUrl
      ? perSecond >= GOAL_ON_POSTGRES
        ? `; goal met (≥ ${GOAL_ON_POSTGRES.toLocaleString('en')}/s)`
        : `; BELOW the ${GOAL_ON_POSTGRES.toLocaleString('en')}/s goal`
      : '';
    return [
      {
        what: `${label}: requests/s`,
        value: String(perSecond),
        note: `${CONNECTIONS} connections, ${SECONDS} s, ${result['2xx']} answers${goal}`,
      },
      {
        what: `${label}: latency p99`,
        value: `${result.latency.p99} ms`,
        note: `p50 ${result.latency.p50} ms, max ${result.latency.max} ms`,
      },
    ];
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export const api: BenchSection = {
  name: 'api',
  title: `Authenticated GET ${PATH}`,
  async run(log) {
    return onEachDatabase((label, databaseUrl) => measure(label, databaseUrl, log));
  },
};

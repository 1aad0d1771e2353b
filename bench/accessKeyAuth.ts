import fs from 'node:fs';
import autocannon from 'autocannon';
import { loginAdmin, onEachDatabase, spawnServer, tempDataDir, type BenchRow, type BenchSection } from './lib';

const PATH = '/api/v1/user/get_user_details';
const CONNECTIONS = 50;
const SECONDS = 10;
const ROUNDS = 2;

/**
 * Issue 15's goal: a request authenticated with an API access key costs at most 10 % of the
 * throughput of the same request with a session token. Both against one server process (PGlite,
 * and PostgreSQL when DATABASE_URL is set); the key's calls are logged as in production.
 */
async function measureOn(label: string, databaseUrl: string | null, log: (line: string) => void): Promise<BenchRow[]> {
  const dataDir = tempDataDir();
  const server = await spawnServer({ dataDir, databaseUrl });
  try {
    const token = await loginAdmin(server.url);
    const made = await fetch(`${server.url}/api/v1/accesskey/add`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench', scopes: ['read'], rate_limit: 1_000_000 }),
    });
    const { data } = (await made.json()) as { data: { secret: string } };
    const url = server.url + PATH;
    // The machine is shared: the two ways in take turns (ROUNDS of SECONDS / ROUNDS each, after a
    // warm-up of both), so a change of load in between weighs on both alike.
    const ways: [string, Record<string, string>][] = [
      [`${label}: session token`, { authorization: `Bearer ${token}` }],
      [`${label}: access key`, { authorization: `Bearer ${data.secret}` }],
    ];
    for (const [, headers] of ways) await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
    const totals = ways.map(() => ({ requests: 0, seconds: 0, p99: 0 }));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, [what, headers]] of ways.entries()) {
        const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS / ROUNDS });
        const failed = result.non2xx + result.errors + result.timeouts;
        log(`${what}, round ${round + 1}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ${failed} failed`);
        if (failed > 0) throw new Error(`${what}: ${failed} failed answers`);
        totals[i].requests += result.requests.total;
        totals[i].seconds += result.duration;
        totals[i].p99 = Math.max(totals[i].p99, result.latency.p99);
      }
    }
    const [session, key] = totals.map((t) => ({ perSecond: t.requests / t.seconds, p99: t.p99 }));
    const ratio = key.perSecond / session.perSecond;
    return [
      { what: `${label}: session token: requests/s`, value: String(Math.round(session.perSecond)), note: `p99 ≤ ${session.p99} ms` },
      {
        what: `${label}: access key: requests/s`,
        value: String(Math.round(key.perSecond)),
        note: `p99 ≤ ${key.p99} ms; every call logged`,
      },
      {
        what: `${label}: access key / session token`,
        value: `${Math.round(ratio * 100)} %`,
        note: ratio >= 0.9 ? 'goal met (≥ 90 %)' : 'BELOW the 90 % goal',
      },
    ];
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function run(log: (line: string) => void): Promise<BenchRow[]> {
  return onEachDatabase((label, databaseUrl) => measureOn(label, databaseUrl, log));
}

export const accessKeyAuth: BenchSection = {
  name: 'keys',
  title: `Access key against session token, GET ${PATH}, ${CONNECTIONS} connections, ${SECONDS} s each`,
  run,
};

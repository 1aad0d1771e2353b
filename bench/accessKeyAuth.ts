import fs from 'node:fs';
import autocannon from 'autocannon';
import { loginAdmin, spawnServer, tempDataDir, type BenchRow, type BenchSection } from './lib';

const PATH = '/api/v1/user/get_user_details';
const CONNECTIONS = 50;
const SECONDS = 10;

/**
 * Issue 15's goal: a request authenticated with an API access key costs at most 10 % of the
 * throughput of the same request with a session token. Both against one server process (PGlite),
 * one after the other, each after a warm-up; the key's calls are logged as in production.
 */
async function run(log: (line: string) => void): Promise<BenchRow[]> {
  const dataDir = tempDataDir();
  const server = await spawnServer({ dataDir, databaseUrl: null });
  try {
    const token = await loginAdmin(server.url);
    const made = await fetch(`${server.url}/api/v1/accesskey/add`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench', scopes: ['read'], rate_limit: 1_000_000 }),
    });
    const { data } = (await made.json()) as { data: { secret: string } };
    const url = server.url + PATH;
    const measure = async (label: string, headers: Record<string, string>) => {
      await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
      const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
      const failed = result.non2xx + result.errors + result.timeouts;
      log(`${label}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ${failed} failed`);
      if (failed > 0) throw new Error(`${label}: ${failed} failed answers`);
      return result;
    };
    const session = await measure('session token', { authorization: `Bearer ${token}` });
    const key = await measure('access key', { authorization: `Bearer ${data.secret}` });
    const ratio = key.requests.average / session.requests.average;
    return [
      { what: 'session token: requests/s', value: String(Math.round(session.requests.average)), note: `p99 ${session.latency.p99} ms` },
      { what: 'access key: requests/s', value: String(Math.round(key.requests.average)), note: `p99 ${key.latency.p99} ms; every call logged` },
      { what: 'access key / session token', value: `${Math.round(ratio * 100)} %`, note: ratio >= 0.9 ? 'goal met (≥ 90 %)' : 'BELOW the 90 % goal' },
    ];
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export const accessKeyAuth: BenchSection = {
  name: 'keys',
  title: `Access key against session token, GET ${PATH} (PGlite)`,
  run,
};

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './lib';

/**
 * A throwaway PostgreSQL 15 cluster, as CI makes one (.ci/run): Debian's binaries, initdb in a
 * temporary folder, loopback only, no fsync; removed by `stop()`. PostgreSQL refuses to run as
 * root, so as root the cluster belongs to the postgres user.
 */
const PGBIN = '/usr/lib/postgresql/15/bin';

export async function startPostgresCluster(settings: Record<string, string> = {}) {
  if (!fs.existsSync(path.join(PGBIN, 'pg_ctl'))) throw new Error(`needs PostgreSQL 15 (${PGBIN}): Debian's postgresql package`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkpress-bench-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const run = (bin: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(PGBIN, bin), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(PGBIN, bin), args, { stdio: 'pipe' });
  const port = await freePort();
  const options = Object.entries({
    listen_addresses: '127.0.0.1',
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    ...settings,
  })
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  run('initdb', ['-D', path.join(dir, 'data'), '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  run('pg_ctl', ['-D', path.join(dir, 'data'), '-l', path.join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} ${options}`, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        run('pg_ctl', ['-D', path.join(dir, 'data'), '-m', 'immediate', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Another process holds DATA_DIR (the message says what to do about it). */
export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `Another Inkpress process is already using ${dataDir}. The embedded database serves one process: ` +
        'stop the other one, choose another DATA_DIR, or use DATABASE_URL=postgres://… to run several processes.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Who holds the lock: written into `DATA_DIR/.lock` when it is taken. */
interface Holder {
  pid: number;
  host: string;
  /** The process's start time in clock ticks since boot (Linux), so a reused pid is told apart. */
  started: string | null;
}

/** The lock file's mtime is refreshed this often; a holder on another host counts as gone after STALE_MS without it. */
const HEARTBEAT_MS = 5_000;
const STALE_MS = 15_000;

const lockPath = (dataDir: string) => path.join(dataDir, '.lock');

/** DATA_DIRs this process holds now (a second server in the same process is refused too). */
const heldHere = new Set<string>();

/** A process as /proc shows it (Linux): its state letter, and its start time in clock ticks since boot. */
function procStat(pid: number): { state: string; started: string } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields 3 and 22; the command name (field 2) may hold spaces, so count from its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', started: fields[19] ?? '' };
  } catch {
    return null;
  }
}

const startTicks = (pid: number) => procStat(pid)?.started ?? null;

/**
 * Whether `pid` is a running process. A process killed with SIGKILL whose parent has not yet
 * collected its exit (a zombie, 'Z', or being reaped, 'X') still answers signal 0, but holds
 * nothing any more: a supervisor's restart must not wait for the parent to reap it.
 */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const state = procStat(pid)?.state;
  return state !== 'Z' && state !== 'X';
}

/**
 * Whether the lock at `file` belongs to a live process. On this host: its pid is alive and is the
 * same process (start time), and is not this process (a container restarted as pid 1 again).
 * From another host (a shared directory), or a lock of unknown form: its heartbeat is recent.
 */
function holderAlive(dataDir: string, file: string): boolean {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return false;
  }
  const recent = Date.now() - stat.mtimeMs < STALE_MS;
  // A lock directory of the versions before this one (proper-lockfile), refreshed every 5 s while held.
  if (stat.isDirectory()) return recent;
  let holder: Holder;
  try {
    holder = JSON.parse(fs.readFileSync(file, 'utf8')) as Holder;
  } catch {
    // Being written just now, or garbage: only a fresh file may be a live holder's.
    return recent;
  }
  if (holder.host !== os.hostname()) return recent;
  if (holder.pid === process.pid) return heldHere.has(dataDir);
  if (!processAlive(holder.pid)) return false;
  const started = startTicks(holder.pid);
  return holder.started === null || started === null || started === holder.started;
}

/**
 * The embedded database is one process's: two processes on the same PGlite directory would
 * silently lose writes. Hold a lock on DATA_DIR for the life of the process. The lock names its
 * holder (pid, host, start time), so after a crash or kill -9 the next start finds the holder dead
 * and takes the lock at once.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockPath(dataDir);
  const holder: Holder = { pid: process.pid, host: os.hostname(), started: startTicks(process.pid) };
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(holder), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (attempt >= 3 || holderAlive(dataDir, file)) throw new DataDirLockedError(dataDir);
      fs.rmSync(file, { recursive: true, force: true });
    }
  }
  heldHere.add(dataDir);
  const heartbeat = setInterval(() => {
    const now = new Date();
    fs.utimes(file, now, now, () => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return async () => {
    clearInterval(heartbeat);
    heldHere.delete(dataDir);
    try {
      const current = JSON.parse(fs.readFileSync(file, 'utf8')) as Holder;
      if (current.pid === holder.pid && current.started === holder.started) fs.rmSync(file, { force: true });
    } catch {
      // Gone already.
    }
  };
}

/** Whether a live process holds DATA_DIR now (without taking it). */
export async function isDataDirLocked(dataDir: string): Promise<boolean> {
  return holderAlive(dataDir, lockPath(dataDir));
}

import fs from 'node:fs';
import lockfile from 'proper-lockfile';

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

const lockOptions = (dataDir: string) => ({ lockfilePath: `${dataDir}/.lock`, stale: 15_000 });

/**
 * The embedded database is one process's: two processes on the same PGlite directory would
 * silently lose writes. Hold a lock on DATA_DIR for the life of the process.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, { ...lockOptions(dataDir), update: 5_000 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw error;
  }
}

/** Whether a live process holds DATA_DIR now (without taking it). */
export async function isDataDirLocked(dataDir: string): Promise<boolean> {
  if (!fs.existsSync(dataDir)) return false;
  return lockfile.check(dataDir, lockOptions(dataDir));
}

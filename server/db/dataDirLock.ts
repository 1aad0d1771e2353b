import fs from 'node:fs';
import lockfile from 'proper-lockfile';

/**
 * The embedded database is one process's: two processes on the same PGlite directory would
 * silently lose writes. Hold a lock on DATA_DIR for the life of the process.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, { lockfilePath: `${dataDir}/.lock`, stale: 15_000, update: 5_000 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new Error(
        `Another Inkpress process is already using ${dataDir}. The embedded database serves one process: ` +
          'stop the other one, choose another DATA_DIR, or use DATABASE_URL=postgres://… to run several processes.',
      );
    }
    throw error;
  }
}

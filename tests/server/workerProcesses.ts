import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The `npm run worker` processes of one test file, each on its own data folder: `start` resolves
 * once the worker says it is running; `stopAll` ends every one and removes their folders.
 */
export function workerProcesses() {
  const workers: ChildProcess[] = [];
  const dirs: string[] = [];

  function start(env: Record<string, string>): Promise<ChildProcess> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkpress-worker-'));
    dirs.push(dataDir);
    const proc = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
      cwd: root,
      env: { ...process.env, ...env, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    workers.push(proc);
    let output = '';
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`a worker did not start within 180 s: ${output}`)), 180_000);
      const onData = (d: Buffer) => {
        output += d;
        if (output.includes('worker running')) {
          clearTimeout(timer);
          proc.stdout?.off('data', onData);
          proc.stdout?.resume();
          resolve(proc);
        }
      };
      proc.stdout?.on('data', onData);
      proc.stderr?.on('data', (d) => (output += d));
      proc.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`a worker exited (${code}) before running: ${output}`));
      });
    });
  }

  async function stopAll(): Promise<void> {
    await Promise.all(
      workers.map(
        (w) => new Promise<void>((resolve) => (w.exitCode !== null ? resolve() : (w.once('exit', () => resolve()), w.kill('SIGTERM')))),
      ),
    );
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }

  return { start, stopAll };
}

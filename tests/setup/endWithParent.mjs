/**
 * Loaded (`--import`) into the servers and workers a test run starts: when the run that started one
 * is killed, the process is handed to another parent, and it stops as on SIGTERM instead of
 * running on as an orphan that holds its port and data folder. Plain JavaScript: the server's own
 * threads load it too, without tsx.
 */
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
  }, 1000).unref();
}

import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stopOnSignals, type SignalHost } from '../../server/stopOnSignals';
import { copyPreparedDatabase } from './harness';
import { kill9, outputOf, startServerProcess } from './serverProcess';

/**
 * `npm start` stopped by Ctrl+C (SIGINT) or SIGTERM as soon as it answers, before its start has
 * completed (it listens before its job queue runs): it finishes starting, then stops cleanly, and
 * its embedded database is left shut down, so the next start has nothing to recover.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let dataDir: string;
let port: number;
let child: ChildProcess | null = null;

/** PostgreSQL's own record of how the data directory was left: `global/pg_control`'s DBState. */
const DB_SHUTDOWNED = 1;
const databaseState = () => fs.readFileSync(path.join(dataDir, 'pg', 'global', 'pg_control')).readUInt32LE(16);

const exitOf = (proc: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) resolve({ code: proc.exitCode, signal: proc.signalCode });
    else proc.once('exit', (code, signal) => resolve({ code, signal }));
  });

async function start(): Promise<ChildProcess> {
  const started = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', SECRET_KEY: 'd'.repeat(64), LOG_LEVEL: 'info' });
  port = started.port;
  return started.child;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkpress-signals-'));
  await copyPreparedDatabase(dataDir);
});
afterEach(async () => {
  if (child) await kill9(child);
  child = null;
});
afterAll(() => {
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(onPostgres)('stopping npm start by a signal', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} at its first answer: it stops cleanly and leaves its database shut down`, { timeout: 120_000 }, async () => {
      child = await start();
      child.kill(signal);
      const exit = await exitOf(child);
      expect(exit, outputOf(child)).toEqual({ code: 0, signal: null });
      expect(outputOf(child)).toContain(`${signal}: shutting down`);
      expect(databaseState()).toBe(DB_SHUTDOWNED);
      // The next start on the same data answers.
      child = await start();
      expect((await fetch(`http://127.0.0.1:${port}/api/public/conf`)).status).toBe(200);
      child.kill('SIGTERM');
      expect(await exitOf(child)).toEqual({ code: 0, signal: null });
    });
  }
});

/** The process as stopOnSignals sees it: signals to send, and the exit codes asked for. */
function fakeHost() {
  const listeners = new Map<NodeJS.Signals, (signal: NodeJS.Signals) => void>();
  const exits: number[] = [];
  const host: SignalHost = { on: (signal, listener) => listeners.set(signal, listener), exit: (code) => void exits.push(code) };
  return { host, exits, send: (signal: NodeJS.Signals) => listeners.get(signal)?.(signal) };
}
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('stopOnSignals', () => {
  it('stops at a signal once started, and a signal during the start waits for it', async () => {
    const { host, exits, send } = fakeHost();
    const stops: string[] = [];
    const signals = stopOnSignals(host);
    send('SIGTERM');
    await settled();
    expect(stops).toEqual([]);
    expect(exits).toEqual([]);
    signals.started(async (signal) => void stops.push(signal));
    await settled();
    expect(stops).toEqual(['SIGTERM']);
    expect(exits).toEqual([0]);
  });

  it('a second signal while it stops ends the process without waiting', async () => {
    const { host, exits, send } = fakeHost();
    stopOnSignals(host).started(() => new Promise(() => {}));
    send('SIGINT');
    await settled();
    expect(exits).toEqual([]);
    send('SIGINT');
    expect(exits).toEqual([1]);
  });

  it('a stop that fails exits with 1', async () => {
    const { host, exits, send } = fakeHost();
    stopOnSignals(host).started(() => Promise.reject(new Error('the database would not close')));
    send('SIGINT');
    await settled();
    expect(exits).toEqual([1]);
  });
});

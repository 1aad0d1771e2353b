import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ExpireSessions } from './serverWithSessionExpiry';
import { endWithParentArgs } from '../setup/endWithParentArgs';
import { listeningAt } from '../setup/listeningAt';

export interface StartedServer {
  url: string;
  stop(): Promise<void>;
}

/** A server whose sessions a test can expire at once (serverWithSessionExpiry.ts). */
export interface SessionExpiringServer extends StartedServer {
  /** Makes the sessions of `username` unused for longer than SESSION_TTL; resolves once they are. */
  expireSessionsOf(username: string): Promise<void>;
}

/**
 * How long a test server may take to answer after it is spawned: generous, since on two cores busy
 * with another suite compiling and migrating a fresh server took over a minute; E2E_START_TIMEOUT_MS
 * sets it.
 */
export const serverStartTimeoutMs = Number(process.env.E2E_START_TIMEOUT_MS) || 180_000;

/**
 * Waits until the child says where it listens and answers there. The child takes any free port
 * itself (PORT=0): a port picked here and handed over could be taken in between by another
 * suite's server, and this test would then talk to that one until it stopped.
 */
async function waitUntilServing(child: ChildProcess, output: () => string): Promise<string> {
  const deadline = Date.now() + serverStartTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output()}`);
    const url = listeningAt(output());
    if (url) {
      try {
        const response = await fetch(`${url}/api/public/conf`);
        if (response.ok) return url;
      } catch {
        // not answering yet
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer in time:\n${output()}`);
}

/**
 * Starts `tsx server/main.ts` on a free port with a fresh data directory; with `sessionExpiry`,
 * tests/e2e/serverWithSessionExpiry.ts, the same server whose sessions the test can expire.
 */
export async function startServer(env: Record<string, string>): Promise<StartedServer>;
export async function startServer(env: Record<string, string>, options: { sessionExpiry: true }): Promise<SessionExpiringServer>;
export async function startServer(env: Record<string, string>, options: { sessionExpiry?: boolean } = {}): Promise<SessionExpiringServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkpress-e2e-'));
  let output = '';
  const entry = options.sessionExpiry ? 'tests/e2e/serverWithSessionExpiry.ts' : 'server/main.ts';
  const child = spawn(process.execPath, [...endWithParentArgs, entry], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe', ...(options.sessionExpiry ? (['ipc'] as const) : [])],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let url: string;
  try {
    url = await waitUntilServing(child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    expireSessionsOf(username: string) {
      if (!child.send) return Promise.reject(new Error('This server was started without sessionExpiry'));
      const expired = new Promise<void>((resolve, reject) => {
        child.once('message', (answer: { expired: number }) =>
          answer.expired > 0 ? resolve() : reject(new Error(`${username} has no session to expire`)),
        );
      });
      child.send({ expireSessionsOf: username } satisfies ExpireSessions);
      return expired;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

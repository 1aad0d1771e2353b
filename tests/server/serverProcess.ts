import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_PASSWORD } from './harness';
import { endWithParentArgs } from '../setup/endWithParentArgs';
import { listeningAt } from '../setup/listeningAt';

/**
 * The server as its own process, for the tests that kill it with SIGKILL and start it again on the
 * same data (crash.test.ts, rateLimitCrash.test.ts). Each start takes any free port itself (PORT=0)
 * and tells it: a port picked here and handed over could be taken in between by another suite's
 * server, and the test would then talk to that one.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });

const outputs = new WeakMap<ChildProcess, string>();
/** The last 20 kB a server process wrote (its log at LOG_LEVEL=error): for a failure's message. */
export const outputOf = (proc: ChildProcess | null) => (proc && outputs.get(proc)) || '(nothing)';

const serverEnv = (env: Record<string, string>) => ({
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  CONSOLE_DIR: '',
  ADMIN_PASSWORD,
  LOG_LEVEL: 'error',
  ...env,
});

/** A server process and the port it said it listens on. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
}

/** Waits until `proc` says where it listens (in `output`) and answers there; fails if it exits first. */
async function untilAnswering(proc: ChildProcess, output: () => string): Promise<number> {
  const exited = new Promise<never>((_, reject) =>
    proc.once('exit', (code) => reject(new Error(`the server exited (${code}) before answering: ${output()}`))),
  );
  // A start takes seconds, but minutes on a machine loaded by other test runs.
  const deadline = Date.now() + 240_000;
  for (;;) {
    const url = listeningAt(output());
    const port = url ? Number(new URL(url).port) : 0;
    const up =
      port > 0 &&
      (await Promise.race([
        fetch(`http://127.0.0.1:${port}/api/public/conf`).then(
          (r) => r.ok,
          () => false,
        ),
        exited,
      ]));
    if (up) return port;
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`the server did not answer within 240 s: ${output()}`);
    }
    await Promise.race([new Promise((r) => setTimeout(r, 200)), exited]);
  }
}

/** Starts `server/main.ts` (what `npm start` runs) and waits for its first answer; fails if it exits first. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  // One process, the server itself: `node_modules/.bin/tsx` would run it in a child of its own,
  // which a SIGKILL of the wrapper leaves running (an orphan still writing to DATA_DIR).
  const proc = spawn(process.execPath, [...endWithParentArgs, 'server/main.ts'], {
    cwd: root,
    env: serverEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (d: Buffer) => outputs.set(proc, ((outputs.get(proc) ?? '') + d).slice(-20_000));
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  return { child: proc, port: await untilAnswering(proc, () => outputOf(proc)) };
}

/**
 * Starts the server as startServerProcess does, but as the child of a parent that never collects
 * its exit (a shell that became `sleep`): once killed, the server stays a zombie, its pid still
 * answering signal 0, until that parent ends. Kill `parent` to let it be reaped.
 */
export async function startUnreapedServerProcess(env: Record<string, string>): Promise<{ pid: number; parent: ChildProcess }> {
  const parent = spawn('sh', ['-c', '"$0" --import tsx server/main.ts >&2 & echo $!; exec sleep 3600', process.execPath], {
    cwd: root,
    env: serverEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The server's own output goes to the shell's stderr; its stdout tells the server's pid.
  let stderr = '';
  parent.stderr?.on('data', (d) => (stderr += d));
  const pid = await new Promise<number>((resolve, reject) => {
    let stdout = '';
    parent.stdout?.on('data', (d) => {
      stdout += d;
      if (stdout.includes('\n')) resolve(Number(stdout.trim()));
    });
    parent.once('exit', (code) => reject(new Error(`the shell exited (${code}): ${stderr}`)));
  });
  await untilAnswering(parent, () => stderr);
  return { pid, parent };
}

/** The state letter /proc shows for `pid` ('R', 'S', 'Z' for a zombie, …), or null when there is no such process. */
export function processState(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? null;
  } catch {
    return null;
  }
}

export const kill9 = (proc: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill('SIGKILL');
  });

/** A call to the server on `port` that answers its envelope's data, or throws with its code and message. */
export const callerOf =
  (port: number) =>
  async <T>(method: string, route: string, token: string | null, body?: unknown): Promise<T> => {
    const res = await fetch(`http://127.0.0.1:${port}${route}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as { code: number; msg: string; data: T };
    if (json.code !== 200) throw new Error(`${method} ${route}: ${json.code} ${json.msg}`);
    return json.data;
  };

import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../../contract/schemas/outbox';
import { isNull } from 'drizzle-orm';
import { sessions } from '../../server/db/schema';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from './harness';
import { adminSession, signIn } from './fixtures';

const LIST = '/admin/v1/outbox/list';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let t: TestServer;
let admin: string;
let master: string;

beforeAll(async () => {
  t = await startTestServer();
  [admin, master] = await Promise.all([adminSession(t), signIn(t, 'master3', ['master'])]);
  // What the domain sends through the configured transports (none here: kept in the outbox).
  const { mail, sms } = t.server.app.ctx;
  await mail.send({ to: 'ana@example.com', subject: 'Your code', text: 'Code: 111111' });
  await sms.send({ to: '+4915100000', subject: '', text: 'Code: 222222' });
  await mail.send({ to: 'bo@example.com', subject: 'Reset', text: 'Code: 333333\nValid 10 minutes.' });
});
afterAll(async () => t?.close());

const list = (query = '', token = admin) => t.call<{ list: OutboxMessage[]; total: number }>('GET', LIST + query, { token });

/** The test's environment without what would point the CLI elsewhere. */
const cleanEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'ADMIN_PASSWORD', 'INKPRESS_TOKEN', 'INKPRESS_URL'].includes(k)),
  );

/** Runs `npm run outbox` (the CLI itself) with the given environment. */
async function cli(args: string[], env: Record<string, string>) {
  const run = promisify(execFile);
  const clean = cleanEnv();
  try {
    const { stdout, stderr } = await run(path.join(root, 'node_modules/.bin/tsx'), ['server/cli/outbox.ts', ...args], {
      cwd: root,
      env: { ...clean, LOG_LEVEL: 'error', ...env },
      timeout: 30_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const openSessions = async () => (await t.server.app.ctx.db.select().from(sessions).where(isNull(sessions.endedAt))).length;

/** Where the CLI finds this server's data: PostgreSQL when the tests run on it, else DATA_DIR. */
const dataEnv = () => ({ DATA_DIR: t.config.dataDir, ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}) });

describe('outbox API', () => {
  it('lists the newest messages first, with total, for an administrator', async () => {
    const res = await list();
    expect([res.status, res.code]).toEqual([200, 200]);
    expect(res.data.total).toBe(3);
    expect(res.data.list.map((m) => [m.channel, m.recipient, m.subject, m.body, m.delivered_via])).toEqual([
      ['mail', 'bo@example.com', 'Reset', 'Code: 333333\nValid 10 minutes.', 'outbox'],
      ['sms', '+4915100000', '', 'Code: 222222', 'outbox'],
      ['mail', 'ana@example.com', 'Your code', 'Code: 111111', 'outbox'],
    ]);
    expect(res.data.list[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('pages with page_size and follows with after_id', async () => {
    const all = (await list()).data.list;
    const newest = await list('?page_size=1');
    expect(newest.data.list.map((m) => m.id)).toEqual([all[0].id]);
    expect(newest.data.total).toBe(3);
    const after = await list(`?after_id=${all[2].id}`);
    expect(after.data.list.map((m) => m.id)).toEqual([all[0].id, all[1].id]);
    expect((await list(`?after_id=${all[0].id}&_t=1`)).data.list).toEqual([]);
  });

  it('is for administrators only', async () => {
    const res = await list('', master);
    expect([res.status, res.code, res.msg]).toEqual([403, 403, 'Only an administrator can do this']);
    expect((await t.call('GET', LIST)).status).toBe(401);
  });

  it('refuses bad query values with 400 naming the field', async () => {
    for (const [query, msg] of [
      ['?page_size=0', /^Page size\b/],
      ['?page_size=101', /^Page size\b/],
      ['?page_size=ten', /^Page size must be a whole number$/],
      ['?after_id=-1', /^Start after\b/],
      ['?limit=5', /^"limit" is not a known field$/],
    ] as const) {
      const res = await list(query);
      expect(res.status).toBe(400);
      expect(res.msg).toMatch(msg);
    }
  });
});

describe('npm run outbox', () => {
  it('prints the latest messages, oldest of them first, and honours --limit', async () => {
    // With the server running, the embedded database is locked: the CLI asks the server.
    const out = await cli(['--limit', '2', '--url', t.url, `--token=${admin}`], dataEnv());
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    const headers = out.stdout.split('\n').filter((line) => line.startsWith('#'));
    expect(headers).toHaveLength(2);
    expect(headers[0]).toMatch(/^#\d+ {2}\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} {2}sms to \+4915100000 {2}\(via outbox\)$/);
    expect(headers[1]).toMatch(/mail to bo@example.com/);
    expect(out.stdout).toContain('    Subject: Reset\n    Code: 333333\n    Valid 10 minutes.\n');
    expect(out.stdout).not.toContain('111111');
  });

  it('prints JSON lines with --json', async () => {
    const out = await cli(['--json', '--url', t.url, `--token=${admin}`], dataEnv());
    const rows = out.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as OutboxMessage);
    expect(rows.map((m) => m.body.split('\n')[0])).toEqual(['Code: 111111', 'Code: 222222', 'Code: 333333']);
  });

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'logs in with ADMIN_PASSWORD when the server holds the embedded database, and logs out after',
    async () => {
      const sessionsBefore = await openSessions();
      const out = await cli(['--limit', '1', '--url', t.url], { ...dataEnv(), ADMIN_PASSWORD });
      expect(out.stderr).toBe('');
      expect(out.stdout).toMatch(/mail to bo@example.com/);
      expect(await openSessions()).toBe(sessionsBefore);
      const wrong = await cli(['--url', t.url], { ...dataEnv(), ADMIN_PASSWORD: 'not-the-password' });
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain('Login as "admin" failed: Wrong username or password');
    },
  );

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('says why it cannot read a running server without credentials', async () => {
    const out = await cli(['--url', t.url], dataEnv());
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('No terminal to ask for credentials: pass --token, or set ADMIN_PASSWORD.');
    const refused = await cli(['--url', t.url, `--token=${master}`], dataEnv());
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('The server refused to list the outbox: Only an administrator can do this (code 403)');
  });

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('reads the embedded database directly while no server runs', async () => {
    let out = { code: -1, stdout: '', stderr: '' };
    await t.restart(async () => {
      out = await cli(['--limit', '1'], dataEnv());
    });
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^#\d+ .* mail to bo@example.com {2}\(via outbox\)\n {4}Subject: Reset\n/);
  });

  it('explains its options and refuses bad ones', async () => {
    const help = await cli(['--help'], dataEnv());
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: npm run outbox');
    expect(help.stdout).toContain('GET /admin/v1/outbox/list');
    const bad = await cli(['--limit', '0'], dataEnv());
    expect([bad.code, bad.stderr.trim()]).toEqual([1, '--limit must be a whole number from 1 to 100, got "0"']);
    const unknown = await cli(['--nope'], dataEnv());
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Unknown option '--nope'");
  });

  it('says so when there is no embedded database yet', async () => {
    const out = await cli([], { DATA_DIR: path.join(t.config.dataDir, 'nothing-here') });
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('There is no embedded database in');
  });

  // Last: it adds a message.
  it('follows new messages with --follow', async () => {
    const child = spawn(
      path.join(root, 'node_modules/.bin/tsx'),
      ['server/cli/outbox.ts', '--follow', '--limit', '1', '--url', t.url, `--token=${admin}`],
      {
        cwd: root,
        env: { ...cleanEnv(), LOG_LEVEL: 'error', ...dataEnv() },
      },
    );
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    const waitFor = async (text: string) => {
      for (const deadline = Date.now() + 20_000; !out.includes(text);) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`never printed ${text}: ${out}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    try {
      await waitFor('bo@example.com');
      await t.server.app.ctx.mail.send({ to: 'late@example.com', subject: 'Later', text: 'Code: 444444' });
      await waitFor('Code: 444444');
      expect(out.indexOf('late@example.com')).toBeGreaterThan(out.indexOf('bo@example.com'));
      expect(out).not.toContain('ana@example.com');
    } finally {
      child.kill('SIGTERM');
    }
  });
});

import { execFile, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '../../contract/schemas/menu';
import type { UploadResult } from '../../contract/schemas/upload';
import { startServer } from '../../server/server';
import { copyPreparedDatabase, startTestServer, type TestServer } from './harness';
import { adminSession } from './fixtures';
import { waitFor } from './pipelineHelpers';
import { kill9, processState, startServerProcess, startUnreapedServerProcess } from './serverProcess';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

describe.skipIf(onPostgres)('one process per embedded database', () => {
  it('refuses a second server on the same DATA_DIR with a clear message', async () => {
    await expect(startServer(t.config, { logger: false })).rejects.toThrow(
      `Another Inkpress process is already using ${t.config.dataDir}. The embedded database serves one process: stop the other one, choose another DATA_DIR, or use DATABASE_URL=postgres://… to run several processes.`,
    );
    // The first one is unharmed.
    expect((await t.call('GET', '/api/public/conf')).code).toBe(200);
  });

  it('makes `npm start` on that DATA_DIR exit with the message', async () => {
    const run = promisify(execFile);
    const result = await run(path.join(root, 'node_modules/.bin/tsx'), ['server/main.ts'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: t.config.dataDir, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', CONSOLE_DIR: '' },
      timeout: 30_000,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Inkpress could not start: Another Inkpress process is already using ${t.config.dataDir}.`);
  });
});

describe.skipIf(onPostgres)('kill -9 and a start at once', () => {
  let dataDir = '';
  let killed: { pid: number; parent: ChildProcess } | null = null;
  let again: ChildProcess | null = null;
  afterAll(async () => {
    if (again) await kill9(again);
    if (killed) {
      // Still running when the test failed before killing it.
      if (![null, 'Z'].includes(processState(killed.pid))) process.kill(killed.pid, 'SIGKILL');
      // Its parent ended, the zombie is collected.
      await kill9(killed.parent);
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is accepted the first time while the killed server is not yet reaped by its parent', { timeout: 600_000 }, async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkpress-zombie-'));
    await copyPreparedDatabase(dataDir);
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    killed = await startUnreapedServerProcess(env);
    process.kill(killed.pid, 'SIGKILL');
    const { pid } = killed;
    await waitFor('the killed server to be a zombie', async () => (processState(pid) === 'Z' ? true : undefined));

    // Fails with "Another Inkpress process is already using …" if the lock trusts the zombie.
    const started = await startServerProcess(env);
    again = started.child;
    const conf = (await (await fetch(`http://127.0.0.1:${started.port}/api/public/conf`)).json()) as { code: number };
    expect(conf.code).toBe(200);
    // The start really met an unreaped holder.
    expect(processState(pid)).toBe('Z');
  });
});

describe('restarting on the same data', () => {
  it('keeps menus, access entries, uploads and sessions', async () => {
    const admin = await adminSession(t);
    const menu = await t.call<MenuItem>('POST', '/admin/v1/admin-menu/add', {
      token: admin,
      body: { name: 'Kept', title: 'Kept', url: '/kept', role: ['official'] },
    });
    expect(menu.code).toBe(200);
    const access = await t.call('POST', '/admin/v1/admin-access/add', {
      token: admin,
      body: { menu_id: menu.data.id, name: 'Kept: add', auth_code: 'kept:add' },
    });
    expect(access.code).toBe(200);
    const data = new FormData();
    data.append('type', 'keywords');
    data.append('file', new Blob(['kept\n']), 'kept.txt');
    const upload = await t.call<UploadResult>('POST', '/api/v1/common/upload', { token: admin, raw: data });
    expect(upload.code).toBe(200);

    await t.restart();

    const tree = await t.call<{ list: MenuItem[] }>('GET', '/admin/v1/admin-menu/list', { token: admin });
    expect(tree.status).toBe(200);
    expect(tree.data.list.find((m) => m.name === 'Kept')).toMatchObject({
      id: menu.data.id,
      role: ['official'],
      created_at: menu.data.created_at,
    });
    // The seed ran again without duplicating anything.
    expect(tree.data.list.filter((m) => m.name === 'Dashboard')).toHaveLength(1);
    const entries = await t.call<{ list: { auth_code: string }[] }>('GET', `/admin/v1/admin-access/list?menu_id=${menu.data.id}`, {
      token: admin,
    });
    expect(entries.data.list.map((e) => e.auth_code)).toEqual(['kept:add']);
    const site = tree.data.list.flatMap((m) => m.children).find((m) => m.name === 'Site')!;
    const siteEntries = await t.call<{ total: number }>('GET', `/admin/v1/admin-access/list?menu_id=${site.id}`, { token: admin });
    expect(siteEntries.data.total).toBe(3);
    const served = await fetch(t.url + upload.data.url);
    expect(await served.text()).toBe('kept\n');
  });
});

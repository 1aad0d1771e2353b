import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loginAdmin, startTestServer, type TestServer } from './harness';
import { CapturedSender, TestClock } from './authKit';
import { newClient, siteWithKeywords, type Client } from './pipelineHelpers';
import { accounts } from '../../server/db/schema';
import { startSession } from '../../server/domain/access/sessions';

interface Workorder {
  id: number;
  username: string;
  author: string;
  category: string;
  title: string;
  status: string;
  subject_type: string | null;
  subject_id: number | null;
  subject_name: string;
  assignee_id: number | null;
  assignee: string;
  message_count: number;
  last_reply_by_operator: boolean;
  can_reopen: boolean;
}
interface Detail {
  workorder: Workorder;
  messages: {
    from_operator: boolean;
    author: string;
    body: string;
    attachments: { url: string; name: string; mime: string; size: number }[];
  }[];
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

let t: TestServer;
let admin: string;
const clock = new TestClock();
const mail = new CapturedSender();
beforeAll(async () => {
  t = await startTestServer({ WORKERS: '0', SESSION_TTL: '100000000' }, { now: clock.now, mail });
  admin = await loginAdmin(t);
});
afterAll(async () => t?.close());

async function upload(c: Client, bytes: Buffer, name: string, type = 'image') {
  const form = new FormData();
  form.append('type', type);
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return c.call<{ url: string }>('POST', '/api/v1/common/upload', { raw: form });
}

const asAdmin = <T>(method: string, path: string, body?: unknown) => t.call<T>(method, path, { token: admin, body });

describe('work orders', () => {
  it('a user submits one with a screenshot about their own site; HTML stays text', async () => {
    const c = await newClient(t);
    const other = await newClient(t);
    const siteId = await siteWithKeywords(c, []);
    const shot = await upload(c, PNG, 'screen.png');
    expect(shot.code).toBe(200);
    const disguised = await upload(c, EXE, 'setup.png');
    expect(disguised.status).toBe(400);
    const title = '<script>alert(1)</script> Publishing fails';
    const res = await c.call<Detail>('POST', '/api/v1/workorder/add', {
      body: {
        category: 'publishing',
        title,
        description: 'It says <b>403</b>\nSee the picture.',
        attachments: [shot.data.url],
        subject_type: 'site',
        subject_id: siteId,
      },
    });
    expect(res.code).toBe(200);
    expect(res.data.workorder).toMatchObject({
      title,
      status: 'open',
      category: 'publishing',
      subject_type: 'site',
      subject_name: 'Test site',
      message_count: 1,
    });
    expect(res.data.messages).toEqual([
      expect.objectContaining({
        from_operator: false,
        body: 'It says <b>403</b>\nSee the picture.',
        attachments: [{ url: shot.data.url, name: 'screen.png', size: PNG.length, mime: 'image/png' }],
      }),
    ]);
    // what belongs to another account cannot be named
    const theirs = await upload(other, PNG, 'theirs.png');
    const foreign = await c.call('POST', '/api/v1/workorder/add', {
      body: { category: 'other', title: 'x', description: 'y', attachments: [theirs.data.url] },
    });
    expect([foreign.status, foreign.msg]).toEqual([400, `attachments: ${theirs.data.url} is not a file you uploaded`]);
    const otherSite = await siteWithKeywords(other, []);
    const foreignSite = await c.call('POST', '/api/v1/workorder/add', {
      body: { category: 'other', title: 'x', description: 'y', subject_type: 'site', subject_id: otherSite },
    });
    expect([foreignSite.status, foreignSite.msg]).toEqual([400, `Subject: you have no site ${otherSite}`]);
    expect((await c.call('POST', '/api/v1/workorder/add', { body: { category: 'refund', title: 'x', description: 'y' } })).status).toBe(
      400,
    );
    expect((await c.call('POST', '/api/v1/workorder/add', { body: { category: 'other', title: '   ', description: 'y' } })).msg).toBe(
      'Title must not be blank',
    );
    expect(
      (
        await c.call('POST', '/api/v1/workorder/add', {
          body: { category: 'other', title: 'x', description: 'y', attachments: ['/etc/passwd'] },
        })
      ).status,
    ).toBe(400);
    // the subjects to pick from are the account's own
    const subjects = await c.get<{ id: number; name: string }[]>('/api/v1/workorder/subjects', { type: 'site' });
    expect(subjects.data).toEqual([{ id: siteId, name: 'Test site' }]);
    // another account sees nothing of it
    expect((await other.get('/api/v1/workorder/detail', { id: res.data.workorder.id })).status).toBe(404);
    expect((await other.call('POST', '/api/v1/workorder/reply', { body: { id: res.data.workorder.id, body: 'me too' } })).status).toBe(404);
    expect((await other.call('POST', '/api/v1/workorder/close', { body: { id: res.data.workorder.id } })).status).toBe(404);
    expect((await other.get<{ total: number }>('/api/v1/workorder/list')).data.total).toBe(0);
  });

  it('the operator answers from the queue; the user hears of it by notice and mail, replies, closes and reopens', async () => {
    const c = await newClient(t);
    await t.server.app.ctx.db
      .update(accounts)
      .set({ email: `wo${c.accountId}@example.com` })
      .where(eq(accounts.id, c.accountId));
    const submitted = await c.call<Detail>('POST', '/api/v1/workorder/add', {
      body: { category: 'billing', title: 'Charged twice', description: 'Order 12 twice' },
    });
    const id = submitted.data.workorder.id;

    const queue = await asAdmin<{ list: Workorder[] }>(
      'GET',
      `/admin/v1/workorder/list?status=open&category=billing&account=${encodeURIComponent(submitted.data.workorder.username)}`,
    );
    expect(queue.data.list.map((w) => w.id)).toEqual([id]);
    clock.advance(3 * 3600);
    expect(
      (await asAdmin<{ list: Workorder[] }>('GET', '/admin/v1/workorder/list?older_than_hours=2')).data.list.map((w) => w.id),
    ).toContain(id);
    expect(
      (await asAdmin<{ list: Workorder[] }>('GET', '/admin/v1/workorder/list?older_than_hours=4')).data.list.map((w) => w.id),
    ).not.toContain(id);
    expect(
      (await asAdmin<{ list: Workorder[] }>('GET', '/admin/v1/workorder/list?category=account')).data.list.map((w) => w.id),
    ).not.toContain(id);

    const replied = await asAdmin<Detail>('POST', '/admin/v1/workorder/reply', { id, body: 'Refunded. <img src=x onerror=alert(1)>' });
    expect(replied.data.workorder).toMatchObject({ status: 'answered', last_reply_by_operator: true, assignee: 'admin', message_count: 2 });
    expect(replied.data.messages[1]).toMatchObject({
      from_operator: true,
      author: 'admin',
      body: 'Refunded. <img src=x onerror=alert(1)>',
    });
    const notices = await c.get<{
      list: { kind: string; link: string; event: string; content: string; params: Record<string, unknown> }[];
    }>('/api/v1/notice/list', { kind: 'workorder' });
    expect(notices.data.list[0]).toMatchObject({ kind: 'workorder', link: `/workorder/myworkorder?id=${id}`, event: 'workorder_answered' });
    // The reply travels in the params too, so the console words the notice in the reader's language around it.
    expect(notices.data.list[0].params).toMatchObject({ id, reply: 'Refunded. <img src=x onerror=alert(1)>' });
    expect(notices.data.list[0].content).toContain('Refunded. &lt;img src=x onerror=alert(1)&gt;');
    const sent = mail.to(`wo${c.accountId}@example.com`);
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe(`[Inkpress] Work order #${id} answered: Charged twice`);
    expect(sent[0].text).toContain('Refunded.');

    const back = await c.call<Detail>('POST', '/api/v1/workorder/reply', { body: { id, body: 'Thanks!' } });
    expect(back.data.workorder).toMatchObject({ status: 'open', last_reply_by_operator: false, message_count: 3 });
    const mine = await c.get<{ list: Workorder[] }>('/api/v1/workorder/list', { keyword: 'twice' });
    expect(mine.data.list.map((w) => w.id)).toEqual([id]);
    expect((await c.get<{ total: number }>('/api/v1/workorder/list', { status: 'answered' })).data.total).toBe(0);

    const closed = await c.call<Detail>('POST', '/api/v1/workorder/close', { body: { id } });
    expect(closed.data.workorder).toMatchObject({ status: 'closed', can_reopen: true });
    expect((await c.call('POST', '/api/v1/workorder/reply', { body: { id, body: 'more' } })).msg).toBe(
      'This work order is closed: reopen it to write again',
    );
    expect((await asAdmin('POST', '/admin/v1/workorder/reply', { id, body: 'late' })).status).toBe(400);
    const reopened = await c.call<Detail>('POST', '/api/v1/workorder/reopen', { body: { id } });
    expect(reopened.data.workorder.status).toBe('open');
    await asAdmin('POST', '/admin/v1/workorder/close', { id });
    clock.advance(8 * 24 * 3600);
    const late = await c.call('POST', '/api/v1/workorder/reopen', { body: { id } });
    expect([late.status, late.msg]).toEqual([400, 'A work order can be reopened within 7 days of closing: submit a new one']);
  });

  it("names the sub-account who acted: the operator's queue and thread, the notice and the admin log", async () => {
    const owner = await newClient(t);
    const [{ username: ownerName }] = await t.server.app.ctx.db.select().from(accounts).where(eq(accounts.id, owner.accountId));
    const subName = `${ownerName}_writer`;
    const added = await owner.call<{ id: number }>('POST', '/admin/v1/subaccount/add', {
      body: { username: subName, password: 'writer-pass-1', role: 'writer' },
    });
    expect(added.code).toBe(200);
    const { token } = await startSession(t.server.app.ctx, added.data.id, { ip: '127.0.0.1', userAgent: 'vitest' });
    const sub = (method: string, path: string, body?: unknown) => t.call<Detail>(method, path, { token, body });

    const opened = await sub('POST', '/api/v1/workorder/add', {
      category: 'billing',
      title: 'Who pays?',
      description: 'Asked by the writer.',
    });
    expect(opened.data.workorder).toMatchObject({ username: ownerName, author: subName });
    const { id } = opened.data.workorder;

    const queue = await asAdmin<{ list: Workorder[] }>('GET', `/admin/v1/workorder/list?account=${encodeURIComponent(subName)}`);
    expect(queue.data.list.map((w) => [w.id, w.username, w.author])).toEqual([[id, ownerName, subName]]);
    await asAdmin('POST', '/admin/v1/workorder/reply', { id, body: 'The owner does.' });
    const followUp = await sub('POST', '/api/v1/workorder/reply', { id, body: 'Thanks.' });
    expect(followUp.data.messages.map((m) => m.author)).toEqual([subName, 'admin', subName]);
    const detail = await asAdmin<Detail>('GET', `/admin/v1/workorder/detail?id=${id}`);
    expect(detail.data.workorder).toMatchObject({ username: ownerName, author: subName });

    // The owner reads whose work order was answered.
    const notices = await owner.get<{ list: { event: string; title: string; params: Record<string, unknown> }[] }>('/api/v1/notice/list', {
      kind: 'workorder',
    });
    expect(notices.data.list[0]).toMatchObject({ event: 'workorder_answered', params: { id, author: subName } });
    expect(notices.data.list[0].title).toContain(subName);

    const log = await asAdmin<{ list: { actor_name: string; account_id: number; route: string }[] }>(
      'GET',
      `/admin/v1/admin-log/list?user=${encodeURIComponent(subName)}`,
    );
    expect(log.data.list.find((e) => e.route === '/api/v1/workorder/add')).toMatchObject({
      actor_name: subName,
      account_id: owner.accountId,
    });
  });

  it('assigns to administrators only, and keeps the queue to the operator', async () => {
    const c = await newClient(t);
    const submitted = await c.call<Detail>('POST', '/api/v1/workorder/add', {
      body: { category: 'account', title: 'Rename', description: 'please' },
    });
    const id = submitted.data.workorder.id;
    const notAdmin = await asAdmin('POST', '/admin/v1/workorder/assign', { id, assignee_id: c.accountId });
    expect([notAdmin.status, notAdmin.msg]).toEqual([400, `Assignee: account ${c.accountId} is not an administrator`]);
    const me = await asAdmin<{ id: number }>('GET', '/api/v1/user/get_user_details');
    const ok = await asAdmin<Detail>('POST', '/admin/v1/workorder/assign', { id, assignee_id: me.data.id });
    expect(ok.data.workorder.assignee).toBe('admin');
    expect(
      (await asAdmin<{ list: Workorder[] }>('GET', `/admin/v1/workorder/list?assignee_id=${ok.data.workorder.assignee_id}`)).data.list.map(
        (w) => w.id,
      ),
    ).toContain(id);
    for (const [method, path, body] of [
      ['GET', '/admin/v1/workorder/list', undefined],
      ['GET', `/admin/v1/workorder/detail?id=${id}`, undefined],
      ['POST', '/admin/v1/workorder/reply', { id, body: 'x' }],
      ['POST', '/admin/v1/workorder/assign', { id, assignee_id: null }],
      ['POST', '/admin/v1/workorder/close', { id }],
    ] as const) {
      expect((await c.call(method, path, { body })).status).toBe(403);
    }
    expect((await asAdmin('POST', '/admin/v1/workorder/reply', { id: 2_000_000, body: 'x' })).status).toBe(404);
  });
});

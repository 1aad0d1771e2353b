import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { sql } from 'drizzle-orm';
import { loginAdmin, startTestServer, type TestServer } from './harness';
import { TestClock } from './authKit';
import { signIn } from './fixtures';
import { newClient, startServer, siteWithKeywords, waitFor, waitForTask, type Client } from './pipelineHelpers';
import { openEventStream } from './noticeStreamClient';
import { startLlmDouble, type LlmDouble } from './llmDouble';
import { notify } from '../../server/domain/support/notices';
import { startSession } from '../../server/domain/access/sessions';

interface Notice {
  id: number;
  kind: string;
  title: string;
  content: string;
  link: string;
  event: string;
  params: Record<string, string | number>;
  pinned: boolean;
  read: boolean;
  publish_at: string;
  expires_at: string | null;
}
interface Page<T> {
  list: T[];
  total: number;
}

const at = (clock: TestClock, seconds: number) => dayjs(clock.now()).add(seconds, 's').format('YYYY-MM-DD HH:mm:ss');

describe('notices (operator announcements, on a clock the test moves)', () => {
  let t: TestServer;
  let admin: string;
  const clock = new TestClock();
  beforeAll(async () => {
    t = await startTestServer({ WORKERS: '0' }, { now: clock.now });
    admin = await loginAdmin(t);
  });
  afterAll(async () => t?.close());

  const publish = (body: Record<string, unknown>) =>
    t.call<{ id: number; state: string }>('POST', '/admin/v1/notice/add', { token: admin, body });
  const unread = async (c: Client) => (await c.get<{ unread: number; latest: Notice[] }>('/api/v1/notice/unread')).data;

  it('publishes to everyone: each account lists it unread, reads it, and its count falls', async () => {
    const a = await newClient(t);
    const b = await newClient(t);
    const before = (await unread(a)).unread;
    const res = await publish({ title: 'Maintenance tonight', content: '<p>From <b>22:00</b> UTC.</p>', audience: 'all', pinned: true });
    expect(res.code).toBe(200);
    expect(res.data.state).toBe('published');
    expect((await unread(a)).unread).toBe(before + 1);
    const list = await a.get<Page<Notice>>('/api/v1/notice/list', { filter: 'unread' });
    const notice = list.data.list.find((n) => n.id === res.data.id);
    expect(notice).toMatchObject({
      kind: 'announcement',
      title: 'Maintenance tonight',
      content: '<p>From <b>22:00</b> UTC.</p>',
      pinned: true,
      read: false,
    });
    const read = await a.call<{ marked: number; unread: number }>('POST', '/api/v1/notice/read', { body: { ids: [res.data.id] } });
    expect(read.data).toEqual({ marked: 1, unread: before });
    expect((await a.get<Page<Notice>>('/api/v1/notice/list', { filter: 'read' })).data.list.map((n) => n.id)).toContain(res.data.id);
    expect((await a.get<Page<Notice>>('/api/v1/notice/list', { filter: 'unread' })).data.list.map((n) => n.id)).not.toContain(res.data.id);
    // b's copy is still unread
    expect((await b.get<Page<Notice>>('/api/v1/notice/list', { filter: 'unread' })).data.list.map((n) => n.id)).toContain(res.data.id);
  });

  it('reaches only the role or the accounts it names', async () => {
    const official = await signIn(t, 'notice_official', ['official']);
    const owner = await newClient(t);
    const chosen = await newClient(t);
    const byRole = await publish({ title: 'For officials', content: 'x', audience: 'role', audience_role: 'official' });
    const byAccount = await publish({ title: 'For one', content: 'y', audience: 'accounts', audience_accounts: [chosen.accountId] });
    const ids = async (token: string) =>
      (await t.call<Page<Notice>>('GET', '/api/v1/notice/list?page_size=100', { token })).data.list.map((n) => n.id);
    expect(await ids(official)).toContain(byRole.data.id);
    expect(await ids(official)).not.toContain(byAccount.data.id);
    expect(await ids(owner.token)).not.toContain(byRole.data.id);
    expect(await ids(owner.token)).not.toContain(byAccount.data.id);
    expect(await ids(chosen.token)).toContain(byAccount.data.id);
    // another account's notice is not found
    expect((await owner.get('/api/v1/notice/detail', { id: byAccount.data.id })).status).toBe(404);
    expect((await publish({ title: 'x', content: '', audience: 'role', audience_role: 'nobody' })).msg).toBe('Role: no role "nobody"');
    expect((await publish({ title: 'x', content: '', audience: 'accounts', audience_accounts: [chosen.accountId, 2_000_000] })).msg).toBe(
      'Accounts: no account 2000000',
    );
    // editing the audience takes the notice from those no longer in it
    const edited = await t.call('PUT', '/admin/v1/notice/edit', {
      token: admin,
      body: { id: byAccount.data.id, title: 'For another', content: 'y', audience: 'accounts', audience_accounts: [owner.accountId] },
    });
    expect(edited.code).toBe(200);
    expect(await ids(chosen.token)).not.toContain(byAccount.data.id);
    expect(await ids(owner.token)).toContain(byAccount.data.id);
  });

  it('schedules, expires and withdraws; a publish time in the past is refused', async () => {
    const c = await newClient(t);
    const past = await publish({ title: 'Late', content: '', audience: 'all', publish_at: at(clock, -3600) });
    expect([past.status, past.msg]).toEqual([400, 'Publish time: the time is in the past; leave it empty to publish now']);
    const badExpiry = await publish({ title: 'x', content: '', audience: 'all', publish_at: at(clock, 600), expires_at: at(clock, 60) });
    expect([badExpiry.status, badExpiry.msg]).toEqual([400, 'Expiry time: must be after the publish time']);
    expect((await publish({ title: 'x', content: '', audience: 'all', publish_at: 'tomorrow' })).status).toBe(400);

    const base = (await unread(c)).unread;
    const scheduled = await publish({
      title: 'Coming',
      content: '',
      audience: 'all',
      publish_at: at(clock, 600),
      expires_at: at(clock, 1200),
    });
    expect(scheduled.data.state).toBe('scheduled');
    expect((await unread(c)).unread).toBe(base);
    clock.advance(601);
    expect((await unread(c)).unread).toBe(base + 1);
    clock.advance(600);
    expect((await unread(c)).unread).toBe(base);
    const admins = await t.call<Page<{ id: number; state: string }>>('GET', '/admin/v1/notice/list', { token: admin });
    expect(admins.data.list.find((n) => n.id === scheduled.data.id)?.state).toBe('expired');

    const now = await publish({ title: 'Oops', content: '', audience: 'all' });
    expect((await unread(c)).unread).toBe(base + 1);
    expect((await t.call('POST', '/admin/v1/notice/withdraw', { token: admin, body: { id: now.data.id } })).code).toBe(200);
    expect((await unread(c)).unread).toBe(base);
    expect((await c.get('/api/v1/notice/detail', { id: now.data.id })).status).toBe(404);
    expect(
      (await t.call('PUT', '/admin/v1/notice/edit', { token: admin, body: { id: now.data.id, title: 'x', content: '', audience: 'all' } }))
        .status,
    ).toBe(400);
  });

  it('sanitises the content and keeps announcements to the operator', async () => {
    const c = await newClient(t);
    const res = await publish({
      title: '<img src=x onerror=alert(1)>',
      content: '<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:alert(1)">a</a></p>',
      audience: 'all',
    });
    const detail = await c.get<{ notice: Notice }>('/api/v1/notice/detail', { id: res.data.id });
    expect(detail.data.notice.content).toBe('<p>Hi<a rel="noopener">a</a></p>');
    // the title is text: the console shows it as such
    expect(detail.data.notice.title).toBe('<img src=x onerror=alert(1)>');
    const denied = await c.call('POST', '/admin/v1/notice/add', { body: { title: 'x', content: '', audience: 'all' } });
    expect(denied.status).toBe(403);
    expect((await c.get('/admin/v1/notice/list')).status).toBe(403);
    expect((await c.call('POST', '/admin/v1/notice/withdraw', { body: { id: res.data.id } })).status).toBe(403);
    expect((await publish({ title: 'x', content: '', audience: 'everyone' })).status).toBe(400);
  });

  it('opens a notice read, with its neighbours; filters by kind; marks all read', async () => {
    const c = await newClient(t);
    const ids: number[] = [];
    for (const title of ['one', 'two', 'three']) {
      ids.push((await publish({ title, content: '', audience: 'accounts', audience_accounts: [c.accountId] })).data.id);
      clock.advance(1);
    }
    await notify(t.server.app.ctx, c.accountId, 'balance', { title: 'Low', body: 'Top up <now>', link: '/account' });
    const detail = await c.get<{ notice: Notice; prev_id: number | null; next_id: number | null }>('/api/v1/notice/detail', {
      id: ids[1],
      filter: 'all',
      kind: 'announcement',
    });
    expect(detail.data).toMatchObject({ notice: { title: 'two', read: true }, prev_id: ids[2], next_id: ids[0] });
    const kinds = await c.get<Page<Notice>>('/api/v1/notice/list', { kind: 'balance' });
    expect(kinds.data.list.map((n) => [n.title, n.content, n.link])).toEqual([['Low', '<p>Top up &lt;now&gt;</p>', '/account']]);
    expect((await unread(c)).unread).toBe(3);
    const all = await c.call<{ marked: number; unread: number }>('POST', '/api/v1/notice/read_all', { body: { kind: 'announcement' } });
    expect(all.data).toEqual({ marked: 2, unread: 1 });
    expect((await c.call<{ unread: number }>('POST', '/api/v1/notice/read_all', { body: {} })).data.unread).toBe(0);
  });

  it('answers the polling fallback with 304 while nothing changed', async () => {
    const c = await newClient(t);
    const first = await fetch(`${t.url}/api/v1/notice/unread`, { headers: { authorization: `Bearer ${c.token}` } });
    const etag = first.headers.get('etag');
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await fetch(`${t.url}/api/v1/notice/unread`, {
      headers: { authorization: `Bearer ${c.token}`, 'if-none-match': etag as string },
    });
    expect([again.status, await again.text()]).toEqual([304, '']);
    await publish({ title: 'News', content: '', audience: 'accounts', audience_accounts: [c.accountId] });
    const changed = await fetch(`${t.url}/api/v1/notice/unread`, {
      headers: { authorization: `Bearer ${c.token}`, 'if-none-match': etag as string },
    });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { data: { unread: number } }).data.unread).toBe(1);
  });

  it('counts 10,000 unread notices and pages them', async () => {
    const c = await newClient(t);
    const db = t.server.app.ctx.db;
    const now = clock.now().toISOString();
    await db.execute(sql`with n as (
        insert into notices (kind, title, audience, audience_accounts, publish_at)
        select 'task', 'bulk ' || g, 'accounts', array[${c.accountId}::int], ${now}::timestamptz from generate_series(1, 10000) g returning id, publish_at)
      insert into notice_deliveries (notice_id, account_id, kind, publish_at) select id, ${c.accountId}, 'task', publish_at from n`);
    expect((await unread(c)).unread).toBe(10000);
    const page = await c.get<Page<Notice>>('/api/v1/notice/list', { filter: 'unread', page: 400, page_size: 25 });
    expect([page.data.total, page.data.list.length]).toEqual([10000, 25]);
    expect((await c.get('/api/v1/notice/list', { page_size: 101 })).status).toBe(400);
    expect((await c.call<{ unread: number }>('POST', '/api/v1/notice/read_all', { body: {} })).data.unread).toBe(0);
  });
});

describe('notices the system sends, and the live count', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await startServer();
    admin = await loginAdmin(t);
  });
  afterAll(async () => t?.close());

  it('pushes the new unread count to a client connected over SSE, and ends the stream at logout', async () => {
    const c = await newClient(t);
    const stream = await openEventStream(`${t.url}/api/v1/notice/stream`, c.token);
    expect([stream.status, stream.contentType]).toEqual([200, 'text/event-stream; charset=utf-8']);
    expect(await stream.next('unread')).toEqual({ unread: 0 });
    await t.call('POST', '/admin/v1/notice/add', { token: admin, body: { title: 'Live', content: '', audience: 'all' } });
    expect(await stream.next('unread')).toEqual({ unread: 1 });
    await c.call('POST', '/api/v1/notice/read_all', { body: {} });
    expect(await stream.next('unread')).toEqual({ unread: 0 });
    expect((await c.call('POST', '/api/v1/user/logout')).code).toBe(200);
    expect(await stream.next('end', 12_000)).toEqual({ reason: 'session' });
    await stream.closed;
    const refused = await fetch(`${t.url}/api/v1/notice/stream`, { headers: { authorization: `Bearer ${c.token}` } });
    expect(refused.status).toBe(401);
  });

  it('tells the account when its generation task finished, once', async () => {
    const c = await newClient(t, 500);
    const siteId = await siteWithKeywords(c, ['herb garden', 'sourdough']);
    const task = await c.call<{ id: number }>('POST', '/api/v1/article_task/add', {
      body: { site_id: siteId, count: 2, images: false, name: 'Spring batch' },
    });
    expect(task.code).toBe(200);
    await waitForTask(c, task.data.id);
    const notices = await waitFor('the task notice', async () => {
      const list = await c.get<Page<Notice>>('/api/v1/notice/list', { kind: 'task' });
      return list.data.total ? list.data.list : undefined;
    });
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      kind: 'task',
      link: '/article_task',
      event: 'task_completed',
      params: { done: 2, failed: 0 },
      read: false,
    });
  });

  it('names the sub-account who started a task in its notices; the owner’s own tasks name no one', async () => {
    const owner = await newClient(t, 500);
    const writerName = `writer${owner.accountId}`;
    const added = await owner.call<{ id: number }>('POST', '/admin/v1/subaccount/add', {
      body: { username: writerName, password: 'writer-pass-1', role: 'writer' },
    });
    expect(added.code).toBe(200);
    const { token } = await startSession(t.server.app.ctx, added.data.id, { ip: '127.0.0.1', userAgent: 'vitest' });
    const siteId = await siteWithKeywords(owner, ['rosemary', 'thyme']);
    const byWriter = await t.call<{ id: number }>('POST', '/api/v1/article_task/add', {
      token,
      body: { site_id: siteId, keywords: 'rosemary', images: false, name: 'Writer batch' },
    });
    expect(byWriter.code).toBe(200);
    const byOwner = await owner.call<{ id: number }>('POST', '/api/v1/article_task/add', {
      body: { site_id: siteId, keywords: 'thyme', images: false, name: 'Owner batch' },
    });
    await waitForTask(owner, byWriter.data.id);
    await waitForTask(owner, byOwner.data.id);
    const notices = await waitFor('both task notices', async () => {
      const list = await owner.get<Page<Notice>>('/api/v1/notice/list', { kind: 'task' });
      return list.data.total === 2 ? list.data.list : undefined;
    });
    const writers = notices.find((n) => n.params.task === 'Writer batch');
    expect(writers).toMatchObject({ event: 'task_completed', params: { author: writerName } });
    expect(writers?.title).toBe(`Generation task "Writer batch" started by ${writerName} finished`);
    const owners = notices.find((n) => n.params.task === 'Owner batch');
    expect(owners?.params).not.toHaveProperty('author');
    expect(owners?.title).toBe('Generation task "Owner batch" finished');
  });

  it('tells the account when its balance fell below its threshold, once per fall', async () => {
    const c = await newClient(t, 25);
    expect((await c.call('PUT', '/api/v1/notice/settings/set', { body: { low_balance_threshold: 20 } })).code).toBe(200);
    expect((await c.get<{ low_balance_threshold: number }>('/api/v1/notice/settings')).data.low_balance_threshold).toBe(20);
    expect((await c.get<Page<Notice>>('/api/v1/notice/list', { kind: 'balance' })).data.total).toBe(0);
    const siteId = await siteWithKeywords(c, ['one', 'two', 'three']);
    const task = await c.call<{ id: number; item_cost: number }>('POST', '/api/v1/article_task/add', {
      body: { site_id: siteId, count: 1, images: false },
    });
    expect(task.code).toBe(200);
    await waitForTask(c, task.data.id);
    const balance = await waitFor('the balance notice', async () => {
      const list = await c.get<Page<Notice>>('/api/v1/notice/list', { kind: 'balance' });
      return list.data.total ? list.data.list : undefined;
    });
    expect(balance[0]).toMatchObject({
      event: 'balance_low',
      link: '/account',
      params: { points: 25 - task.data.item_cost, threshold: 20 },
    });
    // a second debit below the threshold tells nothing new
    const second = await c.call<{ id: number }>('POST', '/api/v1/article_task/add', { body: { site_id: siteId, count: 1, images: false } });
    expect(second.code).toBe(200);
    await waitForTask(c, second.data.id);
    await waitFor('the second task notice', async () =>
      (await c.get<Page<Notice>>('/api/v1/notice/list', { kind: 'task' })).data.total === 2 ? true : undefined,
    );
    expect((await c.get<Page<Notice>>('/api/v1/notice/list', { kind: 'balance' })).data.total).toBe(1);
  });
});

describe('a generation task that failed', () => {
  let t: TestServer;
  let double: LlmDouble;
  beforeAll(async () => {
    double = await startLlmDouble();
    t = await startServer({ ALLOW_PRIVATE_TARGETS: '1', LLM_MAX_RETRIES: '0' });
  });
  afterAll(async () => {
    await t?.close();
    await double?.close();
  });

  it('is told as failed, linking to the tasks', async () => {
    const c = await newClient(t, 500);
    // a model service that refuses the key: every item fails (and is refunded). An unreachable or
    // rate-limited service no longer fails an item: it waits and is retried.
    double.fallback = () => ({ kind: 'json', status: 401, body: { error: { message: 'Incorrect API key provided' } } });
    expect(
      (await c.call('POST', '/api/v1/account/provider/set', { body: { llm_base_url: double.url, llm_api_key: 'sk-test-1234567890' } }))
        .code,
    ).toBe(200);
    const siteId = await siteWithKeywords(c, ['espresso']);
    const task = await c.call<{ id: number }>('POST', '/api/v1/article_task/add', { body: { site_id: siteId, count: 1, images: false } });
    expect(task.code).toBe(200);
    expect(await waitForTask(c, task.data.id)).toMatchObject({ done: 0, failed: 1 });
    const failed = await waitFor(
      'the failed task notice',
      async () => (await c.get<Page<Notice>>('/api/v1/notice/list', { kind: 'task' })).data.list[0],
    );
    expect(failed).toMatchObject({ event: 'task_failed', link: '/article_task', params: { done: 0, failed: 1 } });
  });
});

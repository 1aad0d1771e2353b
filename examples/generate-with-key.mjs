#!/usr/bin/env node
/**
 * Writes articles with Inkpress from a script, with an API access key (plain Node 20, no packages):
 * create a generation task from keywords, poll it until it ends, list its articles.
 *
 *   INKPRESS_URL=http://localhost:8787 INKPRESS_KEY=ink_… node examples/generate-with-key.mjs "green tea" "oolong"
 *
 * The key needs the scopes `generate` and `read` (and `sites` when SITE_ID is not given and the
 * account has no site yet: the script then adds one). Optional: SITE_ID, IMAGES=1, TIMEOUT_S.
 */
const base = (process.env.INKPRESS_URL ?? 'http://localhost:8787').replace(/\/$/, '');
const key = process.env.INKPRESS_KEY;
const keywords = process.argv.slice(2);
if (!key) fail('Set INKPRESS_KEY to your access key (ink_…), made in the console under API keys.');
if (keywords.length === 0) fail('Give the keywords to write about as arguments.');

function fail(message) {
  console.error(message);
  process.exit(1);
}

/** One API call; the answer's `data`, or the reason it was refused. */
async function api(method, path, body) {
  const res = await fetch(base + path, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await res.json().catch(() => ({ code: res.status, msg: res.statusText }));
  if (res.status === 429) {
    const wait = Number(res.headers.get('retry-after') ?? 1);
    console.error(`rate limited: waiting ${wait} s`);
    await new Promise((r) => setTimeout(r, wait * 1000));
    return api(method, path, body);
  }
  if (answer.code !== 200 && answer.code !== 0) fail(`${method} ${path}: ${res.status} ${answer.msg}`);
  return answer.data;
}

let siteId = Number(process.env.SITE_ID) || 0;
if (!siteId) {
  const sites = await api('GET', '/api/v1/site/list?page_size=1');
  siteId =
    sites.list[0]?.id ?? (await api('POST', '/api/v1/site/add', { name: 'Scripted site', url: 'https://example.com', type: 'export' })).id;
}

const task = await api('POST', '/api/v1/article_task/add', {
  site_id: siteId,
  keywords: keywords.join('\n'),
  images: process.env.IMAGES === '1',
});
console.log(`task ${task.id}: ${task.total} article(s), ${task.item_cost} points each`);

const deadline = Date.now() + Number(process.env.TIMEOUT_S ?? 600) * 1000;
let detail;
for (;;) {
  detail = await api('GET', `/api/v1/article_task/detail?id=${task.id}`);
  const { done, failed, cancelled, total } = detail.task;
  if (detail.queued === 0 && detail.running === 0 && done + failed + cancelled === total) break;
  if (Date.now() > deadline) fail(`task ${task.id} did not finish in time (${done}/${total} done)`);
  await new Promise((r) => setTimeout(r, 1000));
}
console.log(`task ${task.id} ${detail.task.status}: ${detail.task.done} done, ${detail.task.failed} failed`);

const articles = await api('GET', `/api/v1/article/list?task_id=${task.id}&page_size=100`);
for (const article of articles.list) console.log(`article ${article.id}: ${article.title}`);
if (detail.task.failed > 0) process.exit(2);

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleDetail } from '../../contract/schemas/article';
import type { ArticleVersionDetail, ArticleVersionList } from '../../contract/schemas/articleVersion';
import type { TestServer } from './harness';
import { newClient, startServer } from './pipelineHelpers';

/* Every change of an article's text keeps the text it replaced: listed, compared, brought back. */

let t: TestServer;
beforeAll(async () => {
  t = await startServer({ WORKERS: '0' });
});
afterAll(async () => t?.close());

const FIRST = '<h2>Sowing</h2><p>Sow rye in early autumn, two centimetres deep, in rows.</p>';
const SECOND = '<h2>Sowing</h2><p>Sow rye in late autumn, three centimetres deep, in rows.</p>';

describe('article versions', () => {
  it('keeps the text an edit replaces, shows what changed, and brings it back as a new version', async () => {
    const client = await newClient(t);
    const added = await client.call<ArticleDetail>('POST', '/api/v1/article/add', { body: { title: 'Winter rye', body: FIRST } });
    const id = added.data.id;
    const versions = async () => (await client.get<ArticleVersionList>('/api/v1/article/version/list', { article_id: id })).data;
    expect(await versions()).toEqual({ list: [], total: 0 });

    // A change of status alone replaces no text: nothing is kept.
    await client.call('PUT', '/api/v1/article/edit', { body: { id, status: 'ready' } });
    expect((await versions()).total).toBe(0);

    const edited = await client.call<ArticleDetail>('PUT', '/api/v1/article/edit', {
      body: { id, title: 'Winter rye sowing', body: SECOND },
    });
    expect(edited.code).toBe(200);
    const afterEdit = await versions();
    expect(afterEdit.list).toEqual([
      { number: 1, title: 'Winter rye', source: 'edit', created_at: expect.any(String), created_by: expect.stringMatching(/./) },
    ]);

    const detail = (await client.get<ArticleVersionDetail>('/api/v1/article/version/detail', { article_id: id, number: 1 })).data;
    expect(detail.body).toBe(added.data.body);
    const changes = (field: string) => detail.diff.find((d) => d.field === field)!;
    expect(changes('title')).toMatchObject({ changed: true });
    expect(
      changes('title')
        .parts.filter((p) => p.added)
        .map((p) => p.value.trim()),
    ).toEqual(['sowing']);
    expect(changes('meta_description').changed).toBe(false);
    const body = changes('body');
    expect(body.changed).toBe(true);
    expect(body.parts.find((p) => p.removed)?.value).toContain('early autumn, two centimetres');
    expect(body.parts.find((p) => p.added)?.value).toContain('late autumn, three centimetres');

    const restored = await client.call<ArticleDetail>('POST', '/api/v1/article/version/restore', { body: { article_id: id, number: 1 } });
    expect(restored.code).toBe(200);
    expect(restored.data).toMatchObject({ title: 'Winter rye', body: added.data.body });
    const afterRestore = await versions();
    expect(afterRestore.list.map((v) => [v.number, v.title, v.source])).toEqual([
      [2, 'Winter rye sowing', 'restore'],
      [1, 'Winter rye', 'edit'],
    ]);
    // The restored text is the current one: the first version no longer differs from it.
    const again = (await client.get<ArticleVersionDetail>('/api/v1/article/version/detail', { article_id: id, number: 1 })).data;
    expect(again.diff.every((d) => !d.changed)).toBe(true);
  }, 60_000);

  it("answers 404 for a version that does not exist and for another account's article", async () => {
    const owner = await newClient(t);
    const other = await newClient(t);
    const added = await owner.call<ArticleDetail>('POST', '/api/v1/article/add', { body: { title: 'Oats', body: FIRST } });
    const missing = await owner.get('/api/v1/article/version/detail', { article_id: added.data.id, number: 3 });
    expect(missing.code).toBe(404);
    expect(missing.msg).toContain('no version 3');
    const foreign = await other.get('/api/v1/article/version/list', { article_id: added.data.id });
    expect(foreign.code).toBe(404);
  }, 60_000);
});

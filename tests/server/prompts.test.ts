import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { newClient, startServer } from './pipelineHelpers';

let t: TestServer;
beforeAll(async () => {
  t = await startServer({ WORKERS: '0' });
});
afterAll(async () => t?.close());

interface Prompt {
  id: number;
  kind: string;
  name: string;
  content: string;
  built_in: boolean;
  variables: string[];
}

describe('prompts', () => {
  it('lists the read-only built-in default of each kind', async () => {
    const client = await newClient(t);
    const list = await client.get<{ list: Prompt[]; total: number }>('/api/v1/prompt/list');
    const builtIn = list.data.list.filter((p) => p.built_in);
    expect(builtIn.map((p) => p.kind).sort()).toEqual(['article', 'faq', 'meta', 'outline']);
    expect(builtIn.find((p) => p.kind === 'article')?.variables).toEqual(
      expect.arrayContaining(['keyword', 'title', 'outline', 'word_count']),
    );
    const edit = await client.call('PUT', '/api/v1/prompt/edit', { body: { id: builtIn[0].id, content: 'x' } });
    expect([edit.status, edit.msg]).toEqual([403, 'Built-in prompts are read-only: add your own prompt of that kind instead']);
    const del = await client.call('DELETE', '/api/v1/prompt/del', { body: { id: builtIn[0].id } });
    expect(del.status).toBe(403);
  });

  it('adds, edits, previews and deletes a prompt of the account', async () => {
    const client = await newClient(t);
    const stranger = await newClient(t);
    const added = await client.call<Prompt>('POST', '/api/v1/prompt/add', {
      body: {
        kind: 'faq',
        name: 'Short FAQ',
        content: 'Write 3 questions about {keyword} for {site} in {language}. Reply as {{"question": …}}.',
      },
    });
    expect(added.data).toMatchObject({ kind: 'faq', built_in: false, variables: ['keyword', 'site', 'language'] });
    const preview = await client.call<{ text: string }>('POST', '/api/v1/prompt/preview', {
      body: { id: added.data.id, values: { keyword: 'tea' } },
    });
    expect(preview.data.text).toBe('Write 3 questions about tea for Green Kitchen Blog in en. Reply as {"question": …}.');
    const edited = await client.call<Prompt>('PUT', '/api/v1/prompt/edit', {
      body: { id: added.data.id, content: 'About {keyword} in {word_count} words' },
    });
    expect(edited.data.variables).toEqual(['keyword', 'word_count']);
    expect((await client.call<Prompt>('PUT', '/api/v1/prompt/edit', { body: { id: added.data.id } })).data.variables).toEqual([
      'keyword',
      'word_count',
    ]);
    expect((await stranger.call('PUT', '/api/v1/prompt/edit', { body: { id: added.data.id, name: 'taken' } })).status).toBe(404);
    const byKind = await client.get<{ list: Prompt[] }>('/api/v1/prompt/list', { kind: 'faq' });
    expect(byKind.data.list.map((p) => p.name)).toEqual(['Default FAQ', 'Short FAQ']);
    expect((await client.call('DELETE', '/api/v1/prompt/del', { body: { id: added.data.id } })).code).toBe(200);
    expect((await client.get<{ total: number }>('/api/v1/prompt/list', { kind: 'faq' })).data.total).toBe(1);
  });

  it('refuses unknown variables, naming them', async () => {
    const client = await newClient(t);
    const res = await client.call('POST', '/api/v1/prompt/add', {
      body: { kind: 'article', name: 'Bad', content: 'Write about {keyword} for {audience} with {tone}.' },
    });
    expect([res.status, res.msg]).toEqual([
      400,
      'Template: unknown variable(s) {audience}, {tone}; the known ones are {keyword}, {title}, {language}, {site}, {word_count}, {outline}',
    ]);
    const preview = await client.call('POST', '/api/v1/prompt/preview', { body: { content: 'Hi {name}' } });
    expect(preview.msg).toMatch(/^Template: unknown variable\(s\) \{name\};/);
    const kind = await client.call('POST', '/api/v1/prompt/add', { body: { kind: 'poem', name: 'x', content: 'y' } });
    expect(kind.status).toBe(400);
    const both = await client.call('POST', '/api/v1/prompt/preview', { body: {} });
    expect([both.status, both.msg]).toEqual([400, 'Send either id (a saved prompt) or content (a template)']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishingTaskDetail } from '../../contract/schemas/publishingTask';
import type { TestServer } from './harness';
import { newClient, serverWithLlmDouble, waitFor, waitForTask } from './pipelineHelpers';
import { stepOf, type LlmDouble } from './llmDouble';
import { startWordPressDouble, WP_PASSWORD, WP_USER, type WordPressDouble } from './wordpressDouble';

/* The generate dialog's economy mode: its generation task may have the calls its batches left unanswered made interactively. */

let t: TestServer;
let double: LlmDouble;
let wp: WordPressDouble;
beforeAll(async () => {
  wp = await startWordPressDouble();
  ({ t, double } = await serverWithLlmDouble({ BATCH_POLL_SECONDS: '0.2', JOB_LEASE_SECONDS: '2', ALLOW_PRIVATE_TARGETS: '1' }));
});
afterAll(async () => {
  await t?.close();
  await double?.close();
  await wp?.close();
});

describe('generate and publish in economy mode', () => {
  it('makes the calls an expired batch left unanswered through the interactive API when allowed, and publishes', async () => {
    const client = await newClient(t, 1000);
    const site = await client.call<{ id: number }>('POST', '/api/v1/site/add', {
      body: { name: 'Garden blog', url: wp.url, type: 'wordpress', username: WP_USER, app_password: WP_PASSWORD },
    });
    expect(site.code).toBe(200);
    await client.call('POST', '/api/v1/site/keyword/add', { body: { site_id: site.data.id, keywords: 'tulip\ncrocus' } });
    const keywords = await client.get<{ list: { id: number }[] }>('/api/v1/site/keyword/list', { site_id: site.data.id, page_size: 100 });
    const chats = double.chats.length;
    double.batch.expireNext = 1;
    try {
      const added = await client.call<{ task: { id: number }; article_task_id: number }>('POST', '/api/v1/task/generate', {
        body: {
          site_id: site.data.id,
          keyword_ids: keywords.data.list.map((k) => k.id),
          images: false,
          economy: true,
          interactive_fallback: true,
        },
      });
      expect([added.code, added.msg]).toEqual([200, 'ok']);
      expect(await waitForTask(client, added.data.article_task_id, 60_000)).toMatchObject({ status: 'completed', done: 2, failed: 0 });
      // The expired outline batch's two outlines were asked interactively, not in a second batch.
      expect(double.chats.slice(chats).map(stepOf)).toEqual(['outline', 'outline']);
      const published = await waitFor(
        'both articles published',
        async () => {
          const { task } = (await client.get<PublishingTaskDetail>('/api/v1/task/detail', { id: added.data.task.id })).data;
          return task.done === 2 ? task : undefined;
        },
        60_000,
      );
      expect(published).toMatchObject({ done: 2, failed: 0 });
    } finally {
      double.batch.expireNext = 0;
    }
  }, 120_000);
});

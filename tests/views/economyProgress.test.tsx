import './support/realServer'; // first: the console's http client then calls the page server below
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import dayjs from 'dayjs';
import type { GenerationTaskDetail } from '../../contract/schemas/generationTask';
import { generationTask, inGenerationTaskDetail, serveOneGenerationTask, TASK_MENUS } from './support/generationTaskDetail';

/** An economy task's page: each batch's progress (lines answered and failed), when the open one is answered at the latest, and what the economy price saved. */

const TASK = generationTask({
  id: 8,
  name: 'Oolong',
  status: 'running',
  total: 3,
  done: 0,
  progress: 0,
  item_cost: 5,
  finished_at: null,
  waiting: 3,
});
const at = (hours: number) => dayjs().add(hours, 'hour').format('YYYY-MM-DD HH:mm:ss');
const DETAIL: GenerationTaskDetail = {
  task: TASK,
  queued: 0,
  waiting: 3,
  running: 0,
  items: { list: [], total: 0 },
  economy: {
    batches: [
      { step: 'outline', status: 'completed', done: 3, failed: 0, total: 3, created_at: at(-2), expected_by: at(22) },
      { step: 'article', status: 'in_progress', done: 1, failed: 1, total: 3, created_at: at(-19), expected_by: at(5) },
      { step: 'batch-image-0', status: 'completed', done: 3, failed: 0, total: 3, created_at: at(-3), expected_by: at(21) },
      { step: 'batch-image-3', status: 'completed', done: 3, failed: 0, total: 3, created_at: at(-3), expected_by: at(21) },
    ],
    saved: 15,
  },
};
serveOneGenerationTask(TASK, DETAIL);

describe("an economy task's page", () => {
  it('shows each batch, when the open one is answered at the latest, and the points saved', async () => {
    await inGenerationTaskDetail(TASK_MENUS, async (dialog) => {
      const progress = await within(dialog).findByTestId('economy-progress');
      expect(within(progress).getByText('大纲：已完成，3/3')).toBeTruthy();
      expect(within(progress).getByText('正文：处理中，1/3')).toBeTruthy();
      // Picture batches by the picture's place in each article, however many an article has.
      expect(within(progress).getByText('封面图：已完成，3/3')).toBeTruthy();
      expect(within(progress).getByText('每篇的第 4 张配图：已完成，3/3')).toBeTruthy();
      // The provider's count of the open batch's failed lines, which go in the next batch; none for the first.
      expect(
        within(progress)
          .getAllByText(/行失败/)
          .map((e) => e.textContent),
      ).toEqual(['1 行失败，将重新提交']);
      // Only the open batch has a time to wait for: the end of its 24-hour window, 5 hours from now.
      expect(
        within(progress)
          .getAllByText(/^最晚.*完成$/)
          .map((e) => e.textContent),
      ).toEqual(['最晚5 小时内完成']);
      expect(within(progress).getByText('经济模式已节省 15 积分')).toBeTruthy();
    });
  });
});

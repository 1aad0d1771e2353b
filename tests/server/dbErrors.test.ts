import { describe, expect, it } from 'vitest';
import { rootMessage } from '../../server/db/errors';

describe('rootMessage', () => {
  it('names the database error under a failed query, with its code, not the query', () => {
    const database = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const wrapped = new Error('Failed query: with done as (update article_task_items …', { cause: database });
    expect(rootMessage(wrapped)).toBe('deadlock detected (40P01)');
    expect(rootMessage(new Error('plain'))).toBe('plain');
  });
});

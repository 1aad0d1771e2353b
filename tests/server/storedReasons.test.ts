import { describe, expect, it } from 'vitest';
import { message } from '../../server/i18n/messages';
import { readReason, storeReason } from '../../server/i18n/storedText';

/**
 * A reason the server keeps (an item's failure, a publication's note) is read in the reader's
 * language; rows kept before, as sentences, still read as they were written.
 */
describe('stored reasons', () => {
  const kept = storeReason(message('failure.retryAt', { at: '2026-11-28T10:00:00.000Z', reason: message('failure.articleDeleted') }));

  it('reads one kept reason in each reader’s language', () => {
    expect(readReason('en', kept)).toBe('Will retry at 2026-11-28T10:00:00.000Z: The article was deleted');
    expect(readReason('zh_CN', kept)).toBe('将于 2026-11-28T10:00:00.000Z 重试：文章已被删除');
  });

  it('shows an older row’s sentence, and text that only looks like a kept reason, as it is', () => {
    expect(readReason('zh_CN', 'The article was deleted')).toBe('The article was deleted');
    expect(readReason('zh_CN', '{"key":"no.such.key"}')).toBe('{"key":"no.such.key"}');
    expect(readReason('zh_CN', '{"key": broken')).toBe('{"key": broken');
  });

  it('keeps a value that is user text as text', () => {
    const withMarkup = storeReason(message('failure.imageMissing', { url: '{{url}} $t(failure.internal) <b>' }));
    expect(readReason('en', withMarkup)).toBe("The image {{url}} $t(failure.internal) <b> is missing from this server's uploads");
  });
});

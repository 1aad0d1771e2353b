import { describe, expect, it, vi } from 'vitest';
import { ERROR_LOG_FIELD_LIMITS } from '../../contract/schemas/errorLog';
import { boundedEntry } from '../../src/services/api/errorLog';
import { createErrorLog } from '../../src/services/errorLog/errorLog';
import { renderErrorEntry, scriptErrorEntry } from '../../src/services/errorLog/globalHandlers';
import { listenForActivity } from '../../src/services/idle/activity';

const NOW = new Date('2026-11-21T12:00:00Z');

describe('idle detection', () => {
  it('reports pointer and keyboard input at most once per throttle window, and stops listening', () => {
    let time = 0;
    const onActivity = vi.fn();
    const stop = listenForActivity(window, onActivity, { throttleMs: 1_000, now: () => time });
    window.dispatchEvent(new Event('keydown'));
    window.dispatchEvent(new Event('pointermove'));
    expect(onActivity).toHaveBeenCalledTimes(1);
    time = 1_000;
    window.dispatchEvent(new Event('pointerdown'));
    expect(onActivity).toHaveBeenCalledTimes(2);
    stop();
    time = 5_000;
    window.dispatchEvent(new Event('keydown'));
    expect(onActivity).toHaveBeenCalledTimes(2);
  });
});

describe('error-log entries', () => {
  it('cuts every field to the size the server accepts', () => {
    const long = 'x'.repeat(20_000);
    const bounded = boundedEntry({
      type: 'script',
      message: long,
      url: long,
      name: long,
      file: long,
      stack: long,
      detail: long,
      time: long,
    });
    for (const [field, limit] of Object.entries(ERROR_LOG_FIELD_LIMITS)) expect(bounded[field as keyof typeof bounded]).toHaveLength(limit);
  });

  it('ignores the bare cross-origin "Script error." but keeps one with a source', () => {
    expect(scriptErrorEntry({ message: 'Script error.', filename: '', lineno: 0, colno: 0, error: null }, '/', NOW)).toBeNull();
    expect(
      scriptErrorEntry({ message: 'Script error.', filename: 'https://cdn.example/x.js', lineno: 1, colno: 2, error: null }, '/', NOW),
    ).toMatchObject({
      type: 'script',
      file: 'https://cdn.example/x.js:1:2',
      time: NOW.toISOString(),
    });
  });

  it('records a render error with its component stack as the detail', () => {
    const entry = renderErrorEntry(new RangeError('bad index'), '\n    at SitePage', '/site', NOW);
    expect(entry).toMatchObject({ type: 'vue', name: 'RangeError', message: 'bad index', detail: '\n    at SitePage', url: '/site' });
  });

  it('tells onAdded listeners about each new entry until they unsubscribe', () => {
    const log = createErrorLog(2);
    const added = vi.fn();
    const stop = log.onAdded(added);
    const entry = renderErrorEntry(new Error('one'), '', '/', NOW);
    log.add(entry);
    stop();
    log.add(entry);
    expect(added).toHaveBeenCalledTimes(1);
    expect(log.list()).toHaveLength(2);
  });
});

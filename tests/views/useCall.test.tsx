import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useCall, type CallHandlers } from '../../src/app/useCall';
import { failure } from '../machines/fixtures/accounts';

/** A call whose answer the test gives. */
function controlledCall() {
  let settle = { resolve: (_: { id: number }) => {}, reject: (_: unknown) => {} };
  const fn = vi.fn((input: string) => {
    void input;
    return new Promise<{ id: number }>((resolve, reject) => {
      settle = { resolve, reject };
    });
  });
  return {
    fn,
    resolve: (output: { id: number }) => act(async () => settle.resolve(output)),
    reject: (error: unknown) => act(async () => settle.reject(error)),
  };
}

describe('useCall', () => {
  it('runs the handlers of the latest render once when the call succeeds, and the view reads the result', async () => {
    const call = controlledCall();
    const first = vi.fn();
    const latest = vi.fn();
    const { result, rerender } = renderHook((handlers: CallHandlers<{ id: number }>) => useCall(call.fn, handlers), {
      initialProps: { onSucceeded: first },
    });

    act(() => result.current.submit('ada'));
    expect(call.fn).toHaveBeenCalledWith('ada');
    expect(result.current.state).toBe('submitting');
    rerender({ onSucceeded: latest });
    await call.resolve({ id: 7 });

    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledTimes(1);
    expect(latest).toHaveBeenCalledWith({ id: 7 });
    expect(result.current.state).toBe('succeeded');
    expect(result.current.result).toEqual({ id: 7 });

    act(() => result.current.submit('grace'));
    await call.resolve({ id: 8 });
    expect(latest).toHaveBeenCalledTimes(2);
    expect(latest).toHaveBeenLastCalledWith({ id: 8 });
  });

  it('runs onFailed with { code, msg } when the call fails, and nothing when the view is gone', async () => {
    const call = controlledCall();
    const onSucceeded = vi.fn();
    const onFailed = vi.fn();
    const { result, unmount } = renderHook(() => useCall(call.fn, { onSucceeded, onFailed }));

    act(() => result.current.submit('ada'));
    await call.reject(failure(100121));
    expect(onFailed).toHaveBeenCalledWith({ code: 100121, msg: 'failure 100121' });
    expect(onSucceeded).not.toHaveBeenCalled();
    expect(result.current.error).toEqual({ code: 100121, msg: 'failure 100121' });

    act(() => result.current.submit('ada'));
    unmount();
    await call.resolve({ id: 9 });
    expect(onSucceeded).not.toHaveBeenCalled();
    expect(onFailed).toHaveBeenCalledTimes(1);
  });
});

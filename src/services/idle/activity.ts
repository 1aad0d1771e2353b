import { IDLE_ACTIVITY_THROTTLE_MS } from '../../config/constants';

/** What counts as the user being there (spec §4: the screen locks after lockTime without input). */
export const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Calls `onActivity` on pointer or keyboard input in `target`, at most once per `throttleMs`
 * (moving the mouse fires many events). Returns the function that stops listening.
 */
export function listenForActivity(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  onActivity: () => void,
  { throttleMs = IDLE_ACTIVITY_THROTTLE_MS, now = Date.now }: { throttleMs?: number; now?: () => number } = {},
): () => void {
  let last = Number.NEGATIVE_INFINITY;
  const listener = () => {
    const time = now();
    if (time - last < throttleMs) return;
    last = time;
    onActivity();
  };
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, listener, { capture: true, passive: true });
  return () => {
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, listener, { capture: true });
  };
}

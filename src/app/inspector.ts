import type { InspectionEvent } from 'xstate';

/**
 * The Stately inspector, in development only and when asked for (`VITE_XSTATE_INSPECT=1 npm run
 * dev`). It loads by dynamic import, so none of it reaches the production bundle; events from
 * before it loaded are replayed to it.
 */
export function devInspector(): ((event: InspectionEvent) => void) | undefined {
  if (!(import.meta.env.DEV && import.meta.env.VITE_XSTATE_INSPECT === '1')) return undefined;
  const early: InspectionEvent[] = [];
  let forward: ((event: InspectionEvent) => void) | null = null;
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    const inspector = createBrowserInspector();
    forward = (event) => inspector.inspect.next?.(event);
    for (const event of early.splice(0)) forward(event);
  });
  return (event) => {
    if (forward) forward(event);
    else early.push(event);
  };
}

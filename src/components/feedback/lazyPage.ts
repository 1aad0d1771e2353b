import { createElement, lazy, useMemo, useSyncExternalStore, type ComponentType } from 'react';

/**
 * Lazy pages that can be loaded again. React remembers a failed `lazy()` import forever, so a
 * "retry" after a failed chunk load would fail again; here every page made with `lazyPage` makes a
 * new `lazy()` after `retryLazyPages()` (the error boundary's retry calls it).
 */
let attempt = 0;
const listeners = new Set<() => void>();

export function retryLazyPages(): void {
  attempt += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Whether `error` is a failed dynamic import (Vite's preload error, or the browser's own). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS/i.test(
    message,
  );
}

export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const loaded = new Map<number, ComponentType<P>>();
  function LazyPage(props: P) {
    const current = useSyncExternalStore(
      subscribe,
      () => attempt,
      () => attempt,
    );
    const Page = useMemo(() => {
      let page = loaded.get(current);
      if (!page) {
        page = lazy(load);
        loaded.set(current, page);
      }
      return page;
    }, [current]);
    return createElement(Page, props);
  }
  return LazyPage;
}

// What Chakra UI v3 and the console expect from a browser, which jsdom lacks.
import { afterAll, afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { toastsWanted } from '../../src/components/feedback/toaster';

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver });
  Object.assign(globalThis, { ResizeObserver });
}
window.scrollTo = () => {};
Element.prototype.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};

// How long a test waits for what a person waits for (a text, a dialog, a state) before it fails.
// Generous and set once: on a loaded machine (CI's two cores beside another suite) a page's first
// render can take many seconds, and a wait that never comes still fails.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => cleanup());

// The toasts are one store for all the files a worker runs (they share modules), and a toast whose
// list was unmounted never times out: left there, it shows in a later file at the store's next
// change (a click's focus resumes the toasts). Each test starts without the last one's.
afterEach(async () => {
  if (toastsWanted.get()) (await import('../../src/components/feedback/toasterStore')).toasterStore.remove();
});

// A finished progress bar (nprogress) fades out on two timers of its speed (200 ms): let them run
// while this file's window still exists, rather than after it is gone.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 2 * 200 + 50)));

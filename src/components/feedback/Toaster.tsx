import { Suspense, useSyncExternalStore } from 'react';
import { lazyPage } from './lazyPage';
import { toastsWanted } from './toaster';

// Loaded ahead after sign-in with the pages (lazyPage), so that the first toast shows at once.
const ToastList = lazyPage(() => import('./ToastList'));

/** Draws the toasts created through `toaster`, from the first one on (the list is its own chunk). */
export function Toaster() {
  const wanted = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.get, toastsWanted.get);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  );
}
